/**
 * Tiny hand-made scenarios for the simulator's backfill and preemption tests: one cluster of a few
 * 8-GPU nodes in a zone of constant intensity, jobs given as (arrival minute, members, hours), each
 * stating its true run time so the predictor's estimates are exact.
 */
import { createCluster } from "../model/node";
import { SIM_POLICY_PRESETS } from "./presets";
import type { SimInput, SimJob, SimPolicy } from "./types";

const H = 3_600_000;
/** 2023-01-01T00:00Z. */
export const CONTENTION_START_MS = 1_672_531_200_000;

/** A job of the tiny scenarios: whole 8-GPU nodes (gang members) for some hours, arriving at a minute. */
export interface TinyJob {
  readonly id: string;
  readonly atMin: number;
  readonly members: number;
  readonly hours: number;
  /** GPU model the job needs; absent = any. */
  readonly model?: string;
  readonly cls?: Pick<SimJob, "priority" | "priorityClass" | "mayPreempt" | "preemptible" | "checkpointIntervalS" | "minMembers">;
}

/** The baseline preset with the given backfill mode and preemption toggle. */
export function baselineWith(backfill: "off" | "easy" | "conservative" | "first-fit", preemption: boolean): SimPolicy {
  const base = SIM_POLICY_PRESETS[0] as SimPolicy;
  return {
    ...base,
    name: `baseline-${backfill}-${preemption ? "p" : "np"}`,
    policy: { ...base.policy, constraints: { ...base.policy.constraints, backfill, preemption } },
  };
}

/**
 * One cluster of nodes with the given GPU models (8 GPUs each), the jobs, and the policies to run.
 * Metrics such as GAR cover `windowHours`; every job still runs to its end (waits are never cut off).
 */
export function tinyScenario(models: readonly string[], jobs: readonly TinyJob[], policies: readonly SimPolicy[], windowHours = 12): SimInput {
  const state = createCluster(models.map((gpuModel, i) => ({ name: `n-${i}`, cpuMilli: 64_000, memoryMib: 512 * 1024, gpuCount: 8, gpuModel })));
  return {
    name: "tiny",
    seed: 1,
    startMs: CONTENTION_START_MS,
    endMs: CONTENTION_START_MS + windowHours * H,
    clusters: [{ id: "c", name: "C", region: "eu", zone: "FLAT", tier: "hub", pue: 1.2, state }],
    zones: [
      {
        zone: "FLAT",
        startMs: CONTENTION_START_MS,
        gCo2ePerKwh: Array.from({ length: 24 * 40 }, () => 300),
        provider: "fixture",
        emissionFactorType: "lifecycle",
      },
    ],
    gpuModels: [...new Set(models)].map((id) => ({ id, memoryGib: 80, computeUnits: 1, idleWatts: 50, maxWatts: 400 })),
    tenants: [],
    jobs: jobs.map((j) => ({
      id: j.id,
      tenant: "t",
      jobClass: j.members >= 4 ? "gang" : "node",
      priority: 0,
      arrivalMs: CONTENTION_START_MS + j.atMin * 60_000,
      durationS: j.hours * 3600,
      userEstimateS: j.hours * 3600,
      cpuMilli: 8000,
      memoryMib: 16_384,
      gpuCount: 8,
      gpuMilliPerGpu: 1000,
      allowedGpuModels: j.model ? [j.model] : [],
      gangSize: j.members,
      gpuUtilization: 0.8,
      deadlineMs: null,
      allowedRegions: [],
      ...j.cls,
    })),
    capacityEvents: [],
    policies,
    baseline: policies[0]?.name ?? "",
    forecast: { method: "noisy-truth", noiseSigma: 0, horizonHours: 48 },
    sampleEveryS: 3600,
  };
}
