/** The operator overview: fleet KPIs, carbon intensity around now per zone, the latest decisions. */
import type { Db } from "../db/client";
import {
  countJobsByStatus,
  findLatestDecisions,
  readCarbonSince,
  readFleetAllocation,
  readHeldRuns,
  readIntensityCurves,
  readSavingsSince,
  readWaitPercentiles,
} from "../repositories/overview-repository";
import { countMultiGpuRequests, readNodeGpuStates } from "../repositories/gpu-state-repository";
import { readClusterSampleBuckets } from "../repositories/cluster-sample-repository";
import { listClusterNames } from "../repositories/catalog-repository";
import { gpuFragmentationRatio, mostCommonMultiGpuShape } from "./fragmentation-metrics";
import { occupancyRate } from "./occupancy-rate";
import { buildAllocationSeries, HISTORY_RANGES, type HistoryRange } from "./sample-series";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Everything the overview page shows, at `now`. */
export async function getOverview(db: Db, now: Date) {
  const startOfDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS);
  const hourNow = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  const [allocation, statuses, wait, today, week, curves, decisions, nodes, multiGpu, savedToday, savedWeek] = await Promise.all([
    readFleetAllocation(db),
    countJobsByStatus(db),
    readWaitPercentiles(db, weekAgo),
    readCarbonSince(db, startOfDay),
    readCarbonSince(db, weekAgo),
    readIntensityCurves(db, new Date(hourNow - 24 * HOUR_MS), new Date(hourNow + 25 * HOUR_MS)),
    findLatestDecisions(db, 10),
    readNodeGpuStates(db),
    countMultiGpuRequests(db),
    readSavingsSince(db, startOfDay),
    // The ledger is kept per UTC day: "this week" is today and the six days before.
    readSavingsSince(db, new Date(startOfDay.getTime() - 6 * DAY_MS)),
  ]);
  const count = (s: string) => statuses.find((r) => r.status === s)?._count ?? 0;
  const zones = [...new Set(curves.map((c) => c.zoneId))].sort();
  // One row per hour with a column per zone, as Recharts wants it.
  const byHour = new Map<number, Record<string, number>>();
  for (const c of curves) {
    const row = byHour.get(c.at.getTime()) ?? { atMs: c.at.getTime() };
    row[c.zoneId] = c.value;
    byHour.set(c.at.getTime(), row);
  }
  const nowIntensity = zones.map((zone) => {
    const current = curves.find((c) => c.zoneId === zone && c.at.getTime() === hourNow);
    const next24 = curves.filter((c) => c.zoneId === zone && c.at.getTime() > hourNow && c.at.getTime() <= hourNow + 24 * HOUR_MS);
    const min = next24.reduce<(typeof next24)[number] | null>((best, c) => (!best || c.value < best.value ? c : best), null);
    return {
      zone,
      gCo2ePerKwh: current?.value ?? null,
      kind: current?.kind ?? null,
      next24hMin: min ? { atMs: min.at.getTime(), gCo2ePerKwh: min.value } : null,
    };
  });
  return {
    nowMs: now.getTime(),
    gar: allocation.capacityMilli ? allocation.allocatedMilli / allocation.capacityMilli : 0,
    gpus: allocation.capacityMilli / 1000,
    gfr: gpuFragmentationRatio(nodes, mostCommonMultiGpuShape(multiGpu)),
    savings: { today: savedToday, week: savedWeek },
    jobs: { queued: count("QUEUED"), placed: count("PLACED"), running: count("RUNNING"), succeeded: count("SUCCEEDED"), expired: count("EXPIRED") },
    wait,
    today,
    week,
    zones,
    intensity: [...byHour.values()].sort((a, b) => a.atMs! - b.atMs!),
    nowIntensity,
    decisions: decisions.map((d) => ({
      id: d.id,
      outcome: d.outcome,
      createdAt: d.createdAt,
      startAt: d.startAt,
      jobName: d.job.name,
      tenantName: d.job.tenant.name,
      clusterName: d.cluster?.name ?? null,
    })),
  };
}

export type Overview = Awaited<ReturnType<typeof getOverview>>;

/**
 * GPU allocation over the last 24 h or 7 d from the cluster samples (fleet and per cluster, and its
 * mean), and the SOR of the placements held in that window.
 */
export async function getAllocationHistory(db: Db, now: Date, range: HistoryRange) {
  const { windowMs, bucketSeconds } = HISTORY_RANGES[range];
  const from = new Date(now.getTime() - windowMs);
  const [buckets, clusters, held] = await Promise.all([readClusterSampleBuckets(db, from, bucketSeconds), listClusterNames(db), readHeldRuns(db, from, now)]);
  const series = buildAllocationSeries(buckets, bucketSeconds);
  return {
    range,
    bucketSeconds,
    fromMs: now.getTime() - windowMs,
    nowMs: now.getTime(),
    rows: series.rows,
    gpuRows: series.gpuRows,
    clusters: series.clusterIds.map((id) => ({ id, name: clusters.find((c) => c.id === id)?.name ?? id })),
    meanAllocation: series.meanAllocation,
    sor: occupancyRate(held, from.getTime(), now.getTime()),
  };
}

export type AllocationHistory = Awaited<ReturnType<typeof getAllocationHistory>>;
