/**
 * Chart series from bucketed cluster samples: fleet and per-cluster GPU allocation (GAR) over time,
 * the mean allocation over the window (allocated GPU-hours / available GPU-hours: the time-averaged
 * GAR), and one cluster's allocation and power. Pure, so the arithmetic is unit-tested.
 */
import type { ClusterSampleBucket } from "../repositories/cluster-sample-repository";

/** The windows the "over time" charts offer, with the bucket size that keeps ~100 points. */
export const HISTORY_RANGES = {
  "24h": { windowMs: 24 * 3_600_000, bucketSeconds: 15 * 60 },
  "7d": { windowMs: 7 * 24 * 3_600_000, bucketSeconds: 2 * 3_600 },
} as const;
export type HistoryRange = keyof typeof HISTORY_RANGES;

/** Allocated over available GPU-hours in a window (the time-averaged GAR). */
export interface MeanAllocation {
  allocatedGpuHours: number;
  availableGpuHours: number;
  /** allocated / available, or null when no sample covers the window. */
  ratio: number | null;
}

/** One chart row: the bucket start, the fleet's GAR and each cluster's GAR (keyed by cluster id), in %. */
export type AllocationRow = Record<string, number> & { atMs: number; fleet: number };

/**
 * Rows of { atMs, fleet, <clusterId>: GAR in % }, the same rows in allocated GPUs (`gpuRows`), and
 * the mean allocation over every bucket that has samples.
 */
export function buildAllocationSeries(buckets: readonly ClusterSampleBucket[], bucketSeconds: number) {
  const rows = new Map<number, { atMs: number; capacity: number; allocated: number; values: Record<string, number>; gpus: Record<string, number> }>();
  let allocatedMilliBuckets = 0;
  let capacityMilliBuckets = 0;
  for (const b of buckets) {
    const atMs = b.at.getTime();
    const row = rows.get(atMs) ?? { atMs, capacity: 0, allocated: 0, values: {}, gpus: {} };
    row.capacity += b.gpuCapacityMilli;
    row.allocated += b.allocatedGpuMilli;
    row.values[b.clusterId] = b.gpuCapacityMilli ? round1((b.allocatedGpuMilli / b.gpuCapacityMilli) * 100) : 0;
    row.gpus[b.clusterId] = round1(b.allocatedGpuMilli / 1000);
    rows.set(atMs, row);
    allocatedMilliBuckets += b.allocatedGpuMilli;
    capacityMilliBuckets += b.gpuCapacityMilli;
  }
  const hours = bucketSeconds / 3600;
  const meanAllocation: MeanAllocation = {
    allocatedGpuHours: (allocatedMilliBuckets / 1000) * hours,
    availableGpuHours: (capacityMilliBuckets / 1000) * hours,
    ratio: capacityMilliBuckets ? allocatedMilliBuckets / capacityMilliBuckets : null,
  };
  const sorted = [...rows.values()].sort((a, b) => a.atMs - b.atMs);
  const series = sorted.map((r): AllocationRow => ({ ...r.values, atMs: r.atMs, fleet: r.capacity ? round1((r.allocated / r.capacity) * 100) : 0 }));
  // The same rows in allocated GPUs (absolute), for a chart that shows counts instead of shares.
  const gpuRows = sorted.map((r): AllocationRow => ({ ...r.gpus, atMs: r.atMs, fleet: round1(r.allocated / 1000) }));
  const clusterIds = [...new Set(buckets.map((b) => b.clusterId))].sort();
  return { rows: series, gpuRows, clusterIds, meanAllocation };
}

/** One cluster's rows of { atMs, allocationPct, powerKw, runningJobs }. */
export function buildClusterSeries(buckets: readonly ClusterSampleBucket[]) {
  return [...buckets]
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .map((b) => ({
      atMs: b.at.getTime(),
      allocationPct: b.gpuCapacityMilli ? round1((b.allocatedGpuMilli / b.gpuCapacityMilli) * 100) : 0,
      powerKw: Math.round(b.powerWatts) / 1000,
      runningJobs: Math.round(b.runningJobs * 10) / 10,
    }));
}

function round1(x: number): number {
  return Math.round(x * 10) / 10;
}
