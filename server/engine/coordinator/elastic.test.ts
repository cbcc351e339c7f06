import { describe, expect, it } from "vitest";
import { allocate } from "../placement/allocate";
import { createCoordinator } from "./coordinator";
import { formatExplanation } from "./format";
import { DEFAULT_COORDINATOR_POLICY } from "./policy";
import { cluster, fleet, job, nodes, T0_MS, WORKLOAD, ZONES } from "./test-fixtures";
import type { FleetCluster } from "./types";
import { elasticDurationS, elasticSizes } from "./variants";

const coordinator = () => createCoordinator({ policy: DEFAULT_COORDINATOR_POLICY, workload: WORKLOAD });
const member = { cpuMilli: 8000, memoryMib: 8192, gpuCount: 8, gpuMilliPerGpu: 1000, allowedGpuModels: [] };

/** An 8-node A100 cluster where a running job holds the first `busy` nodes for two hours. */
function partlyBusy(busy: number): FleetCluster {
  const c = cluster("hub", { region: "eu", zone: "NO", specs: nodes("h", 8, "A100"), series: ZONES.hydro() });
  const assignments = Array.from({ length: busy }, (_, i) => ({ nodeIndex: i, gpuIndices: [0, 1, 2, 3, 4, 5, 6, 7] }));
  const blocker = { ...member, gangSize: busy };
  return {
    ...c,
    state: allocate(c.state, blocker, assignments),
    running: busy > 0 ? [{ jobId: "blocker", job: blocker, assignments, endMs: T0_MS + 2 * 3600_000 }] : [],
  };
}

describe("elastic gangs", () => {
  const elastic = job({ ...member, gangSize: 8, minMembers: 2, estimatedDurationS: 4 * 3600 });

  it("offers every size from the most members to the fewest, the work rate linear in members", () => {
    expect(elasticSizes(elastic)).toEqual([8, 7, 6, 5, 4, 3, 2]);
    expect(elasticDurationS(elastic, 8)).toBe(4 * 3600);
    expect(elasticDurationS(elastic, 2)).toBe(16 * 3600);
    expect(elasticSizes(job({ gangSize: 4 }))).toEqual([4]);
  });

  it("starts with the members that fit now rather than wait for all of them, and says so", () => {
    const d = coordinator().decide(fleet({ clusters: [partlyBusy(6)] }), elastic, { seed: 1 });
    expect(d.outcome).toBe("placed");
    expect(d.parts[0]?.request.gangSize).toBe(2);
    expect(d.explanation.chosen[0]?.elastic).toEqual({ minMembers: 2, maxMembers: 8, members: 2 });
    expect(formatExplanation(d.explanation)).toContain("starts with 2 because 3 or more do not fit as soon");
  });

  it("runs with all members when they fit", () => {
    const d = coordinator().decide(fleet({ clusters: [partlyBusy(0)] }), elastic, { seed: 1 });
    expect(d.parts[0]?.request.gangSize).toBe(8);
  });

  it("a fixed-size gang of 8 waits for the blocker instead", () => {
    const d = coordinator().decide(fleet({ clusters: [partlyBusy(6)] }), { ...elastic, minMembers: null }, { seed: 1 });
    expect(d.outcome).toBe("deferred");
    expect(d.explanation.chosen[0]?.elastic).toBeUndefined();
  });
});
