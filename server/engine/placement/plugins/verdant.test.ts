import { describe, expect, it } from "vitest";
import type { TargetWorkload } from "../../model/target-workload";
import { testJob, testNode } from "../../test-support";
import { capacityFragmentation } from "../capacity-fragmentation";
import { verdantMeasures } from "./verdant";
import { evaluateVerdant } from "./verdant-core";

// M = { A: 1 CPU core + 500 milli on 1 GPU, p = 0.5;  B: 1 core + one whole GPU, p = 0.5 }.
const workload: TargetWorkload = {
  shapes: [
    { cpuMilli: 1000, gpuCount: 1, gpuMilliPerGpu: 500, allowedGpuModels: [], probability: 0.5 },
    { cpuMilli: 1000, gpuCount: 1, gpuMilliPerGpu: 1000, allowedGpuModels: [], probability: 0.5 },
  ],
  distinctShapes: 2,
  coveredShare: 1,
};

describe("capacity fragmentation (hand-computed)", () => {
  it("GPUs [1000, 600] with 8 cores: A fits 2 + 1 copies (1600 - 1500 = 100), B one copy (600) -> 350", () => {
    expect(capacityFragmentation({ cpuMilliFree: 8000, gpuModel: "G2", gpuMilliFree: [1000, 600] }, workload)).toBe(350);
  });
  it("CPU caps the copies: with 2 cores A fits 2 copies (600 left), B one (600) -> 600", () => {
    expect(capacityFragmentation({ cpuMilliFree: 2000, gpuModel: "G2", gpuMilliFree: [1000, 600] }, workload)).toBe(600);
  });
  it("a disallowed model or no CPU makes every free milli-GPU a fragment", () => {
    const t4Only: TargetWorkload = { ...workload, shapes: [{ ...workload.shapes[0]!, allowedGpuModels: ["T4"], probability: 1 }] };
    expect(capacityFragmentation({ cpuMilliFree: 8000, gpuModel: "G2", gpuMilliFree: [1000, 600] }, t4Only)).toBe(1600);
    expect(capacityFragmentation({ cpuMilliFree: 500, gpuModel: "G2", gpuMilliFree: [1000, 600] }, workload)).toBe(1600);
  });
});

describe("verdant cost = delta C + 12 * delta F", () => {
  it("a 500-milli job goes to GPU1 (cost -2650), not GPU0 (+3250)", () => {
    // before: C = 350, F = 300 -> 350 + 3600 = 3950.
    // GPU0 -> [500, 600], 7 cores: C = 0.5*100 + 0.5*1100 = 600, F = 550 -> 7200, cost +3250.
    // GPU1 -> [1000, 100]: C = 0.5*100 + 0.5*100 = 100, F = 100 -> 1300, cost -2650.
    const node = testNode({ cpuMilliFree: 8000, gpus: [1000, 600] });
    expect(evaluateVerdant(node, testJob({ gpuMilliPerGpu: 500 }), verdantMeasures(workload))).toEqual({ costMilli: -2650, gpuIndices: [1] });
  });
  it("whole-GPU jobs take the first idle GPUs", () => {
    const node = testNode({ cpuMilliFree: 8000, gpus: [600, 1000, 1000] });
    expect(evaluateVerdant(node, testJob({ gpuCount: 2 }), verdantMeasures(workload)).gpuIndices).toEqual([1, 2]);
  });
});
