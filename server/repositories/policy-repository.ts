/** Placement policy versions and the audit entries their changes leave. */
import type { Db } from "../db/client";
import type { Prisma } from "../db/generated/client";

/** A policy's stored weights or constraints, as the database accepts them. */
export type PolicyJson = Prisma.InputJsonValue;

/** The active policy version, or null. */
export function findActivePolicy(db: Db) {
  return db.policy.findFirst({ where: { active: true }, orderBy: { version: "desc" }, include: { createdBy: { select: { name: true } } } });
}

/** Every version of a policy, newest first. */
export function listPolicyVersions(db: Db, name: string) {
  return db.policy.findMany({ where: { name }, orderBy: { version: "desc" }, include: { createdBy: { select: { name: true } } } });
}

/**
 * Saves a new active version: the previous one is deactivated, the new one created with version + 1,
 * and the change audited with before/after, all in one transaction. The unique (name, version) index
 * turns two admins saving at once into one success and one conflict, never two "version 3"s.
 */
export async function insertPolicyVersion(
  db: Db,
  input: {
    name: string;
    objectiveWeights: Prisma.InputJsonValue;
    constraints: Prisma.InputJsonValue;
    note: string | null;
    actorId: string;
    at: Date;
    /** What the audit entry calls the change ("policy.save" unless told, "policy.rollback" for a rollback). */
    action?: string;
    /** Extra facts for the audit entry's "after" (e.g. the version rolled back to). */
    auditAfter?: Record<string, Prisma.InputJsonValue>;
  },
) {
  return db.$transaction(async (tx) => {
    const previous = await tx.policy.findFirst({ where: { name: input.name }, orderBy: { version: "desc" } });
    await tx.policy.updateMany({ where: { active: true }, data: { active: false } });
    const created = await tx.policy.create({
      data: {
        name: input.name,
        version: (previous?.version ?? 0) + 1,
        objectiveWeights: input.objectiveWeights,
        constraints: input.constraints,
        note: input.note,
        active: true,
        createdById: input.actorId,
        createdAt: input.at,
      },
    });
    await tx.auditLog.create({
      data: {
        actorId: input.actorId,
        action: input.action ?? "policy.save",
        entityType: "Policy",
        entityId: created.id,
        before: previous
          ? {
              version: previous.version,
              objectiveWeights: previous.objectiveWeights as Prisma.InputJsonValue,
              constraints: previous.constraints as Prisma.InputJsonValue,
            }
          : undefined,
        after: { version: created.version, objectiveWeights: input.objectiveWeights, constraints: input.constraints, note: input.note, ...input.auditAfter },
        at: input.at,
      },
    });
    return created;
  });
}

/** One version of a policy by its number, or null. */
export function findPolicyVersion(db: Db, name: string, version: number) {
  return db.policy.findUnique({ where: { name_version: { name, version } } });
}

/** The jobs of the latest decisions (for the policy preview's what-if). */
export function findRecentlyDecidedJobs(db: Db, take: number) {
  return db.job.findMany({
    where: { decisions: { some: {} } },
    orderBy: { submittedAt: "desc" },
    take,
    include: {
      tenant: { select: { slug: true } },
      decisions: {
        orderBy: { createdAt: "desc" },
        take: 1,
        select: { outcome: true, startAt: true, createdAt: true, cluster: { select: { id: true, name: true } } },
      },
    },
  });
}
