// tRPC callers acting as each demo role, through the same router and middleware as HTTP requests.
import { createCaller } from "../../../server/api/root";
import type { SessionStore, SessionUser } from "../../../server/auth/session-user";
import type { Db } from "../../../server/db/client";
import { findSessionUser } from "../../../server/repositories/user-repository";
import { SEED_NOW } from "./constants";

/** Records sign-in/sign-out instead of writing a cookie. */
export function memorySession(): SessionStore & { userId: string | null } {
  const store = {
    userId: null as string | null,
    async signIn(id: string) {
      store.userId = id;
    },
    async signOut() {
      store.userId = null;
    },
  };
  return store;
}

/** Demo user ids (deterministic in the seed). */
export const demoUserIds = {
  admin: "user-admin",
  operator: "user-operator",
  aurora: "user-aurora-labs",
  borealis: "user-borealis-ai",
  cirrus: "user-cirrus-media",
} as const;

/** A caller signed in as the given demo user, or anonymous for null. */
export async function callerAs(db: Db, userId: string | null, now: Date = new Date(SEED_NOW.getTime() + 60_000)) {
  const user: SessionUser | null = userId ? await findSessionUser(db, userId) : null;
  if (userId && !user) throw new Error(`no user ${userId} in the test database`);
  return createCaller({ db, user, session: memorySession(), now: () => now });
}
