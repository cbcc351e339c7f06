/** What the fair-share queue order reads: recent GPU use per tenant and the tenants' weights. */
import type { Db } from "../db/client";

/**
 * Stretches of GPU use that end after `since`: started jobs from their start to their finish (or now
 * while running), in whole-GPU equivalents (shares count fractionally, gangs per member).
 */
export async function findGpuUseSince(db: Db, since: Date, now: Date) {
  const rows = await db.job.findMany({
    where: { startedAt: { not: null, lte: now }, OR: [{ finishedAt: null }, { finishedAt: { gt: since } }] },
    select: { tenantId: true, gpuCount: true, gpuMilli: true, gangSize: true, startedAt: true, finishedAt: true, status: true },
  });
  return rows.map((j) => ({
    tenant: j.tenantId,
    gpus: (j.gpuCount * j.gpuMilli * j.gangSize) / 1000,
    startMs: j.startedAt!.getTime(),
    // A job that left without a finish time (cancelled while queued again, say) is counted up to its start only.
    endMs: j.finishedAt?.getTime() ?? (j.status === "RUNNING" || j.status === "PLACED" ? now.getTime() : j.startedAt!.getTime()),
  }));
}

/** Each tenant's fair-share weight (tenants without a quota row weigh 1). */
export async function findFairShareWeights(db: Db): Promise<Map<string, number>> {
  const rows = await db.tenantQuota.findMany({ select: { tenantId: true, fairShareWeight: true } });
  return new Map(rows.map((r) => [r.tenantId, r.fairShareWeight]));
}
