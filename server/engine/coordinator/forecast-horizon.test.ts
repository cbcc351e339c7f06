import { describe, expect, it } from "vitest";
import { createCoordinator } from "./coordinator";
import { DEFAULT_COORDINATOR_POLICY } from "./policy";
import { CATALOG, cluster, fleet, job, nodes, T0_MS, WORKLOAD, ZONES } from "./test-fixtures";
import type { FleetCluster } from "./types";

const H = 3_600_000;

/** One full 8-GPU cluster whose GPUs free up at `freeAtH` hours; its series covers 48 h. */
function fullCluster(freeAtH: number): FleetCluster {
  const c = cluster("pl-hub", { region: "eu-central", zone: "PL", specs: nodes("pl", 1, "A100"), busyGpus: 8, series: ZONES.coal() });
  // occupy() takes the GPUs only, so the holder releases no CPU or memory.
  const request = { cpuMilli: 0, memoryMib: 0, gpuCount: 8, gpuMilliPerGpu: 1000, allowedGpuModels: [] };
  return {
    ...c,
    running: [{ jobId: "holder", job: request, assignments: [{ nodeIndex: 0, gpuIndices: [0, 1, 2, 3, 4, 5, 6, 7] }], endMs: T0_MS + freeAtH * H }],
  };
}

describe("a run that could only start past the forecast", () => {
  const coordinator = createCoordinator({ policy: DEFAULT_COORDINATOR_POLICY, workload: WORKLOAD });

  it("waits with the carbon-data reason instead of failing the decision", () => {
    // Capacity frees at 30 h; a 30 h run from there ends at 60 h, past the 48 h series.
    const d = coordinator.decide(fleet({ clusters: [fullCluster(30)], gpuModels: CATALOG }), job({ estimatedDurationS: 30 * 3600 }), { seed: 1 });
    expect(d.outcome).not.toBe("placed");
    const reasons = d.explanation.clusters.flatMap((c) => c.filters.flatMap((f) => f.reasons.map((r) => r.code)));
    expect(reasons).toContain("CARBON_SERIES_NOT_COVERING");
  });

  it("still plans the start when the run from the freed capacity fits in the series", () => {
    const d = coordinator.decide(fleet({ clusters: [fullCluster(5)], gpuModels: CATALOG }), job({ estimatedDurationS: 3 * 3600 }), { seed: 1 });
    const reasons = d.explanation.clusters.flatMap((c) => c.filters.flatMap((f) => f.reasons.map((r) => r.code)));
    expect(reasons).not.toContain("CARBON_SERIES_NOT_COVERING");
  });
});
