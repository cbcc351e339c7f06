/**
 * A small deterministic scenario for tests and examples: two clusters in a dirty and a clean zone
 * (each with a daily cycle), 3 days, jobs of mixed shapes, some flexible. Built from a seed only.
 */
import { createCluster } from "../model/node";
import { createRng } from "../model/rng";
import { SIM_POLICY_PRESETS } from "./presets";
import type { SimInput, SimJob } from "./types";

const H = 3_600_000;
/** 2023-01-01T00:00Z. */
export const FIXTURE_START_MS = 1_672_531_200_000;

/** Builds the small scenario (jobCount jobs over `days` days). */
export function smallScenario(seed = 7, jobCount = 120, days = 3): SimInput {
  const rng = createRng(seed);
  const nodes = (prefix: string, n: number) =>
    createCluster(
      Array.from({ length: n }, (_, i) => ({
        name: `${prefix}-${i}`,
        cpuMilli: 64_000,
        memoryMib: 512 * 1024,
        gpuCount: 8,
        gpuModel: "A100",
        rack: `${prefix}-r${i % 2}`,
      })),
    );
  const hours = (days + 30) * 24;
  const zone = (name: string, base: number, amp: number) => ({
    zone: name,
    startMs: FIXTURE_START_MS,
    gCo2ePerKwh: Array.from({ length: hours }, (_, h) => Math.max(5, base + amp * Math.sin((2 * Math.PI * (h - 6)) / 24))),
    provider: "fixture",
    emissionFactorType: "lifecycle" as const,
  });
  const shapes = [
    { gpuCount: 1, gpuMilliPerGpu: 500, cls: "share" },
    { gpuCount: 1, gpuMilliPerGpu: 1000, cls: "1-gpu" },
    { gpuCount: 2, gpuMilliPerGpu: 1000, cls: "multi-gpu" },
    { gpuCount: 4, gpuMilliPerGpu: 1000, cls: "multi-gpu" },
    { gpuCount: 0, gpuMilliPerGpu: 0, cls: "cpu" },
  ];
  const jobs: SimJob[] = Array.from({ length: jobCount }, (_, i) => {
    const s = shapes[rng.nextInt(shapes.length)] as (typeof shapes)[number];
    const arrivalMs = FIXTURE_START_MS + Math.floor(rng.next() * (days - 0.5) * 24 * H);
    const durationS = 600 + Math.floor(rng.next() * 6 * 3600);
    const flexible = rng.next() < 0.5;
    return {
      id: `job-${i}`,
      tenant: `t${i % 3}`,
      jobClass: s.cls,
      priority: rng.nextInt(2),
      arrivalMs,
      durationS,
      userEstimateS: rng.next() < 0.5 ? durationS * 2 : null,
      cpuMilli: 4000,
      memoryMib: 16_384,
      gpuCount: s.gpuCount,
      gpuMilliPerGpu: s.gpuMilliPerGpu,
      allowedGpuModels: [],
      gangSize: 1,
      gpuUtilization: 0.8,
      deadlineMs: flexible ? arrivalMs + durationS * 1000 + 12 * H : null,
      allowedRegions: [],
    };
  });
  // One job too big for any node: must be skipped.
  jobs.push({ ...(jobs[0] as SimJob), tenant: "t1", id: "too-big", gpuCount: 16, gpuMilliPerGpu: 1000, jobClass: "multi-gpu" });
  return {
    name: "small",
    seed,
    startMs: FIXTURE_START_MS,
    endMs: FIXTURE_START_MS + days * 24 * H,
    clusters: [
      { id: "c-dirty", name: "Dirty", region: "eu", zone: "DIRTY", tier: "hub", pue: 1.3, state: nodes("d", 3) },
      { id: "c-clean", name: "Clean", region: "eu", zone: "CLEAN", tier: "regional", pue: 1.2, state: nodes("c", 2) },
    ],
    zones: [zone("DIRTY", 450, 60), zone("CLEAN", 150, 120)],
    gpuModels: [{ id: "A100", memoryGib: 80, computeUnits: 1, idleWatts: 50, maxWatts: 400 }],
    tenants: [{ tenant: "t0", maxGpus: 12 }],
    jobs,
    capacityEvents: [
      { atMs: FIXTURE_START_MS + 20 * H, clusterId: "c-clean", nodeName: "c-0", up: false },
      { atMs: FIXTURE_START_MS + 30 * H, clusterId: "c-clean", nodeName: "c-0", up: true },
    ],
    policies: SIM_POLICY_PRESETS,
    baseline: "baseline",
    forecast: { method: "noisy-truth", noiseSigma: 0.1, horizonHours: 48 },
    sampleEveryS: 3600,
  };
}
