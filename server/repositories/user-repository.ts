/** Users and their tenants. */
import type { Db } from "../db/client";
import type { SessionUser } from "../auth/session-user";

const withTenantName = { tenant: { select: { name: true } } } as const;

interface UserRow {
  id: string;
  email: string;
  name: string;
  role: SessionUser["role"];
  tenantId: string | null;
  tenant: { name: string } | null;
  timeZone?: string | null;
}

const toSessionUser = (user: UserRow): SessionUser => ({
  id: user.id,
  email: user.email,
  name: user.name,
  role: user.role,
  tenantId: user.tenantId,
  tenantName: user.tenant?.name ?? null,
  timeZone: user.timeZone ?? null,
});

/** The active user with this id, shaped for the session, or null when missing or disabled. */
export async function findSessionUser(db: Db, id: string): Promise<SessionUser | null> {
  const user = await db.user.findUnique({ where: { id }, include: withTenantName });
  if (!user || user.disabledAt) return null;
  return toSessionUser(user);
}

/**
 * The user a session cookie stands for: null when the user is missing or disabled, or when the
 * cookie's session version is not the user's current one (the session was ended since).
 */
export async function findUserForSession(db: Db, claim: { userId: string; sessionVersion: number }): Promise<SessionUser | null> {
  const user = await db.user.findUnique({ where: { id: claim.userId }, include: withTenantName });
  if (!user || user.disabledAt || user.sessionVersion !== claim.sessionVersion) return null;
  return toSessionUser(user);
}

/** The user with this e-mail (case-insensitive) including its password hash, session version and tenant name. */
export async function findUserForSignIn(db: Db, email: string) {
  const user = await db.user.findFirst({ where: { email: { equals: email, mode: "insensitive" } }, include: withTenantName });
  return user ? { ...user, sessionUser: toSessionUser(user) } : null;
}

/** Ends every session of the user: cookies carrying the old version stop working on their next request. */
export async function endUserSessions(db: Db, id: string): Promise<void> {
  await db.user.update({ where: { id }, data: { sessionVersion: { increment: 1 } }, select: { id: true } });
}

/** Stores the user's display time zone (null follows the browser) and returns the stored value. */
export async function updateUserTimeZone(db: Db, id: string, timeZone: string | null): Promise<{ timeZone: string | null }> {
  return db.user.update({ where: { id }, data: { timeZone }, select: { timeZone: true } });
}
