/**
 * Priority classes: admins create and edit them (name, priority, may preempt, may be preempted, the
 * default, a description); every signed-in user reads them to submit jobs into one. The server checks
 * a submitted class exists (resolveSubmissionClass), so a job always carries a real class's priority.
 */
import type { Db } from "../db/client";
import type { SessionUser } from "../auth/session-user";
import type { PriorityClassForm } from "../schemas/priority-class-form";
import { findPriorityClass, listPriorityClassChoices, listPriorityClassesWithUsage, savePriorityClass } from "../repositories/priority-class-repository";
import { isUniqueViolation } from "../repositories/job-repository";
import { DomainError, fieldError } from "./errors";

/** Every class with its unfinished jobs (admin page). */
export function listPriorityClasses(db: Db) {
  return listPriorityClassesWithUsage(db);
}

/** The classes a job may be submitted into. */
export function priorityClassChoices(db: Db) {
  return listPriorityClassChoices(db);
}

/** Creates or edits a class; a taken name, an unknown class or dropping the only default is refused, naming the field. */
export async function upsertPriorityClass(db: Db, user: SessionUser, form: PriorityClassForm, now: Date) {
  try {
    const result = await savePriorityClass(db, form, user.id, now);
    if (result.ok) return result.value;
    if (result.reason === "missing") throw new DomainError("NOT_FOUND", `No priority class "${form.id}".`);
    throw fieldError("isDefault", "One class must be the default: make another class the default instead.");
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError("name", `A priority class "${form.name}" already exists.`);
    throw error;
  }
}

/** The class a job is submitted into: the named one (it must exist), else the default class. */
export async function resolveSubmissionClass(db: Db, id: string | null | undefined) {
  const cls = await findPriorityClass(db, id);
  if (!cls && id) throw fieldError("priorityClassId", `No priority class "${id}": choose one of the listed classes.`);
  return cls;
}
