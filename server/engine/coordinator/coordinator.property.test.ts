import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { meanIntensityGCo2ePerKwh } from "../carbon/window";
import { allocate } from "../placement/allocate";
import { createCoordinator } from "./coordinator";
import { DEFAULT_COORDINATOR_POLICY } from "./policy";
import { cluster, CATALOG, job, nodes, T0_MS, WORKLOAD, ZONES } from "./test-fixtures";
import { stateForWindow } from "./timeline";
import type { FleetCluster, FleetJob, FleetSnapshot } from "./types";

const H = 3_600_000;
const REGIONS = ["eu", "us"] as const;
const ZONE_OF = [ZONES.coal, ZONES.hydro, ZONES.solar];

const arbScenario = fc.record({
  clusters: fc.array(
    fc.record({
      region: fc.constantFrom(...REGIONS),
      zone: fc.integer({ min: 0, max: 2 }),
      busy: fc.integer({ min: 0, max: 7 }),
      size: fc.integer({ min: 1, max: 3 }),
      model: fc.constantFrom("A100", "H100", "L40S"),
      reservedFromH: fc.option(fc.integer({ min: 0, max: 12 }), { nil: null }),
      active: fc.integer({ min: 0, max: 4 }).map((x) => x > 0),
    }),
    { minLength: 1, maxLength: 4 },
  ),
  gpusInUse: fc.integer({ min: 0, max: 16 }),
  maxGpus: fc.integer({ min: 4, max: 48 }),
  gpuCount: fc.constantFrom(1, 2, 4, 8),
  gangSize: fc.integer({ min: 1, max: 2 }),
  computeNative: fc.boolean(),
  durationH: fc.integer({ min: 1, max: 8 }),
  earliestH: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 6 })),
  windowH: fc.option(fc.integer({ min: 0, max: 30 }), { nil: null }),
  regions: fc.subarray([...REGIONS]),
  seed: fc.integer({ min: 0, max: 1000 }),
});

/** A queued job holding node 0's free GPUs from +fromH hours for 4 h (EASY reservation). */
function withReservation(fromH: number | null, busy: number, c: FleetCluster): FleetCluster {
  if (fromH === null || busy >= 8) return c;
  const gpuIndices = Array.from({ length: 8 - busy }, (_, k) => busy + k);
  const startMs = T0_MS + fromH * H;
  return {
    ...c,
    reservations: [
      {
        jobId: "big",
        job: { cpuMilli: 0, memoryMib: 0, gpuCount: gpuIndices.length, gpuMilliPerGpu: 1000, allowedGpuModels: [] },
        assignments: [{ nodeIndex: 0, gpuIndices }],
        startMs,
        endMs: startMs + 4 * H,
      },
    ],
  };
}

type Scenario = typeof arbScenario extends fc.Arbitrary<infer T> ? T : never;

function build(s: Scenario): { snapshot: FleetSnapshot; job: FleetJob } {
  const snapshot: FleetSnapshot = {
    nowMs: T0_MS,
    clusters: s.clusters.map((c, i) =>
      withReservation(c.reservedFromH, c.busy, {
        ...cluster(`c${i}`, {
          region: c.region,
          zone: `z${c.zone}`,
          specs: nodes(`c${i}`, c.size, c.model),
          busyGpus: c.busy,
          series: (ZONE_OF[c.zone] as () => ReturnType<typeof ZONES.coal>)(),
        }),
        status: c.active ? ("active" as const) : ("draining" as const),
      }),
    ),
    links: [],
    gpuModels: CATALOG,
    tenants: [{ tenant: "acme", maxGpus: s.maxGpus, gpusInUse: s.gpusInUse, carbonBudgetKgPerMonth: null, carbonUsedKgThisMonth: 0 }],
  };
  const earliest = T0_MS + s.earliestH * H;
  const j = job({
    gpuCount: s.gpuCount,
    gangSize: s.gangSize,
    estimatedDurationS: s.durationH * 3600,
    earliestStartMs: earliest,
    deadlineMs: s.windowH === null ? null : earliest + (s.durationH + s.windowH) * H,
    allowedRegions: s.regions,
    ...(s.computeNative ? { computeUnits: s.gpuCount, minGpuMemoryGib: 40 } : {}),
  });
  return { snapshot, job: j };
}

describe("coordinator properties", () => {
  it("never violates a hard constraint or the quota; starts inside the window; saving is the recomputed difference", () => {
    fc.assert(
      fc.property(arbScenario, (s) => {
        const { snapshot, job: j } = build(s);
        const d = createCoordinator({ policy: DEFAULT_COORDINATOR_POLICY, workload: WORKLOAD }).decide(snapshot, j, { seed: s.seed });
        if (d.outcome === "unschedulable") {
          expect(d.parts).toEqual([]);
          return;
        }
        let gpus = 0;
        for (const p of d.parts) {
          const c = snapshot.clusters.find((x) => x.id === p.clusterId);
          if (!c) throw new Error("unknown cluster");
          expect(c.status).toBe("active");
          if (j.allowedRegions.length > 0) expect(j.allowedRegions).toContain(c.region);
          // The assignment must fit the cluster as it will be at the start.
          expect(() => allocate(stateForWindow(c, p.startMs, p.endMs), p.request, p.assignments)).not.toThrow();
          // EASY: a job overlapping a reservation never uses the reserved nodes.
          for (const r of c.reservations) {
            if (p.endMs <= r.startMs || p.startMs >= r.endMs || r.startMs <= p.startMs) continue;
            const reserved = new Set(r.assignments.map((a) => a.nodeIndex));
            expect(p.assignments.some((a) => reserved.has(a.nodeIndex))).toBe(false);
          }
          gpus += (p.request.gpuCount * p.request.gpuMilliPerGpu * (p.request.gangSize ?? 1)) / 1000;
          expect(p.startMs).toBeGreaterThanOrEqual(j.earliestStartMs ?? T0_MS);
          if (j.deadlineMs != null) expect(p.endMs).toBeLessThanOrEqual(j.deadlineMs);
        }
        expect(s.gpusInUse + gpus).toBeLessThanOrEqual(s.maxGpus);
        const e = d.explanation;
        const chosen = e.clusters.find((c) => c.clusterId === d.parts[0]?.clusterId);
        const carbon = chosen?.carbon;
        if (!carbon || !chosen) throw new Error("missing carbon detail");
        const series = snapshot.clusters.find((c) => c.id === chosen.clusterId)?.series;
        if (!series) throw new Error("series");
        const dur = chosen.variant?.durationS ?? 0;
        const recomputed = (t: number) => carbon.energy.value * meanIntensityGCo2ePerKwh(series, t, dur);
        expect(carbon.chosenGCo2e).toBeCloseTo(recomputed(carbon.chosenStartMs), 6);
        expect(carbon.savingGCo2e).toBeCloseTo(recomputed(carbon.earliestStartMs) - recomputed(carbon.chosenStartMs), 6);
        if (j.deadlineMs == null) expect(chosen.startReason).not.toBe("carbon");
        else
          expect(carbon.chosenStartMs - (j.earliestStartMs ?? 0)).toBeLessThanOrEqual(
            DEFAULT_COORDINATOR_POLICY.constraints.maxDeferralHours * H + (carbon.earliestStartMs - (j.earliestStartMs ?? 0)),
          );
      }),
      { numRuns: 200, seed: 11 },
    );
  });

  it("replaying a stored decision's inputs (JSON round-trip) reproduces it exactly", () => {
    fc.assert(
      fc.property(arbScenario, (s) => {
        const { snapshot, job: j } = build(s);
        const first = JSON.stringify(createCoordinator({ policy: DEFAULT_COORDINATOR_POLICY, workload: WORKLOAD }).decide(snapshot, j, { seed: s.seed }));
        const stored = JSON.parse(JSON.stringify({ snapshot, job: j, policy: DEFAULT_COORDINATOR_POLICY, seed: s.seed }));
        const replay = JSON.stringify(
          createCoordinator({ policy: stored.policy, workload: WORKLOAD }).decide(stored.snapshot, stored.job, { seed: stored.seed }),
        );
        expect(replay).toBe(first);
      }),
      { numRuns: 60, seed: 12 },
    );
  });
});
