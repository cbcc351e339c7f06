// The shadow replay decides with what the live coordinator decided with: each job's kind (read by the
// policy's kind objective) and the target workload the live coordinator learned from recent GPU jobs.
import { describe, expect, it } from "vitest";
import { HOUR_MS, simulate } from "../engine";
import { runPartCollector } from "./shadow-breakdown";
import { buildShadowScenario, simJob, type ShadowJob, type ShadowReplayInput } from "./shadow-replay";

const FROM = Date.UTC(2026, 10, 20);
const TO = FROM + 24 * HOUR_MS;
const NODE = { cpuMilli: 64_000, memoryMib: 512 * 1024, gpuCount: 8, gpuModelId: "A100", rackGroup: "r", labels: {} };

function job(id: string, kind: string | undefined, gpuCount = 1): ShadowJob {
  const submittedAt = new Date(FROM + HOUR_MS);
  return {
    id,
    tenantId: "t1",
    ...(kind ? { kind } : {}),
    priority: 0,
    cpuMilli: 4000,
    memoryMib: 16_384,
    gpuCount,
    gpuMilli: gpuCount > 0 ? 1000 : 0,
    gangSize: 1,
    allowedGpuModels: [],
    allowedRegions: [],
    estimatedDurationS: 600,
    deadlineAt: null,
    submittedAt,
    startedAt: submittedAt,
    finishedAt: new Date(submittedAt.getTime() + 600_000),
    entry: { actualGCo2e: 1, baselineGCo2e: 1, baselineMinGCo2e: null, baselineMaxGCo2e: null, baselineClusterId: null, method: "m", clusterId: "hub" },
  };
}

function input(jobs: ShadowJob[], workloadShapes?: ShadowReplayInput["workloadShapes"]): ShadowReplayInput {
  // Two clusters alike in all but tier: only the kind objective tells them apart.
  const cluster = (id: string, tier: string) => ({ id, name: id, region: "r1", tier, zoneId: "Z", pue: 1.2, nodes: [{ name: `${id}-n0`, ...NODE }] });
  return {
    fromMs: FROM,
    toMs: TO,
    jobs,
    fleet: {
      clusters: [cluster("edge", "EDGE"), cluster("hub", "HUB")],
      gpuModels: [{ id: "A100", memoryGib: 80, computeUnits: 1, idleWatts: 60, maxWatts: 400 }],
      quotas: [],
      zones: [{ id: "Z", annualAverageGCo2ePerKwh: 200 }],
    },
    measured: Array.from({ length: 48 }, (_, h) => ({ zoneId: "Z", atMs: FROM + h * HOUR_MS, gCo2ePerKwh: 200 })),
    activePolicy: { name: "kind-only", version: 1, objectiveWeights: { kind: 1 }, constraints: {} },
    ...(workloadShapes ? { workloadShapes } : {}),
  };
}

function activeClusters(i: ShadowReplayInput): Map<string, string> {
  const { scenario } = buildShadowScenario(i);
  const collector = runPartCollector();
  simulate(scenario, { now: () => 0, onRunPart: collector.onRunPart });
  return new Map((collector.parts.get("active") ?? []).map((p) => [p.jobId, p.clusterId]));
}

describe("shadow replay inputs", () => {
  it("maps the stored kind to the engine's, and an unknown or missing one to batch", () => {
    expect(simJob(job("a", "TRAINING")).kind).toBe("training");
    expect(simJob(job("b", "INFERENCE")).kind).toBe("inference");
    expect(simJob(job("c", "BATCH")).kind).toBe("batch");
    expect(simJob(job("d", undefined)).kind).toBe("batch");
  });

  it("places a training job on the hub and an inference job on the edge cluster, as the live kind objective does", () => {
    const placed = activeClusters(input([job("train", "TRAINING"), job("serve", "INFERENCE")]));
    expect(placed.get("train")).toBe("hub");
    expect(placed.get("serve")).toBe("edge");
  });

  it("learns the target workload from the live coordinator's GPU job shapes when given, else from the replayed jobs", () => {
    const shapes = [
      { cpuMilli: 8000, gpuCount: 2, gpuMilli: 500, allowedGpuModels: ["A100"] },
      { cpuMilli: 1000, gpuCount: 0, gpuMilli: 0, allowedGpuModels: [] },
    ];
    const given = buildShadowScenario(input([job("a", "TRAINING")], shapes)).scenario;
    expect(given.targetWorkloadJobs).toEqual([{ cpuMilli: 8000, gpuCount: 2, gpuMilliPerGpu: 500, allowedGpuModels: ["A100"] }]);
    expect(buildShadowScenario(input([job("a", "TRAINING")])).scenario.targetWorkloadJobs).toBeUndefined();
  });
});
