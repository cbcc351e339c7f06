import { describe, expect, it } from "vitest";
import { fileURLToPath } from "node:url";
import { demoClusters, demoPolicy, demoTenants, demoZones } from "./demo-catalog";
import { loadDemoInputs } from "./demo-inputs";
import { buildRunningState, nominalQuotas, RUNNING_SPLIT_JOB_ID } from "./demo-running";

const now = new Date("2026-03-15T12:34:56Z");
const dataDir = fileURLToPath(new URL("../../data/demo", import.meta.url));

function build(targetRatio: number) {
  const inputs = loadDemoInputs({ now, dataDir, seed: 20_260_101, fleet: "compact", historyHours: 48, forecastHours: 48 });
  const history = {
    now,
    days: 0,
    jobsPerDay: 0,
    seed: 1,
    pods: inputs.pods,
    clusters: demoClusters.map((c) => ({ ...c, id: `cluster-${c.name}` })),
    nodes: inputs.nodeRows,
    gpuModels: inputs.gpuModels,
    samples: inputs.samples,
    zones: demoZones,
    tenants: demoTenants.map((t) => ({ id: `tenant-${t.slug}`, userId: `user-${t.slug}`, maxGpus: 1000, carbonBudgetKgPerMonth: null })),
    policy: { id: "policy", version: 1, ...demoPolicy },
  };
  return { inputs, history, state: buildRunningState({ history, seed: 3, targetRatio, simSpeed: 60 }) };
}

describe("busy demo running state", () => {
  const { inputs, history, state } = build(0.72);

  it("fills the compact fleet to the target with placements that fit every GPU and node", () => {
    expect(inputs.gpuRows.length).toBeGreaterThan(700);
    expect(inputs.gpuRows.length).toBeLessThan(1100);
    const ratio = state.allocatedMilli / state.capacityMilli;
    expect(ratio).toBeGreaterThanOrEqual(0.72);
    expect(ratio).toBeLessThan(0.75);
    for (const milli of state.gpuMilli.values()) expect(milli).toBeLessThanOrEqual(1000);
    const nodes = new Map(inputs.nodeRows.map((n) => [n.id, n]));
    for (const [id, held] of state.nodeHeld) {
      expect(held.cpuMilli).toBeLessThanOrEqual(nodes.get(id)!.cpuMilli);
      expect(held.memoryMib).toBeLessThanOrEqual(nodes.get(id)!.memoryMib);
    }
    expect(state.shares.reduce((s, x) => s + x.milli, 0)).toBe(state.allocatedMilli);
  });

  it("holds every H800 with best-effort jobs and one A100 node per cluster with a production job", () => {
    const h800 = inputs.nodeRows.filter((n) => n.gpuModelId === "H800");
    for (const n of h800) for (let g = 0; g < n.gpuCount; g++) expect(state.gpuMilli.get(`${n.id}-gpu${g}`)).toBe(1000);
    const jobs = state.jobs as { id: string; priorityClassId: string; startedAt: Date; estimatedDurationS: number }[];
    expect(jobs.filter((j) => j.id.includes("-h800-")).every((j) => j.priorityClassId === "pc-best-effort")).toBe(true);
    expect(jobs.filter((j) => j.id.includes("-a100-")).map((j) => j.priorityClassId)).toEqual(["pc-production", "pc-production"]);
  });

  it("starts every job in the past and leaves it running at now (60x simulated clusters)", () => {
    for (const j of state.jobs as { startedAt: Date; estimatedDurationS: number }[]) {
      expect(j.startedAt.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(j.startedAt.getTime() + (j.estimatedDurationS * 1000) / 60).toBeGreaterThan(now.getTime());
    }
  });

  it("charges borrowed GPUs only to a tenant beyond its nominal share of a model", () => {
    const nominal = nominalQuotas(history);
    expect(nominal.get("tenant-cirrus-media|G2")).toBeGreaterThan(0);
    const borrowed = (state.jobs as { tenantId: string; borrowedGpus: number }[]).filter((j) => j.borrowedGpus > 0);
    expect(borrowed.length).toBeGreaterThan(0);
    expect(borrowed.some((j) => j.tenantId === "tenant-borealis-ai")).toBe(false);
  });

  it("places the jobs in the order they started, each on the fleet the earlier ones left", () => {
    const jobs = state.jobs as { id: string; startedAt: Date }[];
    const decisions = state.decisions as { jobId: string; createdAt: Date }[];
    // Jobs are written in placement order; all but a few top-up draws (placed last) come in start order.
    let inversions = 0;
    for (let i = 1; i < jobs.length; i++) if (jobs[i]!.startedAt < jobs[i - 1]!.startedAt) inversions++;
    expect(jobs.length).toBeGreaterThan(100);
    expect(inversions).toBeLessThanOrEqual(3);
    // Each placing decision is stamped at its job's start.
    const startOf = new Map(jobs.map((j) => [j.id, j.startedAt.getTime()]));
    for (const d of decisions) expect(d.createdAt.getTime()).toBe(startOf.get(d.jobId));
  });

  it("splits the running gang over the Toronto-Ottawa link, ten whole nodes in one rack on each side", () => {
    const job = (state.jobs as { id: string; gangSize: number; allowSplit: boolean; status: string }[]).find((j) => j.id === RUNNING_SPLIT_JOB_ID)!;
    expect(job).toMatchObject({ gangSize: 10, allowSplit: true, status: "RUNNING" });
    const decision = (
      state.decisions as { jobId: string; assignments: { cluster: string; node: string; gpuIndices: number[] }[]; explanation: { split?: unknown } }[]
    ).find((d) => d.jobId === RUNNING_SPLIT_JOB_ID)!;
    const clusters = new Set(decision.assignments.map((a) => a.cluster));
    expect(clusters).toEqual(new Set(["cluster-tor-hub-1", "cluster-ott-regional-1"]));
    expect(decision.assignments).toHaveLength(10);
    for (const a of decision.assignments) expect(a.gpuIndices).toHaveLength(8);
    expect(decision.explanation.split).toBeTruthy();
  });

  it("stores the engine input of every placing decision it keeps", () => {
    const hashes = new Set(state.inputs.map((p) => p.hash));
    const decisions = state.decisions as { inputHash: string | null }[];
    expect(decisions.length).toBe(state.jobs.length);
    for (const d of decisions) expect(hashes.has(d.inputHash!)).toBe(true);
  });

  it("is deterministic", () => {
    expect(JSON.stringify(build(0.72).state.jobs)).toEqual(JSON.stringify(state.jobs));
    // Two placement passes over about 500 jobs; slow on a shared machine.
  }, 60_000);
});
