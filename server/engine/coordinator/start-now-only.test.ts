import { describe, expect, it } from "vitest";
import type { JobRequest } from "../model/job";
import { allocate } from "../placement/allocate";
import { capacityStateOf, diagnoseCapacity, diagnoseOnEmpty } from "./capacity-diagnosis";
import { createCoordinator } from "./coordinator";
import { DEFAULT_COORDINATOR_POLICY } from "./policy";
import { cluster, fleet, job, nodes, T0_MS, WORKLOAD, ZONES } from "./test-fixtures";
import type { FleetCluster, FleetSnapshot } from "./types";

const H = 3_600_000;
const coordinator = () => createCoordinator({ policy: DEFAULT_COORDINATOR_POLICY, workload: WORKLOAD });

/** A one-node cluster whose 8 GPUs are held by a job that ends `endsInH` hours from T0. */
function busyUntil(id: string, zone: "hydro" | "coal", endsInH: number): FleetCluster {
  const base = cluster(id, { region: `r-${id}`, zone: zone === "hydro" ? "NO" : "PL", specs: nodes(id, 1, "A100"), series: ZONES[zone]() });
  const request: JobRequest = { cpuMilli: 8000, memoryMib: 16_384, gpuCount: 8, gpuMilliPerGpu: 1000, allowedGpuModels: [] };
  const assignments = [{ nodeIndex: 0, gpuIndices: [0, 1, 2, 3, 4, 5, 6, 7] }];
  return {
    ...base,
    state: allocate(base.state, request, assignments),
    running: [{ jobId: `${id}-run`, job: request, assignments, endMs: T0_MS + endsInH * H }],
  };
}

/** An idle one-node cluster. */
const idle = (id: string, zone: "hydro" | "coal") =>
  cluster(id, { region: `r-${id}`, zone: zone === "hydro" ? "NO" : "PL", specs: nodes(id, 1, "A100"), series: ZONES[zone]() });

const snapshotOf = (clusters: FleetCluster[]): FleetSnapshot => fleet({ clusters });

describe("decideUnexplained with startNowOnly", () => {
  it("places the job now exactly where the full search does, although the clean cluster frees an hour later", () => {
    const snap = snapshotOf([busyUntil("clean", "hydro", 1), idle("dirty", "coal")]);
    const full = coordinator().decideUnexplained(snap, job(), { seed: 5 });
    const now = coordinator().decideUnexplained(snap, job(), { seed: 5, startNowOnly: true });
    expect(full.outcome).toBe("placed");
    expect(full.parts.map((p) => p.clusterId)).toEqual(["dirty"]);
    expect(JSON.parse(JSON.stringify(now))).toEqual(JSON.parse(JSON.stringify(full)));
  });

  it("reports no placement instead of a later start when nothing starts now, with the same unresolvable verdicts", () => {
    const snap = snapshotOf([busyUntil("a", "hydro", 1), busyUntil("b", "coal", 2)]);
    const full = coordinator().decideUnexplained(snap, job(), { seed: 5 });
    const now = coordinator().decideUnexplained(snap, job(), { seed: 5, startNowOnly: true });
    expect(full.outcome).toBe("deferred");
    expect(full.startMs).toBe(T0_MS + H);
    expect(now.outcome).toBe("unschedulable");
    expect(now.couldEverRun).toBe(true);
    expect(now.verdicts.map((v) => v.verdict)).toEqual(["unfit", "unfit"]);
    // A job the hardware can never hold is unresolvable either way, for the same reasons.
    const huge = job({ gpuCount: 16 });
    const fullHuge = coordinator().decideUnexplained(snap, huge, { seed: 5 });
    const nowHuge = coordinator().decideUnexplained(snap, huge, { seed: 5, startNowOnly: true });
    expect(nowHuge.verdicts).toEqual(fullHuge.verdicts);
    expect(nowHuge.verdicts.every((v) => v.verdict === "unfit-unresolvable")).toBe(true);
  });

  it("is ignored for a job with a window, which may still be deferred for carbon", () => {
    const snap = fleet();
    const windowed = job({ allowedRegions: ["us-west"], earliestStartMs: T0_MS, deadlineMs: T0_MS + 30 * H });
    const now = coordinator().decideUnexplained(snap, windowed, { seed: 1, startNowOnly: true });
    expect(now.outcome).toBe("deferred");
    expect(JSON.parse(JSON.stringify(now))).toEqual(JSON.parse(JSON.stringify(coordinator().decideUnexplained(snap, windowed, { seed: 1 }))));
  });
});

describe("diagnoseOnEmpty", () => {
  it("gives the empty cluster's diagnosis, shared by every allocation state of the same hardware", () => {
    const base = cluster("x", { region: "r", zone: "NO", specs: nodes("x", 2, "A100", 4), series: ZONES.hydro() }).state;
    const request: JobRequest = { cpuMilli: 1000, memoryMib: 1024, gpuCount: 8, gpuMilliPerGpu: 1000, allowedGpuModels: [] };
    const first = diagnoseOnEmpty(base, request);
    expect(first).toEqual(diagnoseCapacity(capacityStateOf(base), request));
    expect(first.map((r) => r.code)).toEqual(["INSUFFICIENT_GPUS"]);
    const busier = allocate(base, { ...request, gpuCount: 2 }, [{ nodeIndex: 0, gpuIndices: [0, 1] }]);
    expect(diagnoseOnEmpty(busier, request)).toBe(first);
    // Other hardware (8-GPU nodes) is diagnosed afresh: the request fits it when empty.
    const bigger = cluster("x", { region: "r", zone: "NO", specs: nodes("x", 2, "A100", 8), series: ZONES.hydro() }).state;
    expect(diagnoseOnEmpty(bigger, request)).toEqual([]);
  });
});

describe("decide's explanation", () => {
  it("is built on first read, kept, and equal to a fresh decision's", () => {
    const d = coordinator().decide(fleet(), job(), { seed: 1 });
    const first = d.explanation;
    expect(d.explanation).toBe(first);
    expect(JSON.parse(JSON.stringify(first))).toEqual(JSON.parse(JSON.stringify(coordinator().decide(fleet(), job(), { seed: 1 }).explanation)));
    expect(JSON.parse(JSON.stringify(d)).explanation.summary).toBe(first.summary);
  });
});
