/** Fleet-wide aggregates for the operator overview, computed in PostgreSQL. */
import type { Db } from "../db/client";

/** GPU capacity and allocation (milli-GPU) over the fleet in service (retired clusters left out). */
export async function readFleetAllocation(db: Db) {
  const rows = await db.$queryRaw<
    { capacity: bigint; allocated: bigint }[]
  >`SELECT COUNT(*) * 1000 AS capacity, COALESCE(SUM(g."allocatedMilli"), 0) AS allocated
    FROM "Gpu" g JOIN "Node" n ON n.id = g."nodeId" JOIN "Cluster" c ON c.id = n."clusterId" WHERE c.status <> 'RETIRED'`;
  return { capacityMilli: Number(rows[0]?.capacity ?? 0), allocatedMilli: Number(rows[0]?.allocated ?? 0) };
}

/** Job counts by status. */
export function countJobsByStatus(db: Db) {
  return db.job.groupBy({ by: ["status"], _count: true });
}

/** Waiting time (placement minus submission, seconds) percentiles of jobs placed since `since`. */
export async function readWaitPercentiles(db: Db, since: Date) {
  const rows = await db.$queryRaw<{ p50: number | null; p90: number | null; n: bigint }[]>`SELECT
      percentile_cont(0.5) WITHIN GROUP (ORDER BY EXTRACT(EPOCH FROM ("placedAt" - "submittedAt"))) AS p50,
      percentile_cont(0.9) WITHIN GROUP (ORDER BY EXTRACT(EPOCH FROM ("placedAt" - "submittedAt"))) AS p90,
      count(*) AS n
    FROM "Job" WHERE "placedAt" IS NOT NULL AND "placedAt" >= ${since}`;
  return { p50S: rows[0]?.p50 ?? null, p90S: rows[0]?.p90 ?? null, jobs: Number(rows[0]?.n ?? 0) };
}

/** Estimated energy and emissions of jobs placed since `since`, and the carbon saved by waiting. */
export async function readCarbonSince(db: Db, since: Date) {
  const rows = await db.$queryRaw<{ energy: number | null; emissions: number | null; saved: number | null }[]>`SELECT
      SUM(j."energyKwh") AS energy, SUM(j."emissionsGCo2e") AS emissions,
      SUM(d."chosenSavingGCo2e") AS saved
    FROM "Job" j LEFT JOIN "Decision" d ON d."jobId" = j.id AND d.outcome = 'PLACED'
    WHERE j."placedAt" >= ${since}`;
  return { energyKwh: rows[0]?.energy ?? 0, emissionsGCo2e: rows[0]?.emissions ?? 0, savedByWaitingGCo2e: rows[0]?.saved ?? 0 };
}

/** Hourly intensity per zone between two instants: measured where it exists, else the latest forecast. */
export async function readIntensityCurves(db: Db, from: Date, to: Date) {
  return db.$queryRaw<
    { zoneId: string; at: Date; value: number; kind: "MEASURED" | "FORECAST" }[]
  >`SELECT DISTINCT ON ("zoneId", at) "zoneId", at, "gCo2ePerKwh" AS value, kind
    FROM "CarbonIntensitySample" WHERE at >= ${from} AND at < ${to}
    ORDER BY "zoneId", at, (kind = 'MEASURED') DESC, "forecastIssuedAt" DESC NULLS LAST`;
}

/** How many recent decisions are read to find `take` distinct jobs (a waiting job is re-decided every cycle). */
const LATEST_SCAN_FACTOR = 20;

/**
 * The latest decision of each of the `take` most recently decided jobs, with job and cluster: a job
 * re-decided every cycle while it waits appears once, with its newest decision, instead of filling the
 * list. Reads only the newest `take` x 20 decisions (the createdAt index), so its cost does not grow with history.
 */
export async function findLatestDecisions(db: Db, take: number) {
  const recent = await db.decision.findMany({
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    take: take * LATEST_SCAN_FACTOR,
    select: {
      id: true,
      jobId: true,
      outcome: true,
      createdAt: true,
      startAt: true,
      job: { select: { name: true, tenant: { select: { name: true } } } },
      cluster: { select: { name: true } },
    },
  });
  const seen = new Set<string>();
  return recent.filter((d) => !seen.has(d.jobId) && seen.add(d.jobId)).slice(0, take);
}

/**
 * The savings ledger summed over finished jobs from UTC day `sinceDay` on: actual, baseline and saved
 * gCO2e, the baseline's range (each entry's lowest and highest candidate; an entry without a spread
 * adds its baseline to both) and the methods of the entries.
 */
export async function readSavingsSince(db: Db, sinceDay: Date) {
  const rows = await db.$queryRaw<
    { actual: number | null; baseline: number | null; low: number | null; high: number | null; saved: number | null; n: bigint; methods: string[] | null }[]
  >`SELECT
      SUM("actualGCo2e") AS actual, SUM("baselineGCo2e") AS baseline, SUM(COALESCE("baselineMinGCo2e", "baselineGCo2e")) AS low,
      SUM(COALESCE("baselineMaxGCo2e", "baselineGCo2e")) AS high, SUM("savedGCo2e") AS saved, count(*) AS n,
      array_agg(DISTINCT method ORDER BY method) FILTER (WHERE method IS NOT NULL) AS methods
    FROM "CarbonSavingsEntry" WHERE day >= ${sinceDay.toISOString().slice(0, 10)}::date`;
  const r = rows[0];
  return {
    jobs: Number(r?.n ?? 0),
    actualGCo2e: r?.actual ?? 0,
    baselineGCo2e: r?.baseline ?? 0,
    baselineMinGCo2e: r?.low ?? 0,
    baselineMaxGCo2e: r?.high ?? 0,
    savedGCo2e: r?.saved ?? 0,
    methods: r?.methods ?? [],
  };
}

/**
 * Placements whose GPUs were held at some point in [from, to): placed before `to` and not released
 * before `from` (a job's GPUs are released when it finishes or is cancelled).
 */
export async function readHeldRuns(db: Db, from: Date, to: Date) {
  const jobs = await db.job.findMany({
    where: {
      placedAt: { not: null, lt: to },
      // A requeued job's earlier placement was released when it was requeued; its GPUs are not held now.
      status: { notIn: ["QUEUED", "UNSCHEDULABLE", "EXPIRED"] },
      AND: [{ OR: [{ finishedAt: null }, { finishedAt: { gte: from } }] }, { OR: [{ cancelledAt: null }, { cancelledAt: { gte: from } }] }],
    },
    select: { gpuCount: true, gpuMilli: true, gangSize: true, placedAt: true, startedAt: true, finishedAt: true, cancelledAt: true, status: true },
  });
  return jobs.map((j) => ({
    gpus: (j.gpuCount * j.gpuMilli * j.gangSize) / 1000,
    placedAtMs: j.placedAt!.getTime(),
    startedAtMs: j.startedAt?.getTime() ?? null,
    releasedAtMs: (j.finishedAt ?? j.cancelledAt)?.getTime() ?? null,
    counted: j.status === "SUCCEEDED" || j.status === "RUNNING",
  }));
}
