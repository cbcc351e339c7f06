import { describe, expect, it } from "vitest";
import { createCluster } from "../model/node";
import { createCoordinator } from "./coordinator";
import { coordinatorExplanationSchema, type CoordinatorExplanation } from "./explanation-schema";
import { formatExplanation } from "./format";
import { DEFAULT_COORDINATOR_POLICY, parseCoordinatorPolicy } from "./policy";
import { cluster, fleet, job, nodes, occupy, T0_MS, WORKLOAD, ZONES } from "./test-fixtures";
import type { FleetSnapshot } from "./types";

const H = 3_600_000;
const coordinator = () => createCoordinator({ policy: DEFAULT_COORDINATOR_POLICY, workload: WORKLOAD });

/** The explanation with each nested in-cluster explanation reduced to its summary (owned by the placer's own snapshots). */
function golden(e: CoordinatorExplanation) {
  expect(coordinatorExplanationSchema.parse(JSON.parse(JSON.stringify(e)))).toEqual(JSON.parse(JSON.stringify(e)));
  return { ...e, chosen: e.chosen.map((c) => ({ ...c, inCluster: { summary: c.inCluster.summary, placements: c.inCluster.placements } })) };
}

describe("coordinator golden explanations", () => {
  it("placed now: the clean regional cluster wins", () => {
    const d = coordinator().decide(fleet(), job(), { seed: 1 });
    expect(d.outcome).toBe("placed");
    expect(d.parts.map((p) => p.clusterId)).toEqual(["no-reg"]);
    expect(golden(d.explanation)).toMatchSnapshot();
    expect(formatExplanation(d.explanation)).toMatchSnapshot();
  });

  it("deferred for carbon: a flexible job waits for the solar dip", () => {
    const d = coordinator().decide(fleet(), job({ allowedRegions: ["us-west"], earliestStartMs: T0_MS, deadlineMs: T0_MS + 30 * H }), { seed: 1 });
    expect(d.outcome).toBe("deferred");
    expect(d.startMs).toBe(T0_MS + 10 * H);
    expect(d.explanation.clusters.find((c) => c.clusterId === "ca-hub")?.startReason).toBe("carbon");
    expect(golden(d.explanation)).toMatchSnapshot();
    expect(formatExplanation(d.explanation)).toMatchSnapshot();
  });

  it("split across two linked clusters when no single cluster has room for the gang", () => {
    const snap = fleet({
      clusters: [
        cluster("de-a", { region: "eu", zone: "DE", specs: nodes("a", 2, "A100"), series: ZONES.solar() }),
        cluster("de-b", { region: "eu", zone: "DE", specs: nodes("b", 2, "A100"), series: ZONES.solar() }),
      ],
      links: [{ a: "de-a", b: "de-b", bandwidthGbps: 12_800, distanceKm: 120 }],
    });
    const d = coordinator().decide(snap, job({ gpuCount: 8, cpuMilli: 32_000, gangSize: 3, allowSplit: true, estimatedDurationS: 10 * 3600 }), { seed: 3 });
    expect(d.split).toBe(true);
    expect(d.parts.map((p) => p.request.gangSize)).toEqual([2, 1]);
    expect(d.explanation.split?.slowdownPct).toBeCloseTo(1.95 * (120 / 300));
    expect(golden(d.explanation)).toMatchSnapshot();
    expect(formatExplanation(d.explanation)).toMatchSnapshot();
  });

  it("compute-native on mixed models: 4 A100-equivalents land on 2 H100 (least energy), duration scaled", () => {
    const snap = fleet({
      clusters: [
        cluster("a100-full", { region: "eu", zone: "NO", specs: nodes("a", 2, "A100"), busyGpus: 8, series: ZONES.hydro() }),
        cluster("mixed", {
          region: "eu",
          zone: "PL",
          specs: [...nodes("h", 1, "H100"), ...nodes("l", 1, "L40S"), ...nodes("t", 1, "T4")],
          busyGpus: 4,
          series: ZONES.coal(),
        }),
      ],
    });
    const d = coordinator().decide(snap, job({ computeUnits: 4, minGpuMemoryGib: 40, gpuCount: 0, estimatedDurationS: 4 * 3600 }), { seed: 5 });
    expect(d.outcome).toBe("placed");
    expect(d.parts[0]?.request).toMatchObject({ gpuCount: 2, allowedGpuModels: ["H100"] });
    const mixed = d.explanation.clusters.find((c) => c.clusterId === "mixed");
    expect(mixed?.variant).toMatchObject({ gpuModel: "H100", gpusTotal: 2, durationS: 4 * 3600, computeUnitsProvided: 4 });
    expect(mixed?.filters.map((f) => f.filter)).toContain("capacity (L40S)");
    expect(golden(d.explanation)).toMatchSnapshot();
    expect(formatExplanation(d.explanation)).toMatchSnapshot();
  });

  it("unschedulable: reasons counted with numbers and the smallest fixing change", () => {
    const base = fleet();
    const pl = base.clusters[0];
    const busy = pl ? occupy(pl.state, 4) : createCluster([]);
    const snap: FleetSnapshot = {
      ...base,
      clusters: [
        pl
          ? {
              ...pl,
              state: busy,
              running: [
                {
                  jobId: "old",
                  job: { cpuMilli: 0, memoryMib: 0, gpuCount: 4, gpuMilliPerGpu: 1000, allowedGpuModels: [] },
                  assignments: [{ nodeIndex: 0, gpuIndices: [0, 1, 2, 3] }],
                  endMs: T0_MS + 10 * H,
                },
              ],
            }
          : base.clusters[0],
        ...base.clusters.slice(1),
      ] as FleetSnapshot["clusters"],
      tenants: [{ tenant: "acme", maxGpus: 64, gpusInUse: 0, carbonBudgetKgPerMonth: null, carbonUsedKgThisMonth: 0 }],
    };
    const d = coordinator().decide(
      snap,
      job({ gpuCount: 8, allowedGpuModels: ["A100"], allowedRegions: ["eu-central", "eu-north"], deadlineMs: T0_MS + 6 * H }),
      { seed: 9 },
    );
    expect(d.outcome).toBe("unschedulable");
    expect(d.explanation.summary).toBe(
      "0/3 clusters can run this job now: 2 lack 8 free A100 GPUs on one node (most free: 4), 1 is outside the allowed regions (us-west)",
    );
    expect(d.explanation.counterfactuals.fixes[0]).toMatchObject({ change: "wider-window", clusterId: "pl-hub", startMs: T0_MS + 10 * H });
    expect(d.explanation.counterfactuals.fixes.map((f) => f.change)).toEqual(["wider-window", "fewer-gpus", "other-region"]);
    expect(golden(d.explanation)).toMatchSnapshot();
    expect(formatExplanation(d.explanation)).toMatchSnapshot();
  });
});

describe("policy", () => {
  it("parses a stored Policy row (weights + constraints JSON) with defaults", () => {
    const p = parseCoordinatorPolicy({
      name: "green",
      version: 3,
      objectiveWeights: { carbon: 0.4, fragmentation: 0.3, waiting: 0.2, locality: 0.1 },
      constraints: { maxDeferralHours: 12, honorCarbonBudget: true, allowSplitAcrossClusters: false },
    });
    expect(p.constraints.minSplitLinkGbps).toBe(400);
    expect(p.inClusterPolicy).toBe("verdant");
    expect(() => parseCoordinatorPolicy({ ...p, objectiveWeights: { carbon: 0, fragmentation: 0, waiting: 0, locality: 0 } })).toThrow();
  });
});

describe("quota, budget, status", () => {
  it("rejects clusters over the tenant's GPU quota with the overshoot", () => {
    const d = coordinator().decide(
      fleet({ tenants: [{ tenant: "acme", maxGpus: 10, gpusInUse: 8, carbonBudgetKgPerMonth: null, carbonUsedKgThisMonth: 0 }] }),
      job({ gpuCount: 4 }),
      { seed: 1 },
    );
    expect(d.outcome).toBe("unschedulable");
    expect(d.explanation.summary).toBe("0/3 clusters can run this job now: 3 are over the tenant's GPU quota by 2 (asks 4 GPUs, 2 of 10 left)");
    // The tenant's own jobs will end, so it waits rather than being declared impossible.
    expect(d.couldEverRun).toBe(true);
    expect(d.explanation.clusters.every((c) => c.verdict === "unfit")).toBe(true);
    expect(d.explanation.counterfactuals.fixes.map((f) => f.change)).toContain("raise-quota");
  });
  it("honors the carbon budget and skips inactive clusters", () => {
    const snap = fleet({ tenants: [{ tenant: "acme", maxGpus: 64, gpusInUse: 0, carbonBudgetKgPerMonth: 1, carbonUsedKgThisMonth: 0.99 }] });
    const d = coordinator().decide({ ...snap, clusters: snap.clusters.map((c) => (c.id === "no-reg" ? { ...c, status: "maintenance" as const } : c)) }, job(), {
      seed: 1,
    });
    expect(d.outcome).toBe("unschedulable");
    expect(d.explanation.reasonHistogram).toEqual({ CARBON_BUDGET: 2, CLUSTER_NOT_ACTIVE: 1 });
  });
  it("excludes an unreachable cluster with its reason and places the job elsewhere", () => {
    const snap = fleet();
    const free = coordinator().decide(snap, job(), { seed: 1 });
    expect(free.outcome).toBe("placed");
    const chosen = free.parts[0]!.clusterId;
    const cut = {
      ...snap,
      clusters: snap.clusters.map((c) => (c.id === chosen ? { ...c, reachable: false, unreachableReason: "start timed out after 5000 ms" } : c)),
    };
    const d = coordinator().decide(cut, job(), { seed: 1 });
    expect(d.outcome).toBe("placed");
    expect(d.parts.map((p) => p.clusterId)).not.toContain(chosen);
    const rejected = d.explanation.clusters.find((c) => c.clusterId === chosen)!;
    expect(rejected.passed).toBe(false);
    expect(rejected.filters).toContainEqual({
      filter: "cluster-reachable",
      verdict: "unfit",
      passed: false,
      reasons: [{ code: "CLUSTER_UNREACHABLE", resource: "cluster", subject: "start timed out after 5000 ms" }],
    });
    expect(d.explanation.reasonHistogram.CLUSTER_UNREACHABLE).toBe(1);
    // Every cluster cut off: the summary names the reason.
    const none = coordinator().decide(
      { ...snap, clusters: snap.clusters.map((c) => ({ ...c, reachable: false, unreachableReason: "API timed out" })) },
      job(),
      { seed: 1 },
    );
    expect(none.outcome).toBe("unschedulable");
    expect(none.explanation.summary).toBe("0/3 clusters can run this job now: 3 are unreachable (API timed out)");
  });
});

describe("carbon signals", () => {
  it("decides a job whose candidates mix signal types on the majority signal, excluding the other with its reason", () => {
    const snap = fleet();
    const marginal = { ...ZONES.hydro(), signalType: "marginal" as const };
    // no-reg (the cleanest, chosen when all are average) reports a marginal signal; the two others are average.
    const mixed = { ...snap, clusters: snap.clusters.map((c) => (c.id === "no-reg" ? { ...c, series: marginal } : c)) };
    const d = coordinator().decide(mixed, job(), { seed: 1 });
    expect(d.outcome).toBe("placed");
    expect(d.parts.map((p) => p.clusterId)).not.toContain("no-reg");
    expect(d.explanation.signalComparison).toEqual({ decidedOn: "average/lifecycle", excludedClusterIds: ["no-reg"] });
    const excluded = d.explanation.clusters.find((c) => c.clusterId === "no-reg");
    expect(excluded?.passed).toBe(false);
    expect(excluded?.filters.at(-1)?.reasons).toEqual([{ code: "SIGNAL_TYPE_NOT_COMPARED", resource: "carbon-signal", subject: "marginal/lifecycle" }]);
    expect(formatExplanation(d.explanation)).toMatch(/not comparable/);
  });

  it("breaks a tie between signal types in favour of average", () => {
    const snap = fleet();
    const marginal = (s: FleetSnapshot["clusters"][number]["series"]) => ({ ...s, signalType: "marginal" as const });
    const two = { ...snap, clusters: snap.clusters.slice(0, 2).map((c, i) => (i === 0 ? { ...c, series: marginal(c.series) } : c)) };
    const d = coordinator().decide(two, job(), { seed: 1 });
    expect(d.explanation.signalComparison?.decidedOn).toBe("average/lifecycle");
    expect(d.explanation.signalComparison?.excludedClusterIds).toEqual([two.clusters[0]?.id]);
    expect(d.parts.map((p) => p.clusterId)).toEqual([two.clusters[1]?.id]);
  });
});

describe("backfill (EASY)", () => {
  it("a small job may start now only where it does not delay a reservation", () => {
    const snap = fleet();
    const no = snap.clusters[1];
    if (!no) throw new Error("fixture");
    // The big job holds all of no-reg's node 0..3 from +2 h; a 3 h job must not use them.
    const reservations = [0, 1, 2, 3].map((i) => ({
      jobId: `big-${i}`,
      job: { cpuMilli: 0, memoryMib: 0, gpuCount: 4, gpuMilliPerGpu: 1000, allowedGpuModels: [] },
      assignments: [{ nodeIndex: i, gpuIndices: [4, 5, 6, 7] }],
      startMs: T0_MS + 2 * H,
      endMs: T0_MS + 20 * H,
    }));
    const only = { ...snap, clusters: [{ ...no, reservations }] };
    const long = coordinator().decide(only, job(), { seed: 1 });
    expect(long.outcome).toBe("deferred");
    expect(long.startMs).toBe(T0_MS + 20 * H);
    const short = coordinator().decide(only, job({ estimatedDurationS: 3600 }), { seed: 1 });
    expect(short.outcome).toBe("placed");
  });
});
