import { describe, expect, it } from "vitest";
import type { ClusterSampleBucket } from "../repositories/cluster-sample-repository";
import { buildAllocationSeries, buildClusterSeries } from "./sample-series";

const at = (h: number) => new Date(Date.UTC(2026, 2, 15, h));
const bucket = (clusterId: string, h: number, cap: number, alloc: number, power = 0): ClusterSampleBucket => ({
  clusterId,
  at: at(h),
  gpuCapacityMilli: cap,
  allocatedGpuMilli: alloc,
  powerWatts: power,
  runningJobs: 1,
  samples: 1,
});

describe("buildAllocationSeries", () => {
  it("gives the fleet's GAR per bucket weighted by capacity, each cluster's GAR, and the SOR", () => {
    const { rows, gpuRows, clusterIds, meanAllocation } = buildAllocationSeries(
      [bucket("b", 1, 4000, 1000), bucket("a", 0, 8000, 4000), bucket("b", 0, 2000, 2000), bucket("a", 1, 8000, 0)],
      3600,
    );
    expect(clusterIds).toEqual(["a", "b"]);
    expect(rows).toEqual([
      { atMs: at(0).getTime(), fleet: 60, a: 50, b: 100 },
      { atMs: at(1).getTime(), fleet: 8.3, a: 0, b: 25 },
    ]);
    // The same buckets in allocated GPUs: 4 + 2 = 6, then 0 + 1 = 1.
    expect(gpuRows).toEqual([
      { atMs: at(0).getTime(), fleet: 6, a: 4, b: 2 },
      { atMs: at(1).getTime(), fleet: 1, a: 0, b: 1 },
    ]);
    // 7 GPU-hours allocated out of 22 available over two one-hour buckets.
    expect(meanAllocation.allocatedGpuHours).toBe(7);
    expect(meanAllocation.availableGpuHours).toBe(22);
    expect(meanAllocation.ratio).toBeCloseTo(7 / 22, 10);
  });
  it("scales GPU-hours with the bucket length and has no SOR without samples", () => {
    expect(buildAllocationSeries([bucket("a", 0, 1000, 500)], 900).meanAllocation.allocatedGpuHours).toBe(0.125);
    expect(buildAllocationSeries([], 900)).toEqual({
      rows: [],
      gpuRows: [],
      clusterIds: [],
      meanAllocation: { allocatedGpuHours: 0, availableGpuHours: 0, ratio: null },
    });
  });
});

describe("buildClusterSeries", () => {
  it("gives allocation %, power in kW and running jobs, oldest first", () => {
    expect(buildClusterSeries([bucket("a", 1, 4000, 1000, 2500), bucket("a", 0, 4000, 0, 800)])).toEqual([
      { atMs: at(0).getTime(), allocationPct: 0, powerKw: 0.8, runningJobs: 1 },
      { atMs: at(1).getTime(), allocationPct: 25, powerKw: 2.5, runningJobs: 1 },
    ]);
  });
});
