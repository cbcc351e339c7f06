import { describe, expect, it } from "vitest";
import { testJob } from "../test-support";
import { buildTargetWorkload } from "./target-workload";

describe("buildTargetWorkload", () => {
  it("keeps the most frequent shapes until 95% coverage and renormalizes", () => {
    // 19 x shape A, 1 x shape B: A alone covers exactly 95%, so B is dropped and p(A) = 1.
    const jobs = [...Array.from({ length: 19 }, () => testJob({ gpuMilliPerGpu: 500 })), testJob()];
    const m = buildTargetWorkload(jobs);
    expect(m.distinctShapes).toBe(2);
    expect(m.shapes).toEqual([{ cpuMilli: 1000, gpuCount: 1, gpuMilliPerGpu: 500, allowedGpuModels: [], probability: 1 }]);
  });
  it("orders equal counts by first appearance and sorts allowed models into the shape key", () => {
    const jobs = [
      testJob({ allowedGpuModels: ["T4", "A10"] }),
      testJob({ allowedGpuModels: ["A10", "T4"] }),
      testJob({ cpuMilli: 2000 }),
      testJob({ cpuMilli: 2000 }),
    ];
    const m = buildTargetWorkload(jobs, 1);
    expect(m.shapes.map((s) => [s.cpuMilli, s.allowedGpuModels, s.probability])).toEqual([
      [1000, ["A10", "T4"], 0.5],
      [2000, [], 0.5],
    ]);
  });
});
