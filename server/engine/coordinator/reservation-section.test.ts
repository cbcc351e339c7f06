import { describe, expect, it } from "vitest";
import { createCluster } from "../model/node";
import { allocate } from "../placement/allocate";
import { createCoordinator } from "./coordinator";
import { coordinatorExplanationSchema } from "./explanation-schema";
import { formatExplanation } from "./format";
import { DEFAULT_COORDINATOR_POLICY } from "./policy";
import { isBackfillExplanation } from "./reservation-section";
import { cluster, fleet, job, nodes, T0_MS, WORKLOAD, ZONES } from "./test-fixtures";
import type { FleetCluster, FleetSnapshot, Reservation } from "./types";

const H = 3_600_000;
const gpus = (n: number) => ({ cpuMilli: 4000, memoryMib: 8192, gpuCount: n, gpuMilliPerGpu: 1000, allowedGpuModels: [] });
const all = [0, 1, 2, 3, 4, 5, 6, 7];

/** Two 8-GPU nodes: n-0 fully held until +2 h by "long-a", n-1 fully held until +1 h by "short-b". */
function busyCluster(reservations: Reservation[] = []): FleetCluster {
  const specs = nodes("n", 2, "A100");
  let state = createCluster(specs);
  state = allocate(state, gpus(8), [{ nodeIndex: 0, gpuIndices: all }]);
  state = allocate(state, gpus(8), [{ nodeIndex: 1, gpuIndices: all }]);
  return {
    ...cluster("c", { region: "r", zone: "NO", specs, series: ZONES.hydro() }),
    state,
    running: [
      { jobId: "long-a", job: gpus(8), assignments: [{ nodeIndex: 0, gpuIndices: all }], endMs: T0_MS + 2 * H },
      { jobId: "short-b", job: gpus(8), assignments: [{ nodeIndex: 1, gpuIndices: all }], endMs: T0_MS + H },
    ],
    reservations,
  };
}

const snapshotOf = (c: FleetCluster): FleetSnapshot => fleet({ clusters: [c] });
const coordinator = () => createCoordinator({ policy: DEFAULT_COORDINATOR_POLICY, workload: WORKLOAD });

describe("capacity-wait section", () => {
  it("names the nodes and the running jobs whose predicted ends free them", () => {
    const big = job({ id: "big", gpuCount: 8, cpuMilli: 8000, gangSize: 2, estimatedDurationS: 3600 });
    const d = coordinator().decide(snapshotOf(busyCluster()), big, { seed: 1 });
    expect(d.outcome).toBe("deferred");
    const w = d.explanation.capacityWait;
    expect(w?.startMs).toBe(T0_MS + 2 * H);
    expect(w?.nodes.map((n) => n.nodeName).sort()).toEqual(["n-0", "n-1"]);
    expect(w?.freedBy.map((f) => f.jobId)).toEqual(["short-b", "long-a"]);
    expect(w?.freedByCount).toBe(2);
    expect(coordinatorExplanationSchema.parse(d.explanation).capacityWait).toEqual(w);
    expect(formatExplanation(d.explanation)).toContain("Waits for capacity on c: nodes n-0, n-1 from 2023-01-01 02:00 UTC");
  });

  it("is absent when the job starts now", () => {
    const d = coordinator().decide(fleet(), job(), { seed: 1 });
    expect(d.outcome).toBe("placed");
    expect(d.explanation.capacityWait).toBeUndefined();
    expect(d.explanation.backfill).toBeUndefined();
  });
});

describe("backfill section", () => {
  /** "big" holds both nodes from +2 h (when long-a ends) for 3 h. */
  const hold: Reservation = {
    jobId: "big",
    job: gpus(8),
    assignments: [
      { nodeIndex: 0, gpuIndices: all },
      { nodeIndex: 1, gpuIndices: all },
    ],
    startMs: T0_MS + 2 * H,
    endMs: T0_MS + 5 * H,
  };

  it("starts a job on the reserved node only when it ends before the reserved start, and says so", () => {
    // n-0 busy until +2 h; n-1 idle now; "big" holds both from +2 h.
    const specs = nodes("n", 2, "A100");
    const base = busyCluster([hold]);
    const snap = snapshotOf({
      ...base,
      state: allocate(createCluster(specs), gpus(8), [{ nodeIndex: 0, gpuIndices: all }]),
      running: base.running.slice(0, 1),
    });
    const fits = coordinator().decide(snap, job({ id: "small", gpuCount: 4, estimatedDurationS: 1800 }), { seed: 1 });
    expect(fits.outcome).toBe("placed");
    expect(fits.explanation.backfill?.ahead).toEqual([{ jobId: "big", clusterId: "c", startMs: T0_MS + 2 * H, nodeNames: ["n-0", "n-1"], sharesNodes: true }]);
    expect(fits.explanation.backfill?.endMs).toBe(T0_MS + 1800_000);
    expect(isBackfillExplanation(fits.explanation)).toBe(true);
    expect(formatExplanation(fits.explanation)).toContain("Backfilled: started ahead of job big, which holds nodes n-0, n-1 from 02:00 UTC");

    // Three hours would run into the reservation: it must wait until the reservation ends instead.
    const delays = coordinator().decide(snap, job({ id: "long", gpuCount: 4, estimatedDurationS: 3 * 3600 }), { seed: 1 });
    expect(delays.outcome).not.toBe("placed");
    expect(delays.startMs ?? 0).toBeGreaterThanOrEqual(T0_MS + 5 * H);
    expect(delays.explanation.backfill).toBeUndefined();
  });

  it("a job on another cluster than the reservation is no backfill", () => {
    const snap = fleet();
    const withHold = {
      ...snap,
      clusters: snap.clusters.map((c, i) => (i === 1 ? { ...c, reservations: [{ ...hold, assignments: [{ nodeIndex: 0, gpuIndices: all }] }] } : c)),
    };
    const d = coordinator().decide(withHold, job({ allowedRegions: ["eu-central"] }), { seed: 1 });
    expect(d.outcome).toBe("placed");
    expect(d.explanation.backfill).toBeUndefined();
    expect(isBackfillExplanation(d.explanation)).toBe(false);
  });
});
