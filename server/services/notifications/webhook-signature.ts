/**
 * The webhook signature: `X-Verdant-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`
 * with the subscription's secret. The time is inside the signed text so a receiver can refuse an old
 * request replayed later; the comparison is constant-time.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

/** The header carrying the signature. */
export const SIGNATURE_HEADER = "X-Verdant-Signature";

/** The header value for `body` sent at `atMs`. */
export function signWebhook(secret: string, body: string, atMs: number): string {
  const t = Math.floor(atMs / 1000);
  return `t=${t},v1=${createHmac("sha256", secret).update(`${t}.${body}`).digest("hex")}`;
}

/**
 * Whether `header` signs `body` with `secret` and is at most `toleranceS` old at `nowMs` (what a
 * receiver checks; docs/notifications.md shows the same in a few lines).
 */
export function verifyWebhook(secret: string, body: string, header: string | null | undefined, nowMs: number, toleranceS = 300): boolean {
  const parts = Object.fromEntries((header ?? "").split(",").map((p) => p.split("=", 2) as [string, string]));
  const t = Number(parts.t);
  if (!parts.v1 || !Number.isInteger(t) || Math.abs(nowMs / 1000 - t) > toleranceS) return false;
  const expected = Buffer.from(createHmac("sha256", secret).update(`${t}.${body}`).digest("hex"));
  const given = Buffer.from(parts.v1);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
