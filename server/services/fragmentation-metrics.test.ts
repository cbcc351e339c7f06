import { describe, expect, it } from "vitest";
import { buildTargetWorkload } from "../engine";
import {
  DEFAULT_MULTI_GPU_SHAPE,
  fgdFragmentationRate,
  fragmentationByCluster,
  gpuFragmentationRatio,
  mostCommonMultiGpuShape,
  type NodeGpuState,
} from "./fragmentation-metrics";

const node = (clusterId: string, gpuMilliFree: number[], cpuMilliFree = 64_000, gpuModel: string | null = "V100M16"): NodeGpuState => ({
  clusterId,
  gpuModel,
  cpuMilliFree,
  gpuMilliFree,
});

describe("mostCommonMultiGpuShape", () => {
  it("picks the most frequent multi-GPU count, ties to the smaller one, ignoring single-GPU requests", () => {
    expect(
      mostCommonMultiGpuShape([
        { gpuCount: 1, jobs: 100 },
        { gpuCount: 8, jobs: 5 },
        { gpuCount: 2, jobs: 3 },
      ]),
    ).toBe(8);
    expect(
      mostCommonMultiGpuShape([
        { gpuCount: 8, jobs: 4 },
        { gpuCount: 4, jobs: 4 },
      ]),
    ).toBe(4);
  });
  it("falls back to the default when no job asked for several GPUs", () => {
    expect(mostCommonMultiGpuShape([{ gpuCount: 1, jobs: 9 }])).toBe(DEFAULT_MULTI_GPU_SHAPE);
    expect(mostCommonMultiGpuShape([])).toBe(DEFAULT_MULTI_GPU_SHAPE);
  });
});

describe("gpuFragmentationRatio", () => {
  it("counts partly allocated GPU nodes that cannot host the shape, over all GPU nodes", () => {
    const nodes = [
      node("a", [1000, 1000, 1000, 1000]), // idle: not fragmented
      node("a", [0, 0, 0, 0]), // full: not fragmented
      node("a", [0, 500, 1000, 0]), // partly used, 1 whole GPU free < 2: fragmented
      node("a", [0, 1000, 1000, 0]), // partly used, 2 whole GPUs free: hosts a 2-GPU job
      node("a", []), // CPU-only node: ignored
    ];
    expect(gpuFragmentationRatio(nodes, 2)).toEqual({ fragmentedNodes: 1, gpuNodes: 4, ratio: 0.25, shapeGpus: 2 });
    // With an 8-GPU shape every partly used node is fragmented.
    expect(gpuFragmentationRatio(nodes, 8).fragmentedNodes).toBe(2);
  });
  it("is 0 without GPU nodes", () => {
    expect(gpuFragmentationRatio([], 2)).toEqual({ fragmentedNodes: 0, gpuNodes: 0, ratio: 0, shapeGpus: 2 });
  });
});

describe("fgdFragmentationRate", () => {
  it("is the share of free GPU that the target workload cannot use", () => {
    // Workload: only whole single-GPU jobs. Half-free GPUs are fragments; a whole free GPU is not.
    const workload = buildTargetWorkload([{ cpuMilli: 1000, gpuCount: 1, gpuMilliPerGpu: 1000, allowedGpuModels: [] }]);
    const rate = fgdFragmentationRate([node("a", [1000, 500]), node("a", [500, 0])], workload);
    expect(rate.freeMilli).toBe(2000);
    expect(rate.fragmentedMilli).toBe(1000);
    expect(rate.rate).toBe(0.5);
  });
  it("counts all free GPU on a node whose model the workload does not allow", () => {
    const workload = buildTargetWorkload([{ cpuMilli: 1000, gpuCount: 1, gpuMilliPerGpu: 1000, allowedGpuModels: ["A100"] }]);
    expect(fgdFragmentationRate([node("a", [1000, 1000], 64_000, "T4")], workload).rate).toBe(1);
  });
  it("is 0 when nothing is free", () => {
    const workload = buildTargetWorkload([{ cpuMilli: 1000, gpuCount: 1, gpuMilliPerGpu: 1000, allowedGpuModels: [] }]);
    expect(fgdFragmentationRate([node("a", [0, 0])], workload)).toEqual({ fragmentedMilli: 0, freeMilli: 0, rate: 0 });
  });
});

describe("fragmentationByCluster", () => {
  it("groups nodes by cluster", () => {
    const workload = buildTargetWorkload([{ cpuMilli: 1000, gpuCount: 2, gpuMilliPerGpu: 1000, allowedGpuModels: [] }]);
    const result = fragmentationByCluster([node("a", [0, 1000]), node("b", [1000, 1000]), node("b", [0, 0])], workload, 2);
    expect(result.get("a")!.gfr.ratio).toBe(1);
    expect(result.get("a")!.fgd.rate).toBe(1);
    expect(result.get("b")!.gfr.ratio).toBe(0);
    expect(result.get("b")!.fgd.rate).toBe(0);
  });
});
