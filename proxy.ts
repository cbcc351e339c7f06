// Runs before every page: gives the page a fresh CSP nonce. The policy goes on the request (where
// Next.js reads the nonce for its own scripts) and on the response (where the browser enforces it).
// API routes and static files are left out: they render no scripts, and next.config.js gives them
// their headers (a proxy on API routes would also buffer upload bodies).
import { NextResponse, type NextRequest } from "next/server";
import { newNonce, pagePolicy } from "./server/security/content-security-policy";
import { env } from "./server/env.js";

/** Adds the page's Content-Security-Policy with a per-request nonce. */
export function proxy(request: NextRequest) {
  const policy = pagePolicy(newNonce(), env().NODE_ENV === "development");
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("content-security-policy", policy);
  return response;
}

export const config = {
  matcher: ["/((?!api/|_next/static/|_next/image|favicon.ico).*)"],
};
