/** Builds the tRPC context of a web request: database, the signed-in user (from the cookie), clock. */
import { db, type Db } from "../db/client";
import { cookieSessionStore, readSessionClaim, requestSessionStore, type CookieSettings } from "../auth/cookie-session";
import { findUserForSession } from "../repositories/user-repository";
import { clientAddress } from "../security/client-address";
import type { Context } from "./trpc";

/** Context for the current Next.js request (server components and route handlers), via next/headers. */
export async function createRequestContext(): Promise<Context> {
  const database = db();
  const claim = await readSessionClaim();
  const user = claim ? await findUserForSession(database, claim) : null;
  return { db: database, user, session: cookieSessionStore, now: () => new Date() };
}

/** What an HTTP context needs besides the request. */
export interface HttpContextDeps {
  db: Db;
  cookie: CookieSettings;
  /** VERDANT_TRUSTED_PROXIES. */
  trustedProxies: number;
  now?: () => Date;
}

/**
 * Context for a fetch-style request (the tRPC endpoint): the cookie is read from `req` and written
 * into `resHeaders`, so this needs no Next.js request scope.
 */
export async function createHttpContext(req: Request, resHeaders: Headers, deps: HttpContextDeps): Promise<Context> {
  const session = requestSessionStore(req, resHeaders, deps.cookie);
  const claim = await session.read();
  const user = claim ? await findUserForSession(deps.db, claim) : null;
  return { db: deps.db, user, session, now: deps.now ?? (() => new Date()), clientAddress: clientAddress(req.headers, deps.trustedProxies) };
}
