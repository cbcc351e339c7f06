/**
 * Reads everything one scheduling cycle decides on: clusters with nodes, GPUs and the shares held on
 * them, jobs holding resources, the GPU catalog, tenant quotas and usage, carbon samples around now,
 * and the queue. Plain rows; server/services/fleet-snapshot.ts maps them to the engine's types.
 */
import type { Db } from "../db/client";

/**
 * The inventory and allocation of every cluster in the fleet. Retired clusters are left out: they are
 * no placement candidates at all (not candidates rejected for their status), so no explanation names them.
 */
export function findClustersWithAllocation(db: Db) {
  return db.cluster.findMany({
    where: { status: { not: "RETIRED" } },
    orderBy: { name: "asc" },
    include: {
      nodes: {
        orderBy: { name: "asc" },
        include: { gpus: { orderBy: { index: "asc" }, include: { shares: { select: { jobId: true, milli: true } } } } },
      },
      // Whether its driver can resize a running job (an elastic victim may then shed members).
      connection: { select: { driver: true } },
    },
  });
}

export type ClusterWithAllocation = Awaited<ReturnType<typeof findClustersWithAllocation>>[number];

/** Jobs that hold resources now (placed or running), with the latest decision (start and end). */
export function findJobsHoldingResources(db: Db) {
  return db.job.findMany({
    where: { status: { in: ["PLACED", "RUNNING"] } },
    select: {
      id: true,
      tenantId: true,
      cpuMilli: true,
      memoryMib: true,
      gpuCount: true,
      gpuMilli: true,
      gangSize: true,
      estimatedDurationS: true,
      startedAt: true,
      placedAt: true,
      status: true,
      // What preemption needs: the class, the last checkpoint and any borrowed quota.
      priority: true,
      priorityClass: { select: { priority: true, preemptible: true } },
      checkpointedWorkS: true,
      lastCheckpointAt: true,
      borrowedGpus: true,
      minMembers: true,
      // The placement: where, from when, and whether it was a backfill (its overrun may be taken back by the reservation).
      decisions: {
        orderBy: { createdAt: "desc" },
        take: 1,
        select: { clusterId: true, assignments: true, startAt: true, backfilled: true, explanation: false },
      },
    },
  });
}

/** Queued jobs in scheduling order: priority, then first come first served; a job backing off after a failed run waits until `now` passes its notBeforeAt. */
export function findQueuedJobs(db: Db, limit: number, now?: Date, reconsiderDeferredMs?: number) {
  // A job deferred to a later start and decided within `reconsiderDeferredMs` sits the cycle out, so it
  // must not take one of the `limit` places: past `limit` such jobs, newer ones were never decided.
  const deferred =
    now && reconsiderDeferredMs
      ? {
          OR: [
            { reservation: { isNot: null } },
            { decisions: { none: { outcome: "DEFERRED" as const, startAt: { gt: now }, lastSeenAt: { gt: new Date(now.getTime() - reconsiderDeferredMs) } } } },
          ],
        }
      : {};
  return db.job.findMany({
    where: { status: "QUEUED", AND: [now ? { OR: [{ notBeforeAt: null }, { notBeforeAt: { lte: now } }] } : {}, deferred] },
    orderBy: [{ priority: "desc" }, { submittedAt: "asc" }, { id: "asc" }],
    take: limit,
    include: {
      tenant: { select: { slug: true } },
      priorityClass: { select: { name: true, canPreempt: true } },
      decisions: { orderBy: { createdAt: "desc" }, take: 1, select: { outcome: true, startAt: true, createdAt: true, lastSeenAt: true } },
    },
  });
}

export type QueuedJobRow = Awaited<ReturnType<typeof findQueuedJobs>>[number];

/** Carbon samples of every zone between two instants; measured first, then the latest forecast. */
export function findCarbonSamples(db: Db, fromAt: Date, toAt: Date) {
  return db.carbonIntensitySample.findMany({
    where: { at: { gte: fromAt, lt: toAt } },
    orderBy: [{ zoneId: "asc" }, { at: "asc" }, { kind: "asc" }, { forecastIssuedAt: "desc" }],
  });
}

/** Zones with their static annual average (the fallback when no sample covers an hour). */
export function findZones(db: Db) {
  return db.gridZone.findMany();
}

/** The catalog, quotas and the active placement policy. */
export async function findSchedulingContext(db: Db) {
  const [gpuModels, tenants, policy] = await Promise.all([
    db.gpuModel.findMany(),
    db.tenant.findMany({ include: { quota: true, gpuQuotas: true } }),
    db.policy.findFirst({ where: { active: true }, orderBy: { version: "desc" } }),
  ]);
  return { gpuModels, tenants, policy };
}

/** Shapes of recent jobs (the target workload FGD measures fragmentation against). */
export function findRecentJobShapes(db: Db, limit: number) {
  return db.job.findMany({ orderBy: { submittedAt: "desc" }, take: limit, select: { cpuMilli: true, gpuCount: true, gpuMilli: true, allowedGpuModels: true } });
}

/** Emissions (gCO2e) per tenant of jobs placed since `since` (the carbon budget's month so far). */
export function findTenantEmissionsSince(db: Db, since: Date) {
  return db.job.groupBy({
    by: ["tenantId"],
    where: { placedAt: { gte: since }, status: { in: ["PLACED", "RUNNING", "SUCCEEDED", "FAILED", "CANCELLED"] } },
    _sum: { emissionsGCo2e: true },
  });
}

/** One measured sample as `findMeasuredHistory` returns it. */
export type MeasuredSample = Awaited<ReturnType<typeof findMeasuredHistory>>[number];

/** Measured samples of some zones in [fromAt, toAt), oldest first (the forecaster's history). */
export function findMeasuredHistory(db: Db, zoneIds: string[], fromAt: Date, toAt: Date) {
  return db.carbonIntensitySample.findMany({
    where: { zoneId: { in: zoneIds }, kind: "MEASURED", at: { gte: fromAt, lt: toAt } },
    orderBy: [{ zoneId: "asc" }, { at: "asc" }],
    select: { zoneId: true, at: true, gCo2ePerKwh: true, signalType: true },
  });
}
