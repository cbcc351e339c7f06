/**
 * Cross-site request forgery guard for requests that change state: the page that sent the request
 * (its Origin header, or the origin of its Referer when a browser omits Origin) must be this site.
 * A cross-site form or script cannot forge either header, so a foreign page can no longer sign a
 * user out or change anything with the user's cookie. A request that names no page at all is
 * refused too: every browser sends Origin on a POST, so only scripts outside a browser lack it.
 */

function originOf(value: string | null): string | null {
  if (!value || value === "null") return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}

/** The hosts this request was addressed to: its Host header, a proxy's X-Forwarded-Host and its URL. */
function ownHosts(req: Request): string[] {
  const forwardedHost = req.headers.get("x-forwarded-host")?.split(",")[0]?.trim();
  return [req.headers.get("host"), forwardedHost, new URL(req.url).host].filter((host): host is string => !!host).map((host) => host.toLowerCase());
}

/**
 * Why the request must be refused as cross-site, or null when it comes from this site's own pages
 * (same host) or from one of `allowedOrigins`.
 */
export function crossSiteRefusal(req: Request, allowedOrigins: readonly string[] = []): string | null {
  const origin = originOf(req.headers.get("origin")) ?? originOf(req.headers.get("referer"));
  if (!origin) return "Refused: the request does not say which page sent it (no Origin or Referer header), so it could be a cross-site forgery.";
  if (ownHosts(req).includes(new URL(origin).host.toLowerCase())) return null;
  if (allowedOrigins.some((allowed) => originOf(allowed) === origin)) return null;
  return `Refused: a page on ${origin} may not change data on this site (cross-site request).`;
}
