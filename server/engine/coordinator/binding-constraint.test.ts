/**
 * Golden cases: the unschedulable jobs whose old explanations named the wrong constraint. Each must
 * now name the resource or rule that blocks it, with numbers, say whether waiting can help, and offer
 * the smallest change that works (or say truthfully that none tried does).
 */
import { describe, expect, it } from "vitest";
import type { NodeSpec } from "../model/node";
import { createCoordinator } from "./coordinator";
import { formatExplanation } from "./format";
import { DEFAULT_COORDINATOR_POLICY } from "./policy";
import { cluster, fleet, job, nodes, WORKLOAD, ZONES } from "./test-fixtures";

const coordinator = () => createCoordinator({ policy: DEFAULT_COORDINATOR_POLICY, workload: WORKLOAD });

/** `racks` racks of 16 eight-GPU H100 nodes. */
const racksOf16 = (prefix: string, racks: number): NodeSpec[] =>
  Array.from({ length: racks * 16 }, (_, i) => ({
    name: `${prefix}-${i}`,
    cpuMilli: 128_000,
    memoryMib: 1_048_576,
    gpuCount: 8,
    gpuModel: "H100",
    rack: `${prefix}-r${Math.floor(i / 16)}`,
  }));

describe("reasons name the binding constraint", () => {
  it("500 CPU cores and 4,000 GiB: CPU and memory are named, not GPUs; it can never run as asked; the smaller request is offered", () => {
    const d = coordinator().decide(fleet(), job({ id: "cmwt0000000000000000", cpuMilli: 500_000, memoryMib: 4000 * 1024 }), { seed: 1 });
    const e = d.explanation;
    expect(d.outcome).toBe("unschedulable");
    expect(d.couldEverRun).toBe(false);
    for (const c of e.clusters) {
      expect(c.verdict).toBe("unfit-unresolvable");
      expect(c.filters.find((f) => f.filter === "capacity")?.reasons).toEqual([
        { code: "INSUFFICIENT_CPU", resource: "cpu", unit: "milliCpu", requested: 500_000, available: 128_000, capacity: 128_000 },
        { code: "INSUFFICIENT_MEMORY", resource: "memory", unit: "mib", requested: 4000 * 1024, available: 1_048_576, capacity: 1_048_576 },
      ]);
    }
    expect(e.summary).toBe(
      "0/3 clusters can run this job now: 3 lack 500 CPU cores on one node (most free: 128 CPU cores) and lack 4000 GiB memory on one node (most free: 1024 GiB)",
    );
    expect(e.summary).not.toMatch(/GPU/);
    expect(e.counterfactuals.fixes[0]).toMatchObject({ change: "smaller-request" });
    expect(e.counterfactuals.fixes[0]?.description).toMatch(
      /^ask for 128 CPU cores instead of 500 CPU cores and 1024 GiB memory instead of 4000 GiB per member: /,
    );
    const text = formatExplanation(e);
    expect(text).toContain("No cluster could ever hold this job as submitted");
    expect(text).not.toContain("cmwt");
  });

  it("4 members of 8 GPUs limited to A100: clusters without A100 say so, not 'room for 0'", () => {
    const snap = fleet({
      clusters: [
        cluster("h1", { region: "eu", zone: "NO", specs: nodes("h1", 4, "H100"), series: ZONES.hydro() }),
        cluster("h2", { region: "eu", zone: "PL", specs: nodes("h2", 4, "H100"), series: ZONES.coal() }),
        cluster("l1", { region: "us", zone: "US-CAL-CISO", specs: nodes("l1", 4, "L40S"), series: ZONES.solar() }),
        cluster("a1", { region: "eu", zone: "NO", specs: nodes("a1", 4, "A100"), busyGpus: 8, series: ZONES.hydro() }),
      ],
    });
    const d = coordinator().decide(snap, job({ gpuCount: 8, gangSize: 4, allowedGpuModels: ["A100"], gangSameRack: false }), { seed: 2 });
    const e = d.explanation;
    expect(d.outcome).toBe("unschedulable");
    for (const id of ["h1", "h2", "l1"]) {
      const c = e.clusters.find((x) => x.clusterId === id);
      expect(c?.verdict).toBe("unfit-unresolvable");
      expect(c?.filters.filter((f) => !f.passed)).toEqual([
        { filter: "gpu-model", verdict: "unfit-unresolvable", passed: false, reasons: [{ code: "GPU_MODEL_ABSENT", resource: "gpu-model", subject: "A100" }] },
      ]);
    }
    // The A100 cluster is full now, not forever: it waits.
    expect(e.clusters.find((x) => x.clusterId === "a1")?.verdict).toBe("unfit");
    expect(d.couldEverRun).toBe(true);
    expect(e.summary).toBe("0/4 clusters can run this job now: 3 have no A100 GPUs, 1 lacks 8 free A100 GPUs on one node (most free: 0)");
  });

  it("a 17-node gang against 16-node racks spans two racks, with the topology cost stated", () => {
    const snap = fleet({ clusters: [cluster("big", { region: "eu", zone: "NO", specs: racksOf16("h", 8), series: ZONES.hydro() })], tenants: [] });
    const d = coordinator().decide(snap, job({ gpuCount: 8, cpuMilli: 32_000, gangSize: 17 }), { seed: 3 });
    expect(d.outcome).toBe("placed");
    const part = d.explanation.chosen[0];
    expect(new Set(part?.placements.map((p) => p.nodeName.replace(/-\d+$/, "")))).toEqual(new Set(["h"]));
    expect(part?.topology).toMatchObject({ nodes: 17, racks: 2, level: "switch", slowdownPct: 3 });
    // The racks carry no switch group: crossing them costs at least the rack-to-switch penalty.
    expect(formatExplanation(d.explanation)).toContain("spans 2 racks (switch groups unknown): at least ~3 % slower");
  });

  it("a 17-node gang that asks for one rack against 16-node racks: the rack rule is named, unresolvable unless relaxed; both relaxations are offered", () => {
    // No tenant quota here: 17 x 8 GPUs would also exceed the fixture's 64-GPU quota, a second binding reason.
    const snap = fleet({ clusters: [cluster("big", { region: "eu", zone: "NO", specs: racksOf16("h", 8), series: ZONES.hydro() })], tenants: [] });
    const d = coordinator().decide(snap, job({ gpuCount: 8, cpuMilli: 32_000, gangSize: 17, gangSameRack: true }), { seed: 3 });
    const e = d.explanation;
    expect(d.outcome).toBe("unschedulable");
    expect(d.couldEverRun).toBe(false);
    const big = e.clusters[0];
    expect(big?.verdict).toBe("unfit-unresolvable");
    expect(big?.filters.find((f) => f.filter === "capacity")?.reasons).toEqual([
      { code: "RACK_CAPACITY_FOR_GANG", resource: "gang", unit: "members", requested: 17, available: 16, subject: "h-r0" },
    ]);
    expect(e.summary).toBe("0/1 clusters can run this job now: 1 has no rack that can host all 17 gang members (at most 16 in one rack)");
    // Fewer GPUs per member is tried first (smaller for the tenant): at 4 GPUs two members share a
    // node, so one 16-node rack holds all 17.
    expect(e.counterfactuals.fixes.map((f) => [f.change, f.value ?? null])).toEqual([
      ["fewer-gpus", 4],
      ["fewer-members", 16],
      ["gang-across-racks", null],
    ]);
  });

  it("sentences name clusters and the job by name, never by database id", () => {
    const base = fleet();
    const snap = { ...base, clusters: base.clusters.map((c, i) => ({ ...c, id: `cm${i}x9f3k2`, name: `Cluster ${i}` })) };
    const d = coordinator().decide(snap, job({ id: "cmwt5k2j0000", gpuCount: 8, cpuMilli: 32_000, gangSize: 5, gangSameRack: false }), { seed: 5 });
    expect(d.outcome).toBe("unschedulable");
    const text = formatExplanation(d.explanation);
    expect(d.explanation.counterfactuals.fixes.length).toBeGreaterThan(0);
    expect(text).toMatch(/Cluster \d/);
    expect(text).not.toMatch(/cm\d?x9f3k2|cmwt5k2j0000/);
  });

  it("says truthfully when no change tried helps", () => {
    const snap = fleet({ clusters: [cluster("t4", { region: "eu", zone: "NO", specs: nodes("t", 2, "T4", 1), series: ZONES.hydro() })] });
    const d = coordinator().decide(snap, job({ gpuCount: 1, gangSize: 3, gangSameRack: false, allowedGpuModels: ["H100"] }), { seed: 4 });
    expect(d.outcome).toBe("unschedulable");
    expect(d.explanation.counterfactuals.fixes).toEqual([]);
    expect(d.explanation.counterfactuals.fixesTried).toEqual(["other-model", "fewer-members", "allow-split"]);
    expect(formatExplanation(d.explanation)).toContain("No single change tried (any GPU model, fewer members, a split across clusters) would let it run.");
  });
});
