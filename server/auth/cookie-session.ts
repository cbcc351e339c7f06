/**
 * Sessions in a sealed, HTTP-only cookie (iron-session: encrypted and signed with SESSION_SECRET).
 * The cookie holds only the user id; the user and role are re-read from the database per request,
 * so disabling a user or changing a role takes effect at once.
 */
import { getIronSession, type SessionOptions } from "iron-session";
import { cookies } from "next/headers";
import { env, requireEnv } from "../env.js";
import type { SessionStore } from "./session-user";

interface SessionData {
  userId?: string;
  signedInAt?: number;
}

const TWELVE_HOURS_S = 12 * 3600;

function options(): SessionOptions {
  return {
    password: requireEnv("SESSION_SECRET"),
    cookieName: "verdant_session",
    ttl: TWELVE_HOURS_S,
    cookieOptions: { httpOnly: true, sameSite: "lax", secure: env().SESSION_COOKIE_SECURE === "true", path: "/" },
  };
}

async function session() {
  return getIronSession<SessionData>(await cookies(), options());
}

/** The signed-in user id from the request's cookie, or null. */
export async function readSessionUserId(): Promise<string | null> {
  return (await session()).userId ?? null;
}

/** A SessionStore that writes the cookie of the current request/response. */
export const cookieSessionStore: SessionStore = {
  async signIn(userId) {
    const s = await session();
    s.userId = userId;
    s.signedInAt = Math.floor(Date.now() / 1000);
    await s.save();
  },
  async signOut() {
    (await session()).destroy();
  },
};
