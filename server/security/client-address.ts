/**
 * The address a request came from, for per-address limits. Next.js route handlers never see the
 * socket; what they get is X-Forwarded-For, which Next.js fills with the socket address only when
 * the client sent none. So:
 * - with no trusted proxy (the default) the header's first entry is used: the real address for
 *   every browser, but a client talking to Next.js directly can put anything there. Per-address
 *   limits are then best effort; the per-account limit does not depend on the address.
 * - with N trusted proxies, each appended the address it saw, so the N-th entry from the right is
 *   the client as the outermost trusted proxy saw it; entries further left are the client's own
 *   claims and are ignored. X-Real-IP (set by nginx) is used when X-Forwarded-For is missing.
 */

const MAX_ADDRESS_CHARS = 64;

function normalize(value: string | undefined | null): string | null {
  const address = value?.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
  if (!address) return null;
  return address.slice(0, MAX_ADDRESS_CHARS);
}

/** The client's address as far as the configured proxies can be trusted, or null when unknown. */
export function clientAddress(headers: Headers, trustedProxies: number): string | null {
  const forwarded = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (trustedProxies <= 0) return normalize(forwarded[0]);
  if (forwarded.length === 0) return normalize(headers.get("x-real-ip"));
  // Fewer entries than proxies: the request skipped a proxy; the leftmost entry is the best we have.
  return normalize(forwarded[Math.max(0, forwarded.length - trustedProxies)]);
}
