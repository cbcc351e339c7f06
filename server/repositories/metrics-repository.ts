/** Aggregates for the Prometheus endpoint, computed in PostgreSQL. */
import type { Db } from "../db/client";
import { LEDGER_ENTRIES_PER_CLUSTER } from "./carbon-report-repository";

/** Upper bounds (seconds) of the decision latency histogram; Decision.latencyMs is compared in milliseconds. */
export const LATENCY_BUCKETS_SECONDS = [0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1];
const LATENCY_BUCKETS_MS = LATENCY_BUCKETS_SECONDS.map((s) => s * 1000);

/** Counts and sums the metrics endpoint exposes (latency buckets are cumulative counts, `le` in milliseconds). */
export async function readFleetMetrics(db: Db) {
  const [jobsByStatus, queueByTenant, decisionsByOutcome, recentDecisions, allocation, accounting] = await Promise.all([
    db.job.groupBy({ by: ["status"], _count: true }),
    db.$queryRaw<
      { tenant: string; n: bigint }[]
    >`SELECT t.slug AS tenant, count(j.id) AS n FROM "Tenant" t LEFT JOIN "Job" j ON j."tenantId" = t.id AND j.status = 'QUEUED' GROUP BY t.slug ORDER BY t.slug`,
    db.decision.groupBy({ by: ["outcome"], _count: true }),
    db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM "Decision" WHERE "createdAt" > now() - interval '60 seconds'`,
    db.$queryRaw<
      { cluster: string; capacity: bigint; allocated: bigint }[]
    >`SELECT c.name AS cluster, COUNT(g.id) * 1000 AS capacity, COALESCE(SUM(g."allocatedMilli"), 0) AS allocated
      FROM "Cluster" c LEFT JOIN "Node" n ON n."clusterId" = c.id LEFT JOIN "Gpu" g ON g."nodeId" = n.id WHERE c.status <> 'RETIRED' GROUP BY c.name ORDER BY c.name`,
    db.$queryRaw<
      { cluster: string; energy: number | null; emissions: number | null }[]
    >`SELECT c.name AS cluster, SUM(j."energyKwh") AS energy, SUM(j."emissionsGCo2e") AS emissions
      FROM "Job" j JOIN LATERAL (SELECT d."clusterId" FROM "Decision" d WHERE d."jobId" = j.id AND d.outcome = 'PLACED' ORDER BY d."createdAt" DESC LIMIT 1) d ON true
      JOIN "Cluster" c ON c.id = d."clusterId" WHERE j.status IN ('SUCCEEDED', 'FAILED', 'CANCELLED') GROUP BY c.name ORDER BY c.name`,
  ]);
  const [latency, savings] = await Promise.all([
    db.$queryRaw<
      { le: number; n: bigint }[]
    >`SELECT b.le, count(d.id) AS n FROM unnest(${LATENCY_BUCKETS_MS}::float8[]) AS b(le) LEFT JOIN "Decision" d ON d."latencyMs" IS NOT NULL AND d."latencyMs" <= b.le GROUP BY b.le ORDER BY b.le`,
    db.$queryRaw<
      { cluster: string; saved: number | null }[]
    >`SELECT c.name AS cluster, SUM(s."savedGCo2e") AS saved FROM ${LEDGER_ENTRIES_PER_CLUSTER} s JOIN "Cluster" c ON c.id = s."clusterId" GROUP BY c.name ORDER BY c.name`,
  ]);
  const latencyTotals = await db.decision.aggregate({ where: { latencyMs: { not: null } }, _sum: { latencyMs: true }, _count: { latencyMs: true } });
  // Ages on the database clock, the same clock that stamped the cycles.
  const services = await db.$queryRaw<
    { service: string; ageS: number | null; restarts: number }[]
  >`SELECT name AS service, EXTRACT(EPOCH FROM now() - "lastCycleAt")::float8 AS "ageS", restarts
    FROM "ServiceHeartbeat" ORDER BY name`;
  return {
    services,
    latency,
    latencySum: latencyTotals._sum.latencyMs ?? 0,
    latencyCount: latencyTotals._count.latencyMs,
    savings,
    jobsByStatus,
    queueByTenant,
    decisionsByOutcome,
    recentDecisions: Number(recentDecisions[0]?.n ?? 0),
    allocation,
    accounting,
  };
}
