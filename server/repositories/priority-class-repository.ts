/** Priority class writes (audited) and reads: the classes with how many jobs use each. */
import type { Db } from "../db/client";
import type { PriorityClassForm } from "../schemas/priority-class-form";
import { recordAudit } from "./audit-repository";

/** Every class, highest priority first, with its queued and running jobs. */
export async function listPriorityClassesWithUsage(db: Db) {
  const [classes, usage] = await Promise.all([
    db.priorityClass.findMany({ orderBy: [{ priority: "desc" }, { name: "asc" }] }),
    db.job.groupBy({ by: ["priorityClassId"], where: { status: { in: ["QUEUED", "PLACED", "RUNNING"] } }, _count: { _all: true } }),
  ]);
  return classes.map((c) => ({ ...c, activeJobs: usage.find((u) => u.priorityClassId === c.id)?._count._all ?? 0 }));
}

/** The classes a job may be submitted into (all of them), highest first. */
export function listPriorityClassChoices(db: Db) {
  return db.priorityClass.findMany({
    orderBy: [{ priority: "desc" }, { name: "asc" }],
    select: { id: true, name: true, priority: true, canPreempt: true, preemptible: true, isDefault: true, description: true },
  });
}

/** A class by id, or the default class when no id is given; null when there is none. */
export function findPriorityClass(db: Db, id: string | null | undefined) {
  return id ? db.priorityClass.findUnique({ where: { id } }) : db.priorityClass.findFirst({ where: { isDefault: true }, orderBy: { name: "asc" } });
}

/** Why a class write was refused. */
export type PriorityClassRefusal = "missing" | "last-default";

/**
 * Creates or updates a class in one transaction: making it the default clears the flag elsewhere
 * (exactly one default), the only default cannot stop being one, and a new priority is copied to the
 * class's unfinished jobs (the queue orders on Job.priority). Audited.
 */
export async function savePriorityClass(db: Db, form: PriorityClassForm, actorId: string, at: Date) {
  return db.$transaction(async (tx) => {
    const { id, ...data } = form;
    const before = id ? await tx.priorityClass.findUnique({ where: { id } }) : null;
    if (id && !before) return { ok: false as const, reason: "missing" as PriorityClassRefusal };
    if (before?.isDefault && !data.isDefault) return { ok: false as const, reason: "last-default" as PriorityClassRefusal };
    if (data.isDefault) await tx.priorityClass.updateMany({ where: { isDefault: true, ...(id ? { id: { not: id } } : {}) }, data: { isDefault: false } });
    const after = id ? await tx.priorityClass.update({ where: { id }, data }) : await tx.priorityClass.create({ data });
    if (before && before.priority !== after.priority)
      await tx.job.updateMany({ where: { priorityClassId: after.id, status: { in: ["QUEUED", "PLACED", "RUNNING"] } }, data: { priority: after.priority } });
    await recordAudit(tx, {
      actorId,
      action: id ? "priority-class.update" : "priority-class.create",
      entityType: "PriorityClass",
      entityId: after.id,
      ...(before ? { before } : {}),
      after,
      at,
    });
    return { ok: true as const, value: after };
  });
}
