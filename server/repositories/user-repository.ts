/** Users and their tenants. */
import type { Db } from "../db/client";
import type { SessionUser } from "../auth/session-user";

/** The active user with this id, shaped for the session, or null when missing or disabled. */
export async function findSessionUser(db: Db, id: string): Promise<SessionUser | null> {
  const user = await db.user.findUnique({ where: { id }, include: { tenant: { select: { name: true } } } });
  if (!user || user.disabledAt) return null;
  return { id: user.id, email: user.email, name: user.name, role: user.role, tenantId: user.tenantId, tenantName: user.tenant?.name ?? null };
}

/** The user with this e-mail (case-insensitive) including its password hash. */
export async function findUserForSignIn(db: Db, email: string) {
  return db.user.findFirst({ where: { email: { equals: email, mode: "insensitive" } } });
}
