// The bearer token /api/metrics requires when VERDANT_METRICS_TOKEN is not set: generated once into
// the data folder (readable by its owner only), where Prometheus can read it as a credentials_file.
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** The token file inside the data folder. */
export const metricsTokenFile = (dataDir: string) => join(dataDir, "metrics-token");

/**
 * The metrics token to run with: the configured one, else the one in `<dataDir>/metrics-token`
 * (created on first use). Undefined when metrics are public and no token is configured.
 */
export function metricsToken(dataDir: string, env: { VERDANT_METRICS_TOKEN?: string; VERDANT_METRICS_PUBLIC: "true" | "false" }): string | undefined {
  if (env.VERDANT_METRICS_TOKEN) return env.VERDANT_METRICS_TOKEN;
  if (env.VERDANT_METRICS_PUBLIC === "true") return undefined;
  const file = metricsTokenFile(dataDir);
  if (existsSync(file)) {
    const stored = readFileSync(file, "utf8").trim();
    if (stored.length >= 16) return stored;
  }
  const token = randomBytes(24).toString("base64url");
  writeFileSync(file, token, { mode: 0o600 });
  return token;
}
