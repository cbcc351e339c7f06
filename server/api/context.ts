/** Builds the tRPC context of a web request: database, the signed-in user (from the cookie), clock. */
import { TRPCError } from "@trpc/server";
import { db, type Db } from "../db/client";
import { cookieSessionStore, readSessionClaim, requestSessionStore, type CookieSettings } from "../auth/cookie-session";
import { findUserForSession } from "../repositories/user-repository";
import { clientAddress } from "../security/client-address";
import { bearerCredential } from "../auth/api-token-secret";
import type { SessionStore } from "../auth/session-user";
import { authenticateApiToken } from "../services/api-token-service";
import { DomainError } from "../services/errors";
import type { Context } from "./trpc";

/** A token request has no cookie to start or end: signing in or out with a token changes nothing in any browser's cookie. */
const tokenSessionStore: SessionStore = {
  async signIn() {},
  async signOut() {},
};

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
 * into `resHeaders`, so this needs no Next.js request scope. A request that sends
 * `Authorization: Bearer vdt_…` acts as the token's user and its cookie is ignored; a bad token
 * answers 401 with why, rather than falling back to the cookie or to anonymous.
 */
export async function createHttpContext(req: Request, resHeaders: Headers, deps: HttpContextDeps): Promise<Context> {
  const now = deps.now ?? (() => new Date());
  const bearer = bearerCredential(req.headers);
  if (bearer) {
    if ("malformed" in bearer) throw new TRPCError({ code: "UNAUTHORIZED", message: bearer.malformed });
    const signedIn = await authenticateApiToken(deps.db, bearer.token, now()).catch((error: unknown) => {
      throw error instanceof DomainError ? new TRPCError({ code: "UNAUTHORIZED", message: error.message }) : error;
    });
    const clientAddressOf = clientAddress(req.headers, deps.trustedProxies);
    return { db: deps.db, user: signedIn.user, session: tokenSessionStore, now, clientAddress: clientAddressOf, apiTokenId: signedIn.tokenId };
  }
  const session = requestSessionStore(req, resHeaders, deps.cookie);
  const claim = await session.read();
  const user = claim ? await findUserForSession(deps.db, claim) : null;
  return { db: deps.db, user, session, now: deps.now ?? (() => new Date()), clientAddress: clientAddress(req.headers, deps.trustedProxies) };
}
