/**
 * User administration writes. Each change runs in one transaction that first locks the active admins'
 * rows, so two admins demoting each other at the same moment cannot both succeed and leave no admin;
 * the caller's guard sees the locked state and may refuse (throwing rolls everything back).
 */
import type { Db } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { recordAudit } from "./audit-repository";

type Tx = Prisma.TransactionClient;
type Role = "ADMIN" | "OPERATOR" | "TENANT_MEMBER";

/** What the audit log and the guards see of a user (never the password hash). */
export interface UserView {
  id: string;
  email: string;
  name: string;
  role: Role;
  tenantId: string | null;
  disabled: boolean;
  jobs: number;
}

/** Every user with their tenant and how many jobs they submitted. */
export function listUsers(db: Db) {
  return db.user.findMany({
    orderBy: [{ role: "asc" }, { email: "asc" }],
    select: {
      id: true,
      email: true,
      name: true,
      role: true,
      tenantId: true,
      disabledAt: true,
      createdAt: true,
      tenant: { select: { name: true } },
      _count: { select: { jobs: true } },
    },
  });
}

async function lockedState(tx: Tx, id: string): Promise<{ user: UserView | null; activeAdminIds: string[] }> {
  const admins = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "User" WHERE role = 'ADMIN' AND "disabledAt" IS NULL ORDER BY id FOR UPDATE`;
  const row = await tx.user.findUnique({
    where: { id },
    select: { id: true, email: true, name: true, role: true, tenantId: true, disabledAt: true, _count: { select: { jobs: true } } },
  });
  const user = row
    ? { id: row.id, email: row.email, name: row.name, role: row.role, tenantId: row.tenantId, disabled: row.disabledAt !== null, jobs: row._count.jobs }
    : null;
  return { user, activeAdminIds: admins.map((a) => a.id) };
}

const audited = ({ jobs: _jobs, ...rest }: UserView) => rest;

export interface Change {
  actorId: string;
  at: Date;
  /** Throws to refuse; gets the target (null when missing) and the ids of every active admin, locked. */
  guard: (user: UserView | null, activeAdminIds: string[]) => asserts user is UserView;
  /** Whether the change ends the user's open sessions (bumps their session version), judged on the state before it. */
  endsSessions?: (before: UserView) => boolean;
}

export async function insertUser(
  db: Db,
  data: { email: string; name: string; role: Role; tenantId: string | null; passwordHash: string },
  actorId: string,
  at: Date,
) {
  return db.$transaction(async (tx) => {
    const created = await tx.user.create({ data: { ...data, createdAt: at } });
    await recordAudit(tx, {
      actorId,
      action: "user.create",
      entityType: "User",
      entityId: created.id,
      after: { email: created.email, name: created.name, role: created.role, tenantId: created.tenantId, disabled: false },
      at,
    });
    return created;
  });
}

/** Applies `data` to the user when the guard allows it; audits `action` with before/after. */
export async function updateUserGuarded(db: Db, id: string, data: Prisma.UserUncheckedUpdateInput, action: string, change: Change): Promise<UserView> {
  return db.$transaction(async (tx) => {
    const { user, activeAdminIds } = await lockedState(tx, id);
    change.guard(user, activeAdminIds);
    const ending = change.endsSessions?.(user) ? { sessionVersion: { increment: 1 } } : {};
    const row = await tx.user.update({
      where: { id },
      data: { ...data, ...ending },
      select: { id: true, email: true, name: true, role: true, tenantId: true, disabledAt: true },
    });
    const after: UserView = {
      id: row.id,
      email: row.email,
      name: row.name,
      role: row.role,
      tenantId: row.tenantId,
      disabled: row.disabledAt !== null,
      jobs: user.jobs,
    };
    // A password reset changes nothing visible: the entry says it happened, never the hash.
    await recordAudit(tx, {
      actorId: change.actorId,
      action,
      entityType: "User",
      entityId: id,
      before: audited(user),
      after: action === "user.reset-password" ? { ...audited(after), passwordReset: true } : audited(after),
      at: change.at,
    });
    return after;
  });
}

/** Deletes the user when the guard allows it; audits what was removed. */
export async function deleteUserGuarded(db: Db, id: string, change: Change): Promise<UserView> {
  return db.$transaction(async (tx) => {
    const { user, activeAdminIds } = await lockedState(tx, id);
    change.guard(user, activeAdminIds);
    await tx.user.delete({ where: { id } });
    await recordAudit(tx, { actorId: change.actorId, action: "user.delete", entityType: "User", entityId: id, before: audited(user), at: change.at });
    return user;
  });
}
