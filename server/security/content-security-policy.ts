/**
 * The Content-Security-Policy of every page. Scripts run only with the request's nonce (Next.js
 * puts it on its own bootstrap and chunk scripts when it finds the nonce in the request's policy
 * header) or when loaded by such a script ('strict-dynamic'). Styles allow inline attributes,
 * because charts (Recharts) and React set `style` on elements; nothing else is inline. No eval
 * in production; the development server needs it for React's error overlay.
 */

/** A fresh nonce: 16 random bytes, base64. */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}

/** The policy for one page response. */
export function pagePolicy(nonce: string, development: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${development ? " ws:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
