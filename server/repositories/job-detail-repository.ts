/** Reads behind the job page: the job with its class, reservation and latest decision, and names of the jobs and clusters it mentions. */
import type { Db } from "../db/client";

/** One job with its tenant, class, reservation (and its cluster) and latest decision. */
export function findJobForPage(db: Db, id: string) {
  return db.job.findUnique({
    where: { id },
    include: {
      tenant: { select: { name: true } },
      priorityClass: { select: { name: true } },
      reservation: { include: { cluster: { select: { name: true } } } },
      decisions: {
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        take: 1,
        select: { id: true, outcome: true, createdAt: true, backfilled: true, explanation: true },
      },
    },
  });
}

/** Names of some jobs; only one tenant's when `tenantId` is given (a member never learns other tenants' job names). */
export async function findJobNames(db: Db, ids: readonly string[], tenantId: string | null): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.job.findMany({ where: { id: { in: [...ids] }, ...(tenantId ? { tenantId } : {}) }, select: { id: true, name: true } });
  return new Map(rows.map((j) => [j.id, j.name]));
}

/** Names of some clusters by id. */
export async function findClusterNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.cluster.findMany({ where: { id: { in: [...ids] } }, select: { id: true, name: true } });
  return new Map(rows.map((c) => [c.id, c.name]));
}
