import { describe, expect, it } from "vitest";
import { createCluster } from "../model/node";
import { SIM_POLICY_PRESETS } from "./presets";
import { simulate } from "./simulate";
import type { SimCapacityEvent, SimInput, SimJob } from "./types";

const H = 3_600_000;
const T0 = 1_672_531_200_000;
const hooks = { now: () => 0 };
const baseline = SIM_POLICY_PRESETS.find((p) => p.name === "baseline")!;

const job = (id: string, over: Partial<SimJob> = {}): SimJob => ({
  id,
  tenant: "t0",
  jobClass: "multi-gpu",
  priority: 0,
  arrivalMs: T0,
  durationS: 10 * 3600,
  userEstimateS: 10 * 3600,
  cpuMilli: 4000,
  memoryMib: 16_384,
  gpuCount: 4,
  gpuMilliPerGpu: 1000,
  allowedGpuModels: [],
  gangSize: 1,
  gpuUtilization: 0.8,
  deadlineMs: null,
  allowedRegions: [],
  ...over,
});

/** One cluster: an A100 node n-0 and an H100 node n-1, 8 GPUs each, one day, the carbon-agnostic baseline only. */
function scenario(jobs: SimJob[], capacityEvents: SimCapacityEvent[]): SimInput {
  const state = createCluster([
    { name: "n-0", cpuMilli: 64_000, memoryMib: 512 * 1024, gpuCount: 8, gpuModel: "A100", rack: "r0" },
    { name: "n-1", cpuMilli: 64_000, memoryMib: 512 * 1024, gpuCount: 8, gpuModel: "H100", rack: "r0" },
  ]);
  return {
    name: "metrics",
    seed: 1,
    startMs: T0,
    endMs: T0 + 24 * H,
    clusters: [{ id: "c", name: "C", region: "eu", zone: "Z", tier: "hub", pue: 1.2, state }],
    zones: [{ zone: "Z", startMs: T0, gCo2ePerKwh: Array.from({ length: 72 }, () => 100), provider: "fixture", emissionFactorType: "lifecycle" }],
    gpuModels: [
      { id: "A100", memoryGib: 80, computeUnits: 1, idleWatts: 50, maxWatts: 400 },
      { id: "H100", memoryGib: 80, computeUnits: 1, idleWatts: 60, maxWatts: 700 },
    ],
    tenants: [],
    jobs,
    capacityEvents,
    policies: [baseline],
    baseline: "baseline",
    forecast: { method: "noisy-truth", noiseSigma: 0, horizonHours: 48 },
    sampleEveryS: 3600,
  };
}

const a100 = job("a100-job", { allowedGpuModels: ["A100"] });
const down = (atMs: number, up: boolean, nodeName = "n-0"): SimCapacityEvent => ({ atMs, clusterId: "c", nodeName, up });

describe("simulator metrics", () => {
  it("SOR is 1 and differs from GAR when every run's GPU time counts", () => {
    const m = simulate(scenario([a100], []), hooks).policies.baseline!;
    expect(m.jobsCompleted).toBe(1);
    // 4 of 16 GPUs for 10 of 24 hours.
    expect(m.gar).toBeCloseTo((4 / 16) * (10 / 24), 6);
    expect(m.sor).toBe(1);
  });

  it("SOR leaves out the GPU time of a run a node failure cut short; GAR does not", () => {
    // The job's node fails 2 h into its run and comes back at 3 h: it restarts from scratch and ends at 13 h.
    const m = simulate(scenario([a100], [down(T0 + 2 * H, false), down(T0 + 3 * H, true)]), hooks).policies.baseline!;
    expect(m.jobsRequeued).toBe(1);
    expect(m.jobsCompleted).toBe(1);
    // Held 2 h (lost) + 10 h (counted) on 4 GPUs.
    expect(m.sor).toBeCloseTo(10 / 12, 9);
    // 4 GPUs of the 16 schedulable for 11 h, of the 8 schedulable during the hour n-0 was down nothing.
    expect(m.gar).toBeCloseTo((2 * 0.25 + 10 * 0.25) / 24, 6);
    expect(Math.abs(m.sor - m.gar)).toBeGreaterThan(0.5);
  });

  it("JWTD counts a job still waiting at the end, censored there, and says how many were censored", () => {
    // The H100 node goes down at 1 h and never returns: the H100 job arriving at 2 h never starts.
    const h100 = job("h100-job", { allowedGpuModels: ["H100"], arrivalMs: T0 + 2 * H });
    const late = job("late", { arrivalMs: T0 + 4 * H, durationS: 3600 });
    const m = simulate(scenario([a100, h100, late], [down(T0 + 1 * H, false, "n-1")]), hooks).policies.baseline!;
    expect(m.jobsUnfinished).toBe(1);
    expect(m.jobsSkipped).toBe(0);
    expect(m.jwtdCensoredJobs).toBe(1);
    // Waits: 0 s (a100), 0 s (late), and 22 h censored at the end of the day.
    expect(m.meanWaitS).toBeCloseTo((22 * 3600) / 3, 6);
    expect(m.jwtdP99S).toBeGreaterThan(21 * 3600);
    expect(m.jwtdByClass["multi-gpu"]!.jobs).toBe(3);
  });
});
