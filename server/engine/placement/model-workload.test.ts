import { describe, expect, it } from "vitest";
import type { TargetWorkload } from "../model/target-workload";
import { testNode } from "../test-support";
import { hasModelConstraints, modelGpuCapacity, modelPressure, workloadForModel } from "./model-workload";

const shape = (allowedGpuModels: string[], probability: number, gpuMilliPerGpu = 1000) => ({
  cpuMilli: 1000,
  gpuCount: 1,
  gpuMilliPerGpu,
  allowedGpuModels,
  probability,
});
const workload: TargetWorkload = { shapes: [shape([], 0.6), shape(["T4"], 0.3), shape(["G2", "T4"], 0.1)], distinctShapes: 3, coveredShare: 1 };

describe("M per GPU model", () => {
  it("keeps the shapes a model may host, renormalized", () => {
    const g2 = workloadForModel(workload, "G2").shapes;
    expect(g2.map((s) => s.allowedGpuModels)).toEqual([[], ["G2", "T4"]]);
    expect(g2[0]?.probability).toBeCloseTo(0.6 / 0.7, 12);
    expect(g2[1]?.probability).toBeCloseTo(0.1 / 0.7, 12);
    expect(workloadForModel(workload, "T4")).toBe(workload);
    expect(workloadForModel(workload, null).shapes).toEqual([{ ...workload.shapes[0], probability: 1 }]);
    expect(workloadForModel(workload, "G2")).toBe(workloadForModel(workload, "G2"));
  });
});

describe("model pressure", () => {
  it("counts each model's GPUs", () => {
    const nodes = [testNode({ gpus: [1000, 1000], gpuModel: "G2" }), testNode({ gpus: [1000], gpuModel: "T4" }), testNode({ gpus: [] })];
    expect([...modelGpuCapacity(nodes)]).toEqual([
      ["G2", 2],
      ["T4", 1],
    ]);
  });
  it("is constrained demand share over capacity share; a set's demand splits by capacity", () => {
    // cap G2 = 8, T4 = 2 (total 10). D_T4 = 0.3 + 0.1 * 2/10 = 0.32 of demand over 0.2 of capacity = 1.6;
    // D_G2 = 0.1 * 8/10 = 0.08 over 0.8 = 0.1.
    const p = modelPressure(
      workload,
      new Map([
        ["G2", 8],
        ["T4", 2],
      ]),
    );
    expect(p.get("T4")).toBeCloseTo(1.6, 10);
    expect(p.get("G2")).toBeCloseTo(0.1, 10);
  });
  it("is zero everywhere without constraints, and hasModelConstraints says so", () => {
    const free: TargetWorkload = { shapes: [shape([], 1)], distinctShapes: 1, coveredShare: 1 };
    expect(hasModelConstraints(free)).toBe(false);
    expect(hasModelConstraints(workload)).toBe(true);
    expect([...modelPressure(free, new Map([["G2", 8]])).values()]).toEqual([0]);
  });
  it("prefers the uncut constrained demand when the workload carries it", () => {
    const withDemand: TargetWorkload = { ...workload, constrainedDemand: [{ models: ["T4"], gpuShare: 0.1 }] };
    expect(
      modelPressure(
        withDemand,
        new Map([
          ["G2", 8],
          ["T4", 2],
        ]),
      ).get("T4"),
    ).toBeCloseTo(0.5, 10);
  });
});
