import { describe, expect, it } from "vitest";
import { createCluster, type NodeSpec } from "../../model/node";
import { buildTargetWorkload } from "../../model/target-workload";
import { testJob } from "../../test-support";
import { createPlacer } from "../placer";
import { VERDANT_POLICY } from "../policy";

// One small T4 node listed first, four big G2 nodes: node order alone would fill the T4 node first.
const specs: NodeSpec[] = [
  { name: "t4-0", cpuMilli: 32_000, memoryMib: 65_536, gpuCount: 2, gpuModel: "T4" },
  ...[0, 1, 2, 3].map((i) => ({ name: `g2-${i}`, cpuMilli: 96_000, memoryMib: 262_144, gpuCount: 8, gpuModel: "G2" })),
];

describe("verdant keeps scarce models for the jobs constrained to them", () => {
  const flexible = testJob();
  it("with T4-only jobs in M, an unconstrained job goes to G2", () => {
    const workload = buildTargetWorkload([flexible, flexible, flexible, testJob({ allowedGpuModels: ["T4"] })]);
    const placer = createPlacer({ policy: VERDANT_POLICY, workload });
    const d = placer.place(createCluster(specs), flexible, { seed: 1 });
    expect(d.assignments[0]?.nodeIndex).not.toBe(0);
  });
  it("without constraints in M, the same job takes the first node (2.0.0 behaviour)", () => {
    const workload = buildTargetWorkload([flexible, flexible, flexible, flexible]);
    const placer = createPlacer({ policy: VERDANT_POLICY, workload });
    expect(placer.place(createCluster(specs), flexible, { seed: 1 }).assignments[0]?.nodeIndex).toBe(0);
  });
  it("a T4-only job still goes to T4", () => {
    const t4 = testJob({ allowedGpuModels: ["T4"] });
    const placer = createPlacer({ policy: VERDANT_POLICY, workload: buildTargetWorkload([flexible, t4]) });
    expect(placer.place(createCluster(specs), t4, { seed: 1 }).assignments[0]?.nodeIndex).toBe(0);
  });
});
