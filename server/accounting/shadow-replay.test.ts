// The shadow replay of jobs from a sped-up simulated cluster: each runs for its recorded wall time (the
// live fleet's concurrency) and draws the energy of its work, priced at the intensity of the wall hours
// it ran in, as the ledger accounts it; a real cluster's job replays as before.
import { describe, expect, it } from "vitest";
import { DEFAULT_COORDINATOR_POLICY, DEFAULT_GPU_UTILIZATION, HOUR_MS, nodeSharePowerWatts, simulate } from "../engine";
import { concurrencyOf, replayedGrams, runPartCollector, shadowBreakdown } from "./shadow-breakdown";
import { buildShadowScenario, simJob, summarizeAudit, type ShadowJob, type ShadowReplayInput } from "./shadow-replay";

const FROM = Date.UTC(2026, 10, 20);
const TO = FROM + 2 * 24 * HOUR_MS;
const WALL_S = 600;
const NODE = { cpuMilli: 64_000, memoryMib: 512 * 1024, gpuCount: 8 };
const GPU = { id: "A100", memoryGib: 80, computeUnits: 1, idleWatts: 60, maxWatts: 400 };
const INTENSITY = 200;
const PUE = 1.2;

function job(i: number, workSpeed: number | undefined): ShadowJob {
  // Three jobs overlap live: submitted a minute apart, each started at once and ran WALL_S.
  const submittedAt = new Date(FROM + 3 * HOUR_MS + i * 60_000);
  return {
    id: `job-${i}`,
    tenantId: "t1",
    priority: 0,
    cpuMilli: 8000,
    memoryMib: 65_536,
    gpuCount: 1,
    gpuMilli: 1000,
    gangSize: 1,
    allowedGpuModels: [],
    allowedRegions: [],
    estimatedDurationS: WALL_S * (workSpeed ?? 1),
    deadlineAt: null,
    submittedAt,
    startedAt: submittedAt,
    finishedAt: new Date(submittedAt.getTime() + WALL_S * 1000),
    entry: {
      actualGCo2e: 1,
      baselineGCo2e: 1,
      baselineMinGCo2e: null,
      baselineMaxGCo2e: null,
      baselineClusterId: null,
      method: "m",
      workSpeed,
      clusterId: "c1",
    },
  };
}

function input(workSpeed: number | undefined): ShadowReplayInput {
  return {
    fromMs: FROM,
    toMs: TO,
    jobs: [0, 1, 2].map((i) => job(i, workSpeed)),
    fleet: {
      clusters: [
        {
          id: "c1",
          name: "one",
          region: "r1",
          tier: "HUB",
          zoneId: "Z",
          pue: PUE,
          nodes: [0, 1].map((n) => ({ name: `n${n}`, ...NODE, gpuModelId: "A100", rackGroup: "r", labels: {} })),
        },
      ],
      gpuModels: [GPU],
      quotas: [],
      zones: [{ id: "Z", annualAverageGCo2ePerKwh: INTENSITY }],
    },
    // A flat measured series: no hour is cleaner, so neither policy has a reason to wait.
    measured: Array.from({ length: 72 }, (_, h) => ({ zoneId: "Z", atMs: FROM + h * HOUR_MS, gCo2ePerKwh: INTENSITY })),
    activePolicy: DEFAULT_COORDINATOR_POLICY,
  };
}

function replay(workSpeed: number | undefined) {
  const i = input(workSpeed);
  const { scenario } = buildShadowScenario(i);
  const collector = runPartCollector();
  const result = simulate(scenario, { now: () => 0, onRunPart: collector.onRunPart });
  return { i, scenario, result, parts: collector.parts, breakdown: shadowBreakdown(i.jobs, scenario, collector.parts) };
}

// The node-share power of one job on one of the nodes, as the ledger's model counts it.
const jobWatts = nodeSharePowerWatts(
  { ...NODE, gpuIdleWatts: GPU.idleWatts, gpuMaxWatts: GPU.maxWatts },
  { cpuMilli: 8000, memoryMib: 65_536, gpuMilli: 1000 },
  { gpu: DEFAULT_GPU_UTILIZATION },
).watts;

describe("shadow replay of a sped-up simulated cluster", () => {
  it("runs each job for its wall time at the live concurrency and prices the work it did", () => {
    const r = replay(60);
    for (const policy of ["baseline", "active"]) {
      const parts = r.parts.get(policy)!;
      expect(parts).toHaveLength(3);
      for (const p of parts) expect(p.toMs - p.fromMs).toBe(WALL_S * 1000);
      // Work energy: wall seconds x 60 x the node-share watts, at the wall hour's intensity and the PUE.
      const expectedG = (3 * jobWatts * WALL_S * 60 * PUE * INTENSITY) / 3.6e6;
      expect(r.result.policies[policy]!.jobEmissionsKg * 1000).toBeCloseTo(expectedG, 6);
    }
    // Three jobs at once, as live; running them for their work (60 x longer) would keep them overlapping for hours.
    expect(r.breakdown.concurrency.live.peakJobs).toBe(3);
    expect(r.breakdown.concurrency.baseline).toEqual(r.breakdown.concurrency.live);
    expect(r.breakdown.concurrency.active).toEqual(r.breakdown.concurrency.live);
    expect(r.breakdown.waits.baseline.meanS).toBe(0);
  });

  it("replays a real cluster's job as before: its rounded wall time, unscaled power", () => {
    const j = simJob({ ...job(0, 1), finishedAt: new Date(job(0, 1).startedAt!.getTime() + 600_400) });
    expect(j.durationS).toBe(600);
    expect("powerScale" in j).toBe(false);
    expect(simJob(job(0, undefined))).toEqual(simJob(job(0, 1)));
    const real = replay(1);
    const fast = replay(60);
    expect(real.result.policies.active!.jobEmissionsKg * 60).toBeCloseTo(fast.result.policies.active!.jobEmissionsKg, 9);
    expect(real.parts.get("active")!.map((p) => p.toMs - p.fromMs)).toEqual([600_000, 600_000, 600_000]);
  });

  it("fills the fleet with the jobs that held it live, without counting their emissions", () => {
    const i = input(60);
    // Live, two 8-GPU jobs without ledger entries held both nodes for the first six hours of the period.
    const hold = (n: number) => ({
      ...job(10 + n, undefined),
      id: `occupant-${n}`,
      gpuCount: 8,
      submittedAt: new Date(FROM),
      startedAt: new Date(FROM),
      finishedAt: new Date(FROM + 6 * HOUR_MS),
    });
    const { scenario } = buildShadowScenario({ ...i, occupants: [hold(0), hold(1)] });
    const collector = runPartCollector();
    const result = simulate(scenario, { now: () => 0, onRunPart: collector.onRunPart });
    const b = shadowBreakdown(i.jobs, scenario, collector.parts);
    // The ledger's jobs (submitted at 3 h) wait for the occupants to end at 6 h.
    expect(b.waits.baseline.meanS).toBeGreaterThan(2.9 * 3600);
    expect(b.clusters[0]!.baseline.jobs).toBe(3);
    // Their grams are those of the three jobs alone; the simulator's total also holds the occupants'.
    const expectedG = (3 * jobWatts * WALL_S * 60 * PUE * INTENSITY) / 3.6e6;
    expect(replayedGrams(b).baseline).toBeCloseTo(expectedG, 6);
    expect(result.policies.baseline!.jobEmissionsKg * 1000).toBeGreaterThan(expectedG * 2);
    const summary = summarizeAudit(i.jobs, result, 0, replayedGrams(b));
    expect(summary.shadow.baselineG).toBeCloseTo(expectedG, 6);
  });

  it("waits for cleaner power only where the live coordinator's forecast error allowed it", () => {
    // Half as dirty from 5 h (a 17 % saving over a 10 h job that waits 2 h): worth it within the replay's own forecast error (under 10 %),
    // not within the live default (35 %) a zone without measured forecasts is held to.
    const base = input(60);
    const stepped = {
      ...base,
      // Flexible jobs (a deadline a day out), as only those may wait.
      jobs: base.jobs.map((j) => ({ ...j, deadlineAt: new Date(FROM + 27 * HOUR_MS) })),
      measured: base.measured.map((m) => ({ ...m, gCo2ePerKwh: m.atMs >= FROM + 5 * HOUR_MS ? 200 : 400 })),
    };
    const activeWait = (i: ShadowReplayInput) => {
      const { scenario } = buildShadowScenario(i);
      const collector = runPartCollector();
      simulate(scenario, { now: () => 0, onRunPart: collector.onRunPart });
      return shadowBreakdown(i.jobs, scenario, collector.parts).waits.active.meanS;
    };
    expect(activeWait(stepped)).toBeGreaterThan(3600);
    expect(activeWait({ ...stepped, forecastErrorByZone: { Z: [] } })).toBe(0);
  });

  it("counts jobs running at once (a split's simultaneous parts once)", () => {
    const c = concurrencyOf(
      [
        { jobId: "a", fromMs: 0, toMs: 10 },
        { jobId: "a", fromMs: 0, toMs: 10 },
        { jobId: "b", fromMs: 5, toMs: 15 },
        { jobId: "c", fromMs: 10, toMs: 20 },
      ],
      40,
    );
    expect(c).toEqual({ meanJobs: 30 / 40, peakJobs: 2 });
  });
});
