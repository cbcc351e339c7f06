/**
 * Reads and writes of the control loop's job runner: cluster connections and inventories for the
 * drivers, active jobs with their stored assignments, intensity per hour for accounting, allocation
 * history for the baseline, cluster samples, and the accounting rows written when a job ends.
 */
import type { Db } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { splitSavingByCluster } from "../accounting/saving-split";

/** Every cluster (or the listed ones) with its connection (null = simulated), nodes and GPU model power figures. */
export function findClustersForDrivers(db: Db, ids?: string[]) {
  return db.cluster.findMany({
    where: ids ? { id: { in: ids } } : {},
    orderBy: { id: "asc" },
    select: {
      id: true,
      name: true,
      gridZoneId: true,
      pue: true,
      connection: { select: { driver: true, kubeconfig: true, namespacePrefix: true } },
      nodes: {
        orderBy: { name: "asc" },
        select: {
          name: true,
          cpuMilli: true,
          memoryMib: true,
          gpuModelId: true,
          gpuCount: true,
          labels: true,
          rackGroup: true,
          status: true,
          healthReason: true,
          removedAt: true,
          gpuModel: { select: { idleWatts: true, maxWatts: true } },
        },
      },
    },
  });
}

/**
 * Marks a cluster whose stored connection cannot be used (a kubeconfig the policy refuses, or one
 * that cannot be decrypted): it has no driver until fixed, so it counts as unreachable, with why.
 */
export async function recordConnectionRefused(db: Db, clusterId: string, at: Date, reason: string) {
  await db.$executeRaw`UPDATE "ClusterConnection" SET "lastSyncAt" = ${at}, "lastError" = ${reason}, "unreachableReason" = ${reason}, "unreachableSince" = COALESCE("unreachableSince", ${at}) WHERE "clusterId" = ${clusterId}`;
}

/** What a cluster's driver is built from, as one comparable key, plus its stored reachability. */
export interface DriverVersion {
  clusterId: string;
  /** Changes when an admin edits the cluster or its connection, or imports nodes. */
  key: string;
  unreachableSince: Date | null;
  lastError: string | null;
}

/**
 * One cheap row per cluster in service to notice edits without a restart; a retired cluster has no
 * row, so its driver is dropped (nothing runs there: retiring waits until it is empty) and it stops
 * producing samples. The connection is compared by content
 * (driver, kubeconfig digest, namespace prefix) rather than its updatedAt, which the loop's own
 * status writes (lastSyncAt, reachability) also move.
 */
export async function findDriverVersions(db: Db): Promise<DriverVersion[]> {
  const rows = await db.$queryRaw<{ clusterId: string; key: string; unreachableSince: Date | null; lastError: string | null }[]>`SELECT c.id AS "clusterId",
      concat_ws('|', c."updatedAt"::text, COALESCE(cc.driver::text, 'SIMULATED'), COALESCE(md5(cc.kubeconfig), ''), COALESCE(cc."namespacePrefix", 'verdant-'), (SELECT count(*) FROM "Node" n WHERE n."clusterId" = c.id)::text) AS key,
      cc."unreachableSince", cc."lastError"
    FROM "Cluster" c LEFT JOIN "ClusterConnection" cc ON cc."clusterId" = c.id WHERE c.status <> 'RETIRED' ORDER BY c.id`;
  return rows;
}

/**
 * Stores a cluster's reachability on its connection row (created for a simulated cluster that has
 * none). `unreachableSince` keeps the start of an outage; a healthy state clears the columns. Raw SQL
 * so updatedAt (an admin's edit time) is not moved by the loop's own bookkeeping.
 */
export async function saveClusterReachability(
  db: Db,
  clusterId: string,
  state: { consecutiveFailures: number; unreachable: boolean; reason: string | null },
  at: Date,
): Promise<void> {
  if (!state.unreachable && state.consecutiveFailures === 0) {
    await db.$executeRaw`UPDATE "ClusterConnection" SET "consecutiveFailures" = 0, "unreachableSince" = NULL, "unreachableReason" = NULL
      WHERE "clusterId" = ${clusterId} AND ("consecutiveFailures" <> 0 OR "unreachableSince" IS NOT NULL OR "unreachableReason" IS NOT NULL)`;
    return;
  }
  const since = state.unreachable ? at : null;
  await db.$executeRaw`INSERT INTO "ClusterConnection" ("clusterId", "consecutiveFailures", "unreachableSince", "unreachableReason", "updatedAt")
    VALUES (${clusterId}, ${state.consecutiveFailures}, ${since}, ${state.reason}, ${at})
    ON CONFLICT ("clusterId") DO UPDATE SET "consecutiveFailures" = EXCLUDED."consecutiveFailures",
      "unreachableSince" = CASE WHEN ${state.unreachable} THEN COALESCE("ClusterConnection"."unreachableSince", EXCLUDED."unreachableSince") ELSE NULL END,
      "unreachableReason" = EXCLUDED."unreachableReason"`;
}

/** Placed and running jobs with what the runner needs. */
export function findJobsToDrive(db: Db) {
  return db.job.findMany({
    where: { status: { in: ["PLACED", "RUNNING"] } },
    orderBy: { id: "asc" },
    select: {
      id: true,
      status: true,
      tenantId: true,
      kind: true,
      cpuMilli: true,
      memoryMib: true,
      gpuCount: true,
      gpuMilli: true,
      allowedGpuModels: true,
      computeUnits: true,
      minGpuMemoryGib: true,
      gangSize: true,
      maxMembers: true,
      allowedRegions: true,
      allowSplit: true,
      earliestStartAt: true,
      deadlineAt: true,
      estimatedDurationS: true,
      submittedAt: true,
      startedAt: true,
      placedAt: true,
      // A run resumes from its checkpoint and records new ones as it goes.
      checkpointIntervalS: true,
      checkpointedWorkS: true,
      lastCheckpointAt: true,
      tenant: { select: { slug: true } },
      decisions: { where: { outcome: "PLACED" }, orderBy: { createdAt: "desc" }, take: 1, select: { startAt: true, clusterId: true, assignments: true } },
    },
  });
}

/** Measured and forecast intensity of a zone for hours in [from, to), and its annual average. */
export async function findZoneHours(db: Db, zoneId: string, from: Date, to: Date) {
  const [zone, samples] = await Promise.all([
    db.gridZone.findUniqueOrThrow({ where: { id: zoneId }, select: { annualAverageGCo2ePerKwh: true, signalType: true } }),
    db.carbonIntensitySample.findMany({
      where: { zoneId, at: { gte: from, lt: to } },
      orderBy: [{ at: "asc" }, { forecastIssuedAt: "asc" }],
      select: { at: true, kind: true, gCo2ePerKwh: true, provider: true, forecastIssuedAt: true, signalType: true },
    }),
  ]);
  // Only the zone's current signal: samples of the other one (from before an admin switched it) are left out.
  return { annual: zone.annualAverageGCo2ePerKwh, samples: samples.filter((s) => s.signalType === zone.signalType) };
}

/** Each cluster's GPU allocation ratio in the newest sample at or before `at` (the baseline's "least loaded"). */
export async function findAllocationAt(db: Db, at: Date): Promise<Map<string, number>> {
  const rows = await db.$queryRaw<
    { clusterId: string; ratio: number }[]
  >`SELECT DISTINCT ON ("clusterId") "clusterId", CASE WHEN "gpuCapacityMilli" > 0 THEN "allocatedGpuMilli"::float8 / "gpuCapacityMilli" ELSE 0 END AS ratio
    FROM "ClusterSample" WHERE at <= ${at} ORDER BY "clusterId", at DESC`;
  return new Map(rows.map((r) => [r.clusterId, Number(r.ratio)]));
}

/** GPU capacity and allocation per cluster now, from the GPU rows. */
export function findClusterAllocation(db: Db) {
  return db.$queryRaw<
    { clusterId: string; capacity: bigint; allocated: bigint }[]
  >`SELECT n."clusterId", COUNT(g.id) * 1000 AS capacity, COALESCE(SUM(g."allocatedMilli"), 0) AS allocated
    FROM "Node" n JOIN "Gpu" g ON g."nodeId" = n.id GROUP BY n."clusterId"`;
}

/** One cluster's sample row: capacity and allocation in milli-GPUs, power and running jobs at an instant. */
export type ClusterSampleRow = Prisma.ClusterSampleCreateManyInput;

/** Stores one sample per cluster (same instant twice = kept once). */
export async function insertClusterSamples(db: Db, rows: ClusterSampleRow[]) {
  await db.clusterSample.createMany({ data: rows, skipDuplicates: true });
}

/** Accounting rows written with a job's end, in the same transaction. */
export interface JobAccountingRows {
  hours: Omit<Prisma.JobEnergyHourCreateManyInput, "jobId">[];
  saving: Omit<Prisma.CarbonSavingsEntryCreateManyInput, "jobId"> | null;
}

/** Writes a job's hours and ledger entry (split per cluster for a split job) inside the caller's transaction. */
export async function writeJobAccounting(tx: Prisma.TransactionClient, jobId: string, rows: JobAccountingRows) {
  if (rows.hours.length) await tx.jobEnergyHour.createMany({ data: rows.hours.map((h) => ({ ...h, jobId })) });
  if (!rows.saving) return;
  const entry = await tx.carbonSavingsEntry.create({ data: { ...rows.saving, jobId }, select: { id: true } });
  // A job split across clusters: its entry per cluster, by the energy it drew there.
  const shares = splitSavingByCluster(rows.saving, rows.hours);
  if (shares.length) await tx.carbonSavingsClusterShare.createMany({ data: shares.map((share) => ({ ...share, entryId: entry.id })) });
}
