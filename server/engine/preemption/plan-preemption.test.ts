import { describe, expect, it } from "vitest";
import { coordinatorExplanationSchema } from "../coordinator/explanation-schema";
import { DEFAULT_COORDINATOR_POLICY, parseCoordinatorPolicy } from "../coordinator/policy";
import { CATALOG, T0_MS, ZONES, cluster, job, nodes } from "../coordinator/test-fixtures";
import type { FleetCluster, FleetSnapshot, RunningJob, RunningJobPreemption, TenantUsage } from "../coordinator/types";
import { allocate } from "../placement/allocate";
import { planPreemption } from "./plan-preemption";

const HOUR = 3_600_000;
const MIN = 60_000;

interface Holder {
  id: string;
  node: number;
  gpus: number[];
  members?: { node: number; gpus: number[] }[];
  p?: Partial<RunningJobPreemption>;
}

/** One cluster of two 4-GPU A100 nodes holding the given jobs (started 5 h ago by default). */
function snapshotWith(holders: Holder[], tenants?: TenantUsage[]): FleetSnapshot {
  const base = cluster("c1", { region: "eu", zone: "NO", specs: nodes("n", 2, "A100", 4), series: ZONES.hydro() });
  let state = base.state;
  const running: RunningJob[] = holders.map((h) => {
    const members = h.members ?? [{ node: h.node, gpus: h.gpus }];
    const request = {
      cpuMilli: 4000,
      memoryMib: 8192,
      gpuCount: members[0]!.gpus.length,
      gpuMilliPerGpu: 1000,
      allowedGpuModels: [],
      gangSize: members.length,
    };
    const assignments = members.map((m) => ({ nodeIndex: m.node, gpuIndices: m.gpus }));
    state = allocate(state, request, assignments);
    return {
      jobId: h.id,
      job: request,
      assignments,
      endMs: T0_MS + 10 * HOUR,
      preemption: {
        tenant: "beta",
        priority: 100,
        preemptible: true,
        startedAtMs: T0_MS - 5 * HOUR,
        lastCheckpointMs: null,
        borrowedGpus: 0,
        minMembers: null,
        ...h.p,
      },
    };
  });
  const c: FleetCluster = { ...base, state, running };
  return {
    nowMs: T0_MS,
    clusters: [c],
    links: [],
    gpuModels: CATALOG,
    tenants: tenants ?? [
      { tenant: "acme", maxGpus: 64, gpusInUse: 0, carbonBudgetKgPerMonth: null, carbonUsedKgThisMonth: 0 },
      { tenant: "beta", maxGpus: 64, gpusInUse: 8, carbonBudgetKgPerMonth: null, carbonUsedKgThisMonth: 0 },
    ],
  };
}

const production = (over = {}) => job({ id: "prod", gpuCount: 4, cpuMilli: 4000, priority: 1000, priorityClass: "pc-production", mayPreempt: true, ...over });

describe("planPreemption", () => {
  it("stops the victim that loses the least work since its checkpoint and places the job on its GPUs", () => {
    const snap = snapshotWith([
      { id: "fresh-ckpt", node: 0, gpus: [0, 1, 2, 3], p: { lastCheckpointMs: T0_MS - 10 * MIN, checkpointedWorkS: 4 * 3600 } },
      { id: "no-ckpt", node: 1, gpus: [0, 1, 2, 3] },
    ]);
    const plan = planPreemption(snap, production(), DEFAULT_COORDINATOR_POLICY, { seed: 1 });
    expect(plan).not.toBeNull();
    expect(plan!.victims.map((v) => v.jobId)).toEqual(["fresh-ckpt"]);
    const v = plan!.victims[0]!;
    expect(v.reason).toBe("lower-priority");
    expect(v.lostGpuHours).toBeCloseTo((4 * 10) / 60, 9);
    expect(v.sinceCheckpointS).toBe(600);
    expect(v.resumeFromWorkS).toBe(4 * 3600);
    expect(v.shrinkTo).toBeNull();
    expect(plan!.decision.outcome).toBe("placed");
    expect(plan!.decision.startMs).toBe(T0_MS);
    expect(plan!.decision.parts[0]!.assignments[0]!.nodeIndex).toBe(0);
    // The other sufficient set was weighed and costs more (a whole unsaved 5 h run on 4 GPUs).
    const other = plan!.section.alternatives.find((a) => a.victimIds.includes("no-ckpt"));
    expect(other?.lostGpuHours).toBeCloseTo(20, 9);
    expect(other?.chosen).toBe(false);
    expect(coordinatorExplanationSchema.parse(plan!.decision.explanation).preemption?.victims[0]?.jobId).toBe("fresh-ckpt");
  });

  it("takes back borrowed GPUs before stopping lower-priority work, even when that loses more", () => {
    const snap = snapshotWith([
      { id: "borrower", node: 0, gpus: [0, 1, 2, 3], p: { tenant: "gamma", priority: 1000, preemptible: false, borrowedGpus: 4 } },
      { id: "cheap", node: 1, gpus: [0, 1, 2, 3], p: { lastCheckpointMs: T0_MS - MIN } },
    ]);
    const plan = planPreemption(snap, production(), DEFAULT_COORDINATOR_POLICY, { seed: 1 });
    expect(plan!.victims.map((v) => [v.jobId, v.reason])).toEqual([["borrower", "borrowed-quota"]]);
    expect(plan!.lostGpuHours).toBeCloseTo(20, 9);
  });

  it("does not reclaim borrowed GPUs for a tenant already beyond its nominal quota", () => {
    const snap = snapshotWith(
      [
        { id: "borrower", node: 0, gpus: [0, 1, 2, 3], p: { tenant: "gamma", priority: 1000, preemptible: false, borrowedGpus: 4 } },
        { id: "peer", node: 1, gpus: [0, 1, 2, 3], p: { priority: 1000 } },
      ],
      [{ tenant: "acme", maxGpus: 6, gpusInUse: 4, carbonBudgetKgPerMonth: null, carbonUsedKgThisMonth: 0 }],
    );
    expect(planPreemption(snap, production(), DEFAULT_COORDINATOR_POLICY, { seed: 1 })).toBeNull();
  });

  it("never preempts equal or higher priority nor non-preemptible jobs", () => {
    const snap = snapshotWith([
      { id: "equal", node: 0, gpus: [0, 1, 2, 3], p: { priority: 1000 } },
      { id: "higher", node: 1, gpus: [0, 1], p: { priority: 2000 } },
      { id: "pinned", node: 1, gpus: [2, 3], p: { priority: 1, preemptible: false } },
    ]);
    expect(planPreemption(snap, production(), DEFAULT_COORDINATOR_POLICY, { seed: 1 })).toBeNull();
    // A 2-GPU job fits once a lower preemptible job goes, and the planner then picks only that one.
    const mixed = snapshotWith([
      { id: "equal", node: 0, gpus: [0, 1, 2, 3], p: { priority: 1000 } },
      { id: "low", node: 1, gpus: [0, 1] },
      { id: "pinned", node: 1, gpus: [2, 3], p: { priority: 1, preemptible: false } },
    ]);
    const plan = planPreemption(mixed, production({ gpuCount: 2 }), DEFAULT_COORDINATOR_POLICY, { seed: 1 });
    expect(plan!.victims.map((v) => v.jobId)).toEqual(["low"]);
  });

  it("returns null when releasing every eligible job would still not let the job start", () => {
    // Each node keeps two GPUs of an equal-priority job, so no node can ever offer four.
    const snap = snapshotWith([
      { id: "low-0", node: 0, gpus: [0, 1] },
      { id: "equal-0", node: 0, gpus: [2, 3], p: { priority: 1000 } },
      { id: "low-1", node: 1, gpus: [0, 1] },
      { id: "equal-1", node: 1, gpus: [2, 3], p: { priority: 1000 } },
    ]);
    expect(planPreemption(snap, production(), DEFAULT_COORDINATOR_POLICY, { seed: 1 })).toBeNull();
  });

  it("returns null when the class may not preempt, the policy forbids it, or the job fits already", () => {
    const snap = snapshotWith([
      { id: "low", node: 0, gpus: [0, 1, 2, 3] },
      { id: "low-2", node: 1, gpus: [0, 1, 2, 3] },
    ]);
    expect(planPreemption(snap, production({ mayPreempt: false }), DEFAULT_COORDINATOR_POLICY, { seed: 1 })).toBeNull();
    const off = parseCoordinatorPolicy({ ...DEFAULT_COORDINATOR_POLICY, constraints: { ...DEFAULT_COORDINATOR_POLICY.constraints, preemption: false } });
    expect(planPreemption(snap, production(), off, { seed: 1 })).toBeNull();
    const roomy = snapshotWith([{ id: "low", node: 0, gpus: [0, 1, 2, 3] }]);
    expect(planPreemption(roomy, production(), DEFAULT_COORDINATOR_POLICY, { seed: 1 })).toBeNull();
  });

  it("shrinks an elastic gang to its minimum instead of stopping it", () => {
    const snap = snapshotWith([
      {
        id: "elastic",
        node: 0,
        gpus: [],
        members: [
          { node: 0, gpus: [0, 1, 2, 3] },
          { node: 1, gpus: [0, 1, 2, 3] },
        ],
        p: { minMembers: 1 },
      },
    ]);
    const plan = planPreemption(snap, production(), DEFAULT_COORDINATOR_POLICY, { seed: 1 });
    expect(plan!.victims).toHaveLength(1);
    expect(plan!.victims[0]!.shrinkTo).toBe(1);
    expect(plan!.victims[0]!.gpus).toBe(4);
    expect(plan!.decision.parts[0]!.assignments[0]!.nodeIndex).toBe(1);
  });

  it("sheds only as many members as the job needs, keeping the rest of the gang", () => {
    const snap = snapshotWith([
      {
        id: "elastic",
        node: 0,
        gpus: [],
        members: [
          { node: 0, gpus: [0, 1] },
          { node: 0, gpus: [2, 3] },
          { node: 1, gpus: [0, 1] },
          { node: 1, gpus: [2, 3] },
        ],
        p: { minMembers: 1 },
      },
    ]);
    const plan = planPreemption(snap, production(), DEFAULT_COORDINATOR_POLICY, { seed: 1 });
    // Shrinking to 3 frees only two GPUs of node 1; to 2 frees the whole node; to 1 would lose more work.
    expect(plan!.victims).toEqual([expect.objectContaining({ jobId: "elastic", shrinkTo: 2, shrunkFrom: 4, gpus: 4 })]);
    expect(plan!.decision.parts[0]!.assignments[0]!.nodeIndex).toBe(1);
  });

  it("is deterministic and bounded by maxEvaluations", () => {
    const holders: Holder[] = [];
    for (let n = 0; n < 2; n++)
      for (let g = 0; g < 4; g++) holders.push({ id: `j${n}${g}`, node: n, gpus: [g], p: { lastCheckpointMs: T0_MS - (n * 4 + g + 1) * MIN } });
    const snap = snapshotWith(holders);
    const a = planPreemption(snap, production(), DEFAULT_COORDINATOR_POLICY, { seed: 7 });
    const b = planPreemption(snap, production(), DEFAULT_COORDINATOR_POLICY, { seed: 7 });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    // The four cheapest checkpoints are on node 0.
    expect(a!.victims.map((v) => v.jobId).sort()).toEqual(["j00", "j01", "j02", "j03"]);
    expect(a!.section.evaluations).toBeLessThanOrEqual(200);
    const tight = planPreemption(snap, production(), DEFAULT_COORDINATOR_POLICY, { seed: 7, maxEvaluations: 4 });
    expect(tight === null || tight.section.evaluations <= 5).toBe(true);
  });

  it("does not stop a job within the policy's minimum run time, even when it is the cheapest victim", () => {
    // Restarted 5 minutes ago from its checkpoint: it would lose the least, so without an exempt time it is picked.
    const snap = snapshotWith([
      { id: "restarted", node: 0, gpus: [0, 1, 2, 3], p: { startedAtMs: T0_MS - 5 * MIN, checkpointedWorkS: 4 * 3600 } },
      { id: "long-run", node: 1, gpus: [0, 1, 2, 3], p: { lastCheckpointMs: T0_MS - 30 * MIN } },
    ]);
    expect(DEFAULT_COORDINATOR_POLICY.constraints.preemptExemptMinutes).toBe(0);
    expect(planPreemption(snap, production(), DEFAULT_COORDINATOR_POLICY, { seed: 1 })!.victims.map((v) => v.jobId)).toEqual(["restarted"]);
    const exempt = (minutes: number) =>
      parseCoordinatorPolicy({ ...DEFAULT_COORDINATOR_POLICY, constraints: { ...DEFAULT_COORDINATOR_POLICY.constraints, preemptExemptMinutes: minutes } });
    const plan = planPreemption(snap, production(), exempt(10), { seed: 1 });
    expect(plan!.victims.map((v) => v.jobId)).toEqual(["long-run"]);
    expect(plan!.lostGpuHours).toBeCloseTo((4 * 30) / 60, 9);
    // Exactly at the limit the job may be stopped again; with every job exempt there is no plan.
    expect(planPreemption(snap, production(), exempt(5), { seed: 1 })!.victims.map((v) => v.jobId)).toEqual(["restarted"]);
    const bothFresh = snapshotWith([
      { id: "a", node: 0, gpus: [0, 1, 2, 3], p: { startedAtMs: T0_MS - 9 * MIN } },
      { id: "b", node: 1, gpus: [0, 1, 2, 3], p: { startedAtMs: T0_MS - MIN } },
    ]);
    expect(planPreemption(bothFresh, production(), exempt(10), { seed: 1 })).toBeNull();
    expect(() => parseCoordinatorPolicy({ ...DEFAULT_COORDINATOR_POLICY, constraints: { preemptExemptMinutes: -1 } })).toThrow();
  });

  it("finds the cheapest whole node on random fleets, as an exhaustive search does", () => {
    let seed = 11;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let round = 0; round < 25; round++) {
      const holders: Holder[] = [];
      for (let node = 0; node < 2; node++) {
        let g = 0;
        while (g < 4) {
          const k = Math.min(4 - g, 1 + Math.floor(rnd() * 3));
          const priority = rnd() < 0.8 ? 100 : 1000;
          holders.push({
            id: `r${round}-n${node}-g${g}`,
            node,
            gpus: Array.from({ length: k }, (_, i) => g + i),
            p: { priority, startedAtMs: T0_MS - Math.floor(rnd() * 5 * HOUR), lastCheckpointMs: rnd() < 0.5 ? T0_MS - Math.floor(rnd() * HOUR) : null },
          });
          g += k;
        }
      }
      const lostOf = (h: Holder) => (h.gpus.length * (T0_MS - Math.max(h.p!.startedAtMs!, h.p!.lastCheckpointMs ?? h.p!.startedAtMs!))) / HOUR;
      let optimum = Number.POSITIVE_INFINITY;
      for (const node of [0, 1]) {
        const on = holders.filter((h) => h.node === node);
        if (on.every((h) => h.p!.priority! < 1000))
          optimum = Math.min(
            optimum,
            on.reduce((sum, h) => sum + lostOf(h), 0),
          );
      }
      const plan = planPreemption(snapshotWith(holders), production(), DEFAULT_COORDINATOR_POLICY, { seed: round });
      if (!Number.isFinite(optimum)) expect(plan).toBeNull();
      else expect(plan!.lostGpuHours).toBeCloseTo(optimum, 9);
    }
  });
});

describe("planPreemption for a job holding a reservation", () => {
  // Same priority as the running jobs and a class that may not preempt: only a broken backfill promise entitles it.
  const holder = () => job({ id: "head", gpuCount: 4, cpuMilli: 4000, priority: 100, priorityClass: "pc-standard", mayPreempt: false });
  const both = (p: Partial<RunningJobPreemption>) =>
    snapshotWith([
      { id: "overran", node: 0, gpus: [0, 1, 2, 3], p },
      { id: "on-time", node: 1, gpus: [0, 1, 2, 3] },
    ]);

  it("takes back the GPUs of a backfilled job that ran past its predicted end, whatever the classes", () => {
    const plan = planPreemption(both({ backfillOverrun: true }), holder(), DEFAULT_COORDINATOR_POLICY, { seed: 1, holdsReservation: true });
    expect(plan!.victims.map((v) => [v.jobId, v.reason])).toEqual([["overran", "backfill-overrun"]]);
    expect(coordinatorExplanationSchema.safeParse(plan!.decision.explanation).success).toBe(true);
  });

  it("takes nothing when it holds no reservation, the job has not overrun, or its class is not preemptible", () => {
    expect(planPreemption(both({ backfillOverrun: true }), holder(), DEFAULT_COORDINATOR_POLICY, { seed: 1 })).toBeNull();
    expect(planPreemption(both({}), holder(), DEFAULT_COORDINATOR_POLICY, { seed: 1, holdsReservation: true })).toBeNull();
    expect(
      planPreemption(both({ backfillOverrun: true, preemptible: false }), holder(), DEFAULT_COORDINATOR_POLICY, { seed: 1, holdsReservation: true }),
    ).toBeNull();
  });

  it("prefers an overrunning backfill to a lower class when its class may also preempt", () => {
    const snap = both({ backfillOverrun: true, lastCheckpointMs: null });
    const plan = planPreemption(snap, { ...holder(), priority: 1000, mayPreempt: true }, DEFAULT_COORDINATOR_POLICY, {
      seed: 1,
      holdsReservation: true,
    });
    expect(plan!.victims.map((v) => v.reason)).toEqual(["backfill-overrun"]);
    expect(plan!.section.alternatives.find((a) => a.chosen)!.lowerPriorityLostGpuHours).toBe(0);
  });

  it("is off with the policy's preemption", () => {
    const off = parseCoordinatorPolicy({ ...DEFAULT_COORDINATOR_POLICY, constraints: { ...DEFAULT_COORDINATOR_POLICY.constraints, preemption: false } });
    expect(planPreemption(both({ backfillOverrun: true }), holder(), off, { seed: 1, holdsReservation: true })).toBeNull();
  });
});
