/**
 * Sessions in a sealed, HTTP-only cookie (iron-session: encrypted and signed with SESSION_SECRET).
 * The cookie holds the user id and the user's session version at sign-in. Each request re-reads the
 * user, role and version from the database; a cookie whose version is no longer the user's counts
 * as signed out. Sign-out, a password reset, a role or tenant change and disabling bump the version,
 * so they end every open session at once instead of when the cookie expires.
 */
import { getIronSession, type IronSession, type SessionOptions } from "iron-session";
import { cookies, headers } from "next/headers";
import { env, requireEnv } from "../env.js";
import type { SessionStore } from "./session-user";

interface SessionData {
  userId?: string;
  sessionVersion?: number;
  signedInAt?: number;
}

/** What a valid session cookie claims: who signed in, and with which session version. */
export interface SessionClaim {
  userId: string;
  sessionVersion: number;
}

/** How the cookie is sealed and sent. */
export interface CookieSettings {
  /** SESSION_SECRET. */
  password: string;
  /** Mark the cookie Secure (HTTPS only). */
  secure: boolean;
}

const TWELVE_HOURS_S = 12 * 3600;
const COOKIE_NAME = "verdant_session";

function options(settings: CookieSettings): SessionOptions {
  return {
    password: settings.password,
    cookieName: COOKIE_NAME,
    ttl: TWELVE_HOURS_S,
    cookieOptions: { httpOnly: true, sameSite: "lax", secure: settings.secure, path: "/" },
  };
}

/**
 * Whether the request reached us over HTTPS: its own URL, or the scheme a TLS-terminating proxy
 * reports in X-Forwarded-Proto. A forged header only makes the client's own cookie Secure.
 */
export function cameOverHttps(requestHeaders: Headers, url?: string): boolean {
  if (url?.startsWith("https:")) return true;
  return requestHeaders.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase() === "https";
}

/** Cookie settings for a request: Secure when SESSION_COOKIE_SECURE says so or the request came over HTTPS. */
export function cookieSettingsFor(requestHeaders: Headers, url?: string): CookieSettings {
  return { password: requireEnv("SESSION_SECRET"), secure: env().SESSION_COOKIE_SECURE === "true" || cameOverHttps(requestHeaders, url) };
}

function claimOf(data: SessionData): SessionClaim | null {
  // Cookies sealed before versions existed carry none and count as signed out.
  if (typeof data.userId !== "string" || typeof data.sessionVersion !== "number") return null;
  return { userId: data.userId, sessionVersion: data.sessionVersion };
}

function storeOver(open: () => Promise<IronSession<SessionData>>): SessionStore & { read(): Promise<SessionClaim | null> } {
  return {
    async read() {
      return claimOf(await open());
    },
    async signIn(userId, sessionVersion) {
      const s = await open();
      s.userId = userId;
      s.sessionVersion = sessionVersion;
      s.signedInAt = Math.floor(Date.now() / 1000);
      await s.save();
    },
    async signOut() {
      (await open()).destroy();
    },
  };
}

/**
 * The session of a fetch-style request: reads the cookie from `req`, writes Set-Cookie into
 * `resHeaders` (the tRPC fetch adapter copies them onto its response). Needs no Next.js request
 * scope, so the HTTP handler works the same in tests.
 */
export function requestSessionStore(req: Request, resHeaders: Headers, settings: CookieSettings) {
  // iron-session writes a fetch Response's cookies through `headers.append`, all it touches here.
  const res = { headers: resHeaders } as unknown as Response;
  let session: Promise<IronSession<SessionData>> | undefined;
  return storeOver(() => (session ??= getIronSession<SessionData>(req, res, options(settings))));
}

/** The session of the current Next.js request (server components and route handlers), via next/headers. */
async function nextSession() {
  return getIronSession<SessionData>(await cookies(), options(cookieSettingsFor(await headers())));
}

/** The current Next.js request's session cookie. */
export const cookieSessionStore = storeOver(nextSession);

/** What the current Next.js request's cookie claims, or null. */
export function readSessionClaim(): Promise<SessionClaim | null> {
  return cookieSessionStore.read();
}
