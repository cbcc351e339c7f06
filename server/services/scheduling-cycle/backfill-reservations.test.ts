import { describe, expect, it } from "vitest";
import {
  DEFAULT_COORDINATOR_POLICY,
  type CoordinatorDecision,
  type CoordinatorPolicy,
  type FleetCluster,
  type FleetSnapshot,
  type Reservation,
} from "../../engine";
import type { QueuedJobRow } from "../../repositories/fleet-repository";
import type { StoredReservation } from "../../repositories/reservation-repository";
import { reservationsOn } from "../reservation-snapshot";
import { blockIfStrictOrder, decideEarly, holdIfWaitingForCapacity, MAX_EARLY_DECISIONS, maxReservationsOf, startBackfill } from "./backfill-reservations";

const T = Date.UTC(2026, 10, 24, 12);
const request = { id: "x", cpuMilli: 1000, memoryMib: 1024, gpuCount: 2, gpuMilliPerGpu: 1000, allowedGpuModels: [], gangSize: 1 };
const hold = (jobId: string): Reservation => ({ jobId, job: request, assignments: [{ nodeIndex: 0, gpuIndices: [0, 1] }], startMs: T + 1000, endMs: T + 2000 });
const cluster = (id: string, reservations: Reservation[]) => ({ id, reservations }) as unknown as FleetCluster;
const snapshot = (clusters: FleetCluster[]) => ({ nowMs: T, clusters, links: [], gpuModels: [], tenants: [] }) as FleetSnapshot;
const policy = (backfill: CoordinatorPolicy["constraints"]["backfill"]): CoordinatorPolicy => ({
  ...DEFAULT_COORDINATOR_POLICY,
  constraints: { ...DEFAULT_COORDINATOR_POLICY.constraints, backfill },
});
const rows = (...ids: string[]) => ids.map((id) => ({ id }) as QueuedJobRow);

/** A deferred single-cluster decision with a capacity wait on c1's node 0. */
function waiting(startMs = T + 5000): CoordinatorDecision {
  return {
    outcome: "deferred",
    split: false,
    parts: [{ clusterId: "c1", request, assignments: [{ nodeIndex: 0, gpuIndices: [2, 3] }], startMs, endMs: startMs + 1000 }],
    startMs,
    energyKwh: 1,
    gCo2e: 1,
    verdicts: [],
    couldEverRun: true,
    explanation: { capacityWait: { clusterId: "c1", startMs, endMs: startMs + 1000, nodes: [], freedBy: [], freedByCount: 0 } },
  } as unknown as CoordinatorDecision;
}
const index = { clusters: new Map([["c1", { nodeIds: ["id-n0"], nodeNames: ["n0"], gpuIds: [["g0", "g1", "g2", "g3"]] }]]) };

describe("backfill in the cycle", () => {
  it("holds one reservation in easy mode, up to eight in conservative, none when off", () => {
    expect([maxReservationsOf("off"), maxReservationsOf("easy"), maxReservationsOf("conservative")]).toEqual([0, 1, 8]);
  });

  it("drops the holds of the jobs it decides again (all holds when off) and keeps the others", () => {
    const snap = snapshot([cluster("c1", [hold("a"), hold("b")]), cluster("c2", [hold("c")])]);
    const easy = startBackfill(policy("easy"), snap, (held) => {
      expect([...held].sort()).toEqual(["a", "b", "c"]);
      return rows("a", "z");
    });
    expect(easy.snapshot.clusters.map((c) => c.reservations.map((r) => r.jobId))).toEqual([["b"], ["c"]]);
    // A cluster none of whose holds changes keeps its object (the engine's timeline cache stays warm).
    expect(easy.snapshot.clusters[1]).toBe(snap.clusters[1]);
    expect([...easy.backfill.decided].sort()).toEqual(["a", "z"]);
    const off = startBackfill(policy("off"), snap, () => rows("z"));
    expect(off.snapshot.clusters.every((c) => c.reservations.length === 0)).toBe(true);
  });

  it("holds a capacity wait's nodes for later jobs of the cycle, as many as the mode allows", () => {
    const { backfill, snapshot: open } = startBackfill(policy("easy"), snapshot([cluster("c1", [])]), () => rows("a", "b"));
    const cycle = { backfill, index, snapshot: open };
    expect(holdIfWaitingForCapacity(cycle, "a", waiting())).toBe(true);
    expect(cycle.snapshot.clusters[0]?.reservations.map((r) => [r.jobId, r.startMs])).toEqual([["a", T + 5000]]);
    expect(backfill.held).toEqual([
      {
        jobId: "a",
        clusterId: "c1",
        assignments: [{ cluster: "c1", node: "n0", gpuIndices: [2, 3], milliPerGpu: 1000, cpuMilli: 1000, memoryMib: 1024 }],
        startAt: new Date(T + 5000),
        endAt: new Date(T + 6000),
        mode: "easy",
      },
    ]);
    // Easy holds one: the next waiting job gets none.
    expect(holdIfWaitingForCapacity(cycle, "b", waiting())).toBe(false);
  });

  it("never holds for a wait without a capacity-wait section (a carbon deferral) or when off", () => {
    const carbon = { ...waiting(), explanation: {} } as unknown as CoordinatorDecision;
    const easy = startBackfill(policy("conservative"), snapshot([cluster("c1", [])]), () => rows("a"));
    expect(holdIfWaitingForCapacity({ ...easy, index }, "a", carbon)).toBe(false);
    const off = startBackfill(policy("off"), snapshot([cluster("c1", [])]), () => rows("a"));
    expect(holdIfWaitingForCapacity({ ...off, index }, "a", waiting())).toBe(false);
  });

  it("with backfill off, the first capacity wait closes the queue for the cycle; a carbon deferral does not", () => {
    const off = startBackfill(policy("off"), snapshot([]), () => []).backfill;
    const carbon = { ...waiting(), explanation: {} } as unknown as CoordinatorDecision;
    expect(blockIfStrictOrder(off, "c", carbon)).toBe(false);
    expect(off.blockedBy).toBeNull();
    expect(blockIfStrictOrder(off, "a", waiting())).toBe(true);
    expect(blockIfStrictOrder(off, "b", waiting())).toBe(false);
    expect(off.blockedBy).toBe("a");
    const easy = startBackfill(policy("easy"), snapshot([]), () => []).backfill;
    expect(blockIfStrictOrder(easy, "a", waiting())).toBe(false);
    expect(easy.blockedBy).toBeNull();
  });

  it("first fit neither holds nodes nor closes the queue, and decides no deferred job early", () => {
    const firstFit = startBackfill(policy("first-fit"), snapshot([cluster("c1", [])]), () => rows("a"));
    expect(firstFit.backfill.maxReservations).toBe(0);
    expect(holdIfWaitingForCapacity({ ...firstFit, index }, "a", waiting())).toBe(false);
    expect(blockIfStrictOrder(firstFit.backfill, "a", waiting())).toBe(false);
    expect(firstFit.backfill.blockedBy).toBeNull();
    expect(decideEarly(firstFit.backfill, "b")).toBe(false);
    expect(firstFit.backfill.held).toEqual([]);
  });

  it("decides waiting jobs early only while a hold is wanted, at most MAX_EARLY_DECISIONS per cycle", () => {
    const { backfill } = startBackfill(policy("easy"), snapshot([]), () => []);
    for (let i = 0; i < MAX_EARLY_DECISIONS; i++) expect(decideEarly(backfill, `j${i}`)).toBe(true);
    expect(decideEarly(backfill, "late")).toBe(false);
    expect(backfill.decided.has("j0")).toBe(true);
    const full = startBackfill(policy("easy"), snapshot([]), () => []).backfill;
    full.held.push({} as never);
    expect(decideEarly(full, "x")).toBe(false);
    expect(decideEarly(startBackfill(policy("off"), snapshot([]), () => []).backfill, "x")).toBe(false);
  });
});

describe("stored reservations in the snapshot", () => {
  const stored = (over: Partial<StoredReservation> = {}): StoredReservation => ({
    jobId: "g",
    clusterId: "c1",
    assignments: [
      { cluster: "c1", node: "n1", gpuIndices: [0, 1, 2, 3], milliPerGpu: 1000, cpuMilli: 2000, memoryMib: 4096 },
      { cluster: "c1", node: "n0", gpuIndices: [0, 1, 2, 3], milliPerGpu: 1000, cpuMilli: 2000, memoryMib: 4096 },
    ],
    startAt: new Date(T + 60_000),
    endAt: new Date(T + 120_000),
    mode: "easy",
    updatedAt: new Date(T),
    ...over,
  });
  const nodes = new Map([
    ["n0", 0],
    ["n1", 1],
  ]);

  it("maps node names to indices and members to the gang size", () => {
    expect(reservationsOn("c1", nodes, [stored(), stored({ jobId: "other", clusterId: "c2" })])).toEqual([
      {
        jobId: "g",
        job: { id: "g", cpuMilli: 2000, memoryMib: 4096, gpuCount: 4, gpuMilliPerGpu: 1000, allowedGpuModels: [], gangSize: 2 },
        assignments: [
          { nodeIndex: 1, gpuIndices: [0, 1, 2, 3] },
          { nodeIndex: 0, gpuIndices: [0, 1, 2, 3] },
        ],
        startMs: T + 60_000,
        endMs: T + 120_000,
      },
    ]);
  });

  it("leaves out a reservation on a node no longer in the inventory", () => {
    expect(reservationsOn("c1", new Map([["n0", 0]]), [stored()])).toEqual([]);
  });
});
