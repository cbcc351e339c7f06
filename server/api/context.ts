/** Builds the tRPC context of a web request: database, the signed-in user (from the cookie), clock. */
import { db } from "../db/client";
import { cookieSessionStore, readSessionUserId } from "../auth/cookie-session";
import { findSessionUser } from "../repositories/user-repository";
import type { Context } from "./trpc";

/** Context for the current Next.js request (route handler or server component). */
export async function createRequestContext(): Promise<Context> {
  const database = db();
  const userId = await readSessionUserId();
  const user = userId ? await findSessionUser(database, userId) : null;
  return { db: database, user, session: cookieSessionStore, now: () => new Date() };
}
