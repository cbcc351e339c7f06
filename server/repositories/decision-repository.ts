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
  return db.decision.findMany({ where: { jobId }, orderBy: { createdAt: "desc" }, select: { id: true, outcome: true, createdAt: true, startAt: true, cluster: { select: { name: true } } } });
}
