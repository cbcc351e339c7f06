/** Placement decisions with their job, cluster and policy. */
import type { Db } from "../db/client";

/** One decision, or null; when `tenantId` is given, only a decision about that tenant's job. */
export function findDecision(db: Db, id: string, tenantId?: string) {
  return db.decision.findFirst({
    where: { id, ...(tenantId ? { job: { tenantId } } : {}) },
    include: {
      job: { select: { id: true, name: true, status: true, statusReason: true, tenant: { select: { name: true } } } },
      cluster: { select: { name: true } },
      policy: { select: { name: true, version: true } },
    },
  });
}

/** The decisions about one job, newest first. */
export function findJobDecisions(db: Db, jobId: string) {
  return db.decision.findMany({
    where: { jobId },
    orderBy: { createdAt: "desc" },
    select: { id: true, outcome: true, createdAt: true, startAt: true, cluster: { select: { name: true } } },
  });
}

/**
 * Deletes decisions last reached before `before`, in batches, keeping for every job its latest
 * decision and its latest placement (the runner, the cluster page and the savings report read the
 * placement's assignments, and a requeued job's newest row may be a later waiting decision). Nothing
 * references a decision by key, so no other row is touched. Returns how many were deleted.
 */
export async function deleteDecisionsBefore(db: Db, before: Date, batchSize = 5_000): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await db.$executeRaw`DELETE FROM "Decision" WHERE id IN (
        SELECT d.id FROM "Decision" d
        WHERE d."lastSeenAt" < ${before}
          AND d.id <> (SELECT l.id FROM "Decision" l WHERE l."jobId" = d."jobId" ORDER BY l."createdAt" DESC, l.id DESC LIMIT 1)
          AND d.id IS DISTINCT FROM (SELECT p.id FROM "Decision" p WHERE p."jobId" = d."jobId" AND p.outcome = 'PLACED' ORDER BY p."createdAt" DESC, p.id DESC LIMIT 1)
        LIMIT ${batchSize})`;
    total += deleted;
    if (deleted < batchSize) return total;
  }
}
