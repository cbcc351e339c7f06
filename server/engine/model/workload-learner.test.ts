import { describe, expect, it } from "vitest";
import { testJob } from "../test-support";
import { buildTargetWorkload } from "./target-workload";
import { createWorkloadLearner } from "./workload-learner";

const whole = testJob();
const half = testJob({ gpuMilliPerGpu: 500 });
const t4 = testJob({ allowedGpuModels: ["T4"] });

describe("online workload learner", () => {
  it("without decay, learns the same M as buildTargetWorkload over the jobs seen", () => {
    const jobs = [whole, whole, half, t4, whole, half];
    const learner = createWorkloadLearner({ halfLifeJobs: Infinity });
    for (const j of jobs) learner.observe(j);
    const { constrainedDemand: learned, ...m } = learner.workload();
    const { constrainedDemand: built, ...expected } = buildTargetWorkload(jobs);
    expect(m).toEqual(expected);
    expect(learned).toEqual(built);
    expect(learner.observed).toBe(6);
  });
  it("knows nothing before the first job, then M covers what it saw", () => {
    const learner = createWorkloadLearner();
    expect(learner.workload().shapes).toEqual([]);
    learner.observe(half);
    expect(learner.workload().shapes).toEqual([{ cpuMilli: 1000, gpuCount: 1, gpuMilliPerGpu: 500, allowedGpuModels: [], probability: 1 }]);
  });
  it("with a half-life, recent shapes outweigh old ones: 10 whole then 10 half with half-life 5 puts half first", () => {
    const learner = createWorkloadLearner({ halfLifeJobs: 5, coverage: 1 });
    for (let i = 0; i < 10; i++) learner.observe(whole);
    for (let i = 0; i < 10; i++) learner.observe(half);
    const [first, second] = learner.workload().shapes;
    expect(first?.gpuMilliPerGpu).toBe(500);
    // weights: half = sum 2^(k/5), k = 10..19; whole = k = 0..9 -> ratio 2^(10/5) = 4.
    expect((first?.probability ?? 0) / (second?.probability ?? 1)).toBeCloseTo(4, 6);
  });
  it("a prior counts as jobs seen before, and constrained demand is the GPU share of each model set", () => {
    const learner = createWorkloadLearner({ prior: [whole, whole, whole], halfLifeJobs: Infinity });
    learner.observe(t4);
    expect(learner.observed).toBe(1);
    expect(learner.workload().constrainedDemand).toEqual([{ models: ["T4"], gpuShare: 0.25 }]);
  });
});
