/**
 * User administration: create, change role or tenant, reset the password (bcrypt), disable, delete.
 * Two guards hold for every change: an admin cannot lock themselves out (own role, disable, delete),
 * and the last active admin cannot be demoted, disabled or deleted by anyone.
 */
import bcrypt from "bcryptjs";
import type { Db } from "../db/client";
import type { SessionUser } from "../auth/session-user";
import type { UserCreate, UserUpdate } from "../schemas/user-form";
import { isUniqueViolation } from "../repositories/job-repository";
import { tenantExists } from "../repositories/tenant-repository";
import { deleteUserGuarded, insertUser, listUsers, updateUserGuarded, type UserView } from "../repositories/user-admin-repository";
import { DomainError, fieldError } from "./errors";

/** bcrypt cost for admin-set passwords (the seed's default). */
const BCRYPT_ROUNDS = 10;

function mustExist(user: UserView | null): asserts user is UserView {
  if (!user) throw new DomainError("NOT_FOUND", "No such user.");
}

/** Refuses when the change would leave no active admin. */
function keepsAnAdmin(user: UserView, activeAdminIds: string[], verb: string) {
  if (user.role === "ADMIN" && !user.disabled && activeAdminIds.length <= 1 && activeAdminIds.includes(user.id)) {
    throw new DomainError("PRECONDITION_FAILED", `${user.email} is the last active admin; make another user an admin before you ${verb} them.`);
  }
}

function notSelf(actor: SessionUser, user: UserView, what: string) {
  if (actor.id === user.id) throw new DomainError("FORBIDDEN", `You cannot ${what} your own account; ask another admin.`);
}

async function assertTenantExists(db: Db, tenantId: string | null) {
  if (tenantId && !(await tenantExists(db, tenantId))) throw fieldError("tenantId", "No such tenant.");
}

/** Every user with their tenant's name and how many jobs they submitted, for the admin list. */
export async function listUsersForAdmin(db: Db) {
  return (await listUsers(db)).map(({ tenant, _count, ...u }) => ({ ...u, tenantName: tenant?.name ?? null, jobs: _count.jobs }));
}

export async function createUser(db: Db, actor: SessionUser, input: UserCreate, now: Date) {
  await assertTenantExists(db, input.tenantId);
  const passwordHash = await bcrypt.hash(input.password, BCRYPT_ROUNDS);
  try {
    const created = await insertUser(db, { email: input.email, name: input.name, role: input.role, tenantId: input.tenantId, passwordHash }, actor.id, now);
    return { id: created.id, email: created.email };
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError("email", `A user with the e-mail ${input.email} already exists.`);
    throw error;
  }
}

/** Name, role and tenant membership; a new role or tenant ends the user's open sessions (they sign in again). */
export async function updateUser(db: Db, actor: SessionUser, input: UserUpdate, now: Date) {
  await assertTenantExists(db, input.tenantId);
  return updateUserGuarded(db, input.id, { name: input.name, role: input.role, tenantId: input.tenantId }, "user.update", {
    actorId: actor.id,
    at: now,
    endsSessions: (before) => before.role !== input.role || before.tenantId !== input.tenantId,
    guard: (user, admins) => {
      mustExist(user);
      if (user.role !== input.role) {
        notSelf(actor, user, "change the role of");
        if (input.role !== "ADMIN") keepsAnAdmin(user, admins, "change the role of");
      }
    },
  });
}

/** Sets a new password and ends the user's open sessions, so whoever held the old one is signed out. */
export async function resetPassword(db: Db, actor: SessionUser, id: string, password: string, now: Date) {
  const passwordHash = await bcrypt.hash(password, BCRYPT_ROUNDS);
  return updateUserGuarded(db, id, { passwordHash }, "user.reset-password", { actorId: actor.id, at: now, guard: mustExist, endsSessions: () => true });
}

/** A disabled user cannot sign in and their open sessions end (enabling again does not revive them). */
export async function setUserDisabled(db: Db, actor: SessionUser, id: string, disabled: boolean, now: Date) {
  return updateUserGuarded(db, id, { disabledAt: disabled ? now : null }, disabled ? "user.disable" : "user.enable", {
    actorId: actor.id,
    at: now,
    endsSessions: () => disabled,
    guard: (user, admins) => {
      mustExist(user);
      if (disabled) {
        notSelf(actor, user, "disable");
        keepsAnAdmin(user, admins, "disable");
      }
    },
  });
}

/** Deletes a user who submitted no jobs (jobs keep their submitter); otherwise disable them. */
export async function deleteUser(db: Db, actor: SessionUser, id: string, now: Date) {
  const removed = await deleteUserGuarded(db, id, {
    actorId: actor.id,
    at: now,
    guard: (user, admins) => {
      mustExist(user);
      notSelf(actor, user, "delete");
      keepsAnAdmin(user, admins, "delete");
      if (user.jobs > 0)
        throw new DomainError("PRECONDITION_FAILED", `${user.email} submitted ${user.jobs} jobs, which keep their submitter; disable the account instead.`);
    },
  });
  return { id: removed.id };
}
