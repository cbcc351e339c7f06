import { describe, expect, it } from "vitest";
import { createCluster } from "../model/node";
import { allocate } from "../placement/allocate";
import { createCoordinator } from "./coordinator";
import { parseCoordinatorPolicy } from "./policy";
import { cluster, fleet, job, nodes, T0_MS, WORKLOAD, ZONES } from "./test-fixtures";
import { stateForWindow } from "./timeline";
import type { FleetCluster } from "./types";

const H = 3_600_000;
const oneGpu = { cpuMilli: 4000, memoryMib: 8192, gpuCount: 1, gpuMilliPerGpu: 1000, allowedGpuModels: [] };

/** One 8-GPU node: GPUs 0-5 held by a running job until +2 h, GPU 6 reserved for a job at +1 h. */
function busyNode(): FleetCluster {
  const base = cluster("c", { region: "r", zone: "NO", specs: nodes("n", 1, "A100"), series: ZONES.hydro() });
  const running = { ...oneGpu, gpuCount: 6 };
  const state = allocate(createCluster(nodes("n", 1, "A100")), running, [{ nodeIndex: 0, gpuIndices: [0, 1, 2, 3, 4, 5] }]);
  return {
    ...base,
    state,
    running: [{ jobId: "run", job: running, assignments: [{ nodeIndex: 0, gpuIndices: [0, 1, 2, 3, 4, 5] }], endMs: T0_MS + 2 * H }],
    reservations: [{ jobId: "res", job: oneGpu, assignments: [{ nodeIndex: 0, gpuIndices: [6] }], startMs: T0_MS + H, endMs: T0_MS + 3 * H }],
  };
}

describe("stateForWindow", () => {
  it("keeps a reservation's GPU out of a window that overlaps it, without withholding the rest of its node", () => {
    const s = stateForWindow(busyNode(), T0_MS, T0_MS + 4 * H);
    const n = s.nodes[0];
    expect(n?.ready).toBe(true);
    // GPU 7 is free the whole window; GPU 6 is reserved from +1 h; 0-5 are busy until +2 h.
    expect(n?.gpuMilliFree).toEqual([0, 0, 0, 0, 0, 0, 0, 1000]);
  });

  it("frees a running job's GPUs for a window that starts after its predicted end", () => {
    const s = stateForWindow(busyNode(), T0_MS + 2 * H, T0_MS + 5 * H);
    expect(s.nodes[0]?.gpuMilliFree).toEqual([1000, 1000, 1000, 1000, 1000, 1000, 0, 1000]);
  });

  it("ignores a reservation the window ends before", () => {
    const s = stateForWindow(busyNode(), T0_MS, T0_MS + H / 2);
    expect(s.nodes[0]?.gpuMilliFree).toEqual([0, 0, 0, 0, 0, 0, 1000, 1000]);
  });

  it("returns the same state object for the same window (the placer's caches key on identity)", () => {
    const c = busyNode();
    expect(stateForWindow(c, T0_MS, T0_MS + 4 * H)).toBe(stateForWindow(c, T0_MS + 1, T0_MS + 4 * H));
  });
});

describe("a job without a window never waits for a clean cluster while another can start it", () => {
  const full = cluster("no-full", { region: "eu-north", zone: "NO", specs: nodes("no", 1, "A100"), series: ZONES.hydro() });
  const snap = () => {
    const busy = { ...oneGpu, gpuCount: 8 };
    const state = allocate(full.state, busy, [{ nodeIndex: 0, gpuIndices: [0, 1, 2, 3, 4, 5, 6, 7] }]);
    const withEnd: FleetCluster = {
      ...full,
      state,
      running: [{ jobId: "big", job: busy, assignments: [{ nodeIndex: 0, gpuIndices: [0, 1, 2, 3, 4, 5, 6, 7] }], endMs: T0_MS + H }],
    };
    const dirty = cluster("pl", { region: "eu-central", zone: "PL", specs: nodes("pl", 1, "A100"), series: ZONES.coal() });
    return fleet({ clusters: [withEnd, dirty] });
  };
  const carbonOnly = createCoordinator({
    policy: parseCoordinatorPolicy({ name: "c", version: 1, objectiveWeights: { carbon: 1, fragmentation: 0, waiting: 0, locality: 0 }, constraints: {} }),
    workload: WORKLOAD,
  });

  it("starts now on the dirty cluster and says why the clean one lost", () => {
    const d = carbonOnly.decide(snap(), job(), { seed: 1 });
    expect(d.outcome).toBe("placed");
    expect(d.parts[0]?.clusterId).toBe("pl");
    const clean = d.explanation.clusters.find((c) => c.clusterId === "no-full");
    expect(clean?.filters.at(-1)).toMatchObject({
      filter: "earliest-start",
      passed: false,
      reasons: [{ code: "LATER_THAN_ANOTHER_CLUSTER", requested: 3600, available: 0 }],
    });
  });

  it("a flexible job may still wait for the clean cluster inside its window", () => {
    const d = carbonOnly.decide(snap(), job({ earliestStartMs: T0_MS, deadlineMs: T0_MS + 12 * H }), { seed: 1 });
    expect(d.outcome).toBe("deferred");
    expect(d.parts[0]?.clusterId).toBe("no-full");
  });
});
