/**
 * Who may read /api/metrics: it names tenants and their queues, so it needs
 * `Authorization: Bearer <VERDANT_METRICS_TOKEN>` unless VERDANT_METRICS_PUBLIC=true opens it.
 */
import { createHash, timingSafeEqual } from "node:crypto";

/** The metrics settings from the environment. */
export interface MetricsAccessConfig {
  token: string | undefined;
  isPublic: boolean;
}

/** The verdict on one request. */
export type MetricsAccess = { allowed: true } | { allowed: false; status: 401 | 403; message: string };

// Hashing first gives both sides the same length, so the comparison time says nothing about the token.
const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();

/** Compares two secrets in constant time. */
export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/** Checks the Authorization header of a metrics request. */
export function checkMetricsAccess(authorization: string | null, config: MetricsAccessConfig): MetricsAccess {
  if (config.isPublic) return { allowed: true };
  if (!config.token) {
    return {
      allowed: false,
      status: 403,
      message:
        "Metrics are disabled: set VERDANT_METRICS_TOKEN (at least 16 characters) and send it as `Authorization: Bearer <token>`, or set VERDANT_METRICS_PUBLIC=true to serve them to anyone.",
    };
  }
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization ?? "");
  if (!match || !sameSecret(match[1]!, config.token)) {
    return { allowed: false, status: 401, message: "Metrics need `Authorization: Bearer <VERDANT_METRICS_TOKEN>`." };
  }
  return { allowed: true };
}
