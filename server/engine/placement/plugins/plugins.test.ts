import { describe, expect, it } from "vitest";
import { EngineError } from "../../errors";
import { createRng } from "../../model/rng";
import type { TargetWorkload } from "../../model/target-workload";
import { testJob, testNode } from "../../test-support";
import { fgdIntegerScore, nodeFragmentation } from "../fragmentation";
import { normalizeScores } from "../normalize";
import type { DecisionContext } from "../types";
import { bestFitScore } from "./best-fit";
import { dotProdScore } from "./dot-prod";
import { eBinpackScore } from "./e-binpack";
import { fgdExactScore, fgdScore } from "./fgd";
import { evaluateFgd } from "./fgd-core";
import { gpuClusteringScore } from "./gpu-clustering";
import { gpuPackingScore } from "./gpu-packing";
import { spreadScore } from "./spread";

// M = { A: 1 CPU core + 500 milli on 1 GPU, p = 0.5;  B: 1 core + one whole GPU, p = 0.5 }.
const workload: TargetWorkload = {
  shapes: [
    { cpuMilli: 1000, gpuCount: 1, gpuMilliPerGpu: 500, allowedGpuModels: [], probability: 0.5 },
    { cpuMilli: 1000, gpuCount: 1, gpuMilliPerGpu: 1000, allowedGpuModels: [], probability: 0.5 },
  ],
  distinctShapes: 2,
  coveredShare: 1,
};

const ctx = (over: Partial<DecisionContext> = {}): DecisionContext => ({
  workload,
  fragmentationOf: (n) => nodeFragmentation(n, workload),
  fragmentationOfState: (s) => nodeFragmentation(s, workload),
  rackGpuMilli: new Map(),
  gang: { remainingMembers: 1, rack: null, sameRack: false, rackCapacity: new Map() },
  rng: createRng(1),
  ...over,
});

describe("FGD fragmentation (hand-computed)", () => {
  it("F_n(M) of GPUs [1000, 600] with 8 cores free is 300 milli", () => {
    // A fits (both GPUs >= 500), no GPU is too small for it: F(A) = 0.
    // B fits on GPU0; GPU1 (600 < 1000) is a fragment: F(B) = 600.  F = 0.5*0 + 0.5*600 = 300.
    expect(nodeFragmentation({ cpuMilliFree: 8000, gpuModel: "G2", gpuMilliFree: [1000, 600] }, workload)).toBe(300);
  });
  it("without CPU for any shape every idle milli-GPU is a fragment", () => {
    // 500 milli-CPU < 1000 for both shapes: F = free_n = 1600.
    expect(nodeFragmentation({ cpuMilliFree: 500, gpuModel: "G2", gpuMilliFree: [1000, 600] }, workload)).toBe(1600);
  });
  it("a shape restricted to another model sees the whole node as fragment", () => {
    const t4Only: TargetWorkload = { ...workload, shapes: [{ ...workload.shapes[0]!, allowedGpuModels: ["T4"], probability: 1 }] };
    expect(nodeFragmentation({ cpuMilliFree: 8000, gpuModel: "G2", gpuMilliFree: [1000, 600] }, t4Only)).toBe(1600);
  });
  it("a 500-milli job goes to GPU1: delta -200 (score 54) beats GPU0: delta +250 (score 43)", () => {
    // GPU0 -> [500, 600]: F(A) = 0, F(B) = 1100 (no whole GPU left) -> F = 550, delta = +250.
    // GPU1 -> [1000, 100]: F(A) = 100, F(B) = 100 -> F = 100, delta = -200.
    // floor(100 * sigmoid(-0.25)) = 43; floor(100 * sigmoid(0.2)) = 54.
    const node = testNode({ cpuMilliFree: 8000, gpus: [1000, 600] });
    const result = evaluateFgd(node, testJob({ gpuMilliPerGpu: 500 }), workload, 300);
    expect(result).toEqual({ deltaMilli: -200, integerScore: 54, gpuIndices: [1] });
    expect(fgdScore.score(node, testJob({ gpuMilliPerGpu: 500 }), ctx())).toBe(54);
    expect(fgdExactScore.score(node, testJob({ gpuMilliPerGpu: 500 }), ctx())).toBe(200);
  });
  it("integer score: floor(100 * sigmoid(-delta/1000))", () => {
    expect([fgdIntegerScore(0), fgdIntegerScore(250), fgdIntegerScore(-200), fgdIntegerScore(100_000)]).toEqual([50, 43, 54, 0]);
  });
  it("a whole-GPU job takes the idle GPU: [1000, 600] -> [0, 600], delta 0, score 50", () => {
    // F(A): GPU1 600 >= 500 fits, GPU0 free 0 < 500 counts 0 -> 0.  F(B): no whole GPU -> 600.  F = 300, delta 0.
    const node = testNode({ cpuMilliFree: 8000, gpus: [1000, 600] });
    expect(evaluateFgd(node, testJob(), workload, 300)).toEqual({ deltaMilli: 0, integerScore: 50, gpuIndices: [0] });
  });
});

describe("score plugins (table)", () => {
  const cases = [
    // leftover = 0.5*32000/128000 + 0.5*1000/8000 = 0.1875 -> floor(81.25) = 81
    { plugin: bestFitScore, node: testNode({ cpuMilliFree: 64_000 }), job: testJob({ cpuMilli: 32_000 }), expected: 81 },
    // idle 2-GPU node: max(33 - 2, 2) = 31
    { plugin: gpuPackingScore, node: testNode(), job: testJob({ gpuMilliPerGpu: 300 }), expected: 31 },
    // shared GPU with 400 free: 100 - floor(40 / 10) = 96
    { plugin: gpuPackingScore, node: testNode({ gpus: [1000, 400] }), job: testJob({ gpuMilliPerGpu: 300 }), expected: 96 },
    // needs the idle GPU of a used node: max(50 - 1, 33) = 49
    { plugin: gpuPackingScore, node: testNode({ gpus: [1000, 400] }), job: testJob(), expected: 49 },
    { plugin: gpuPackingScore, node: testNode(), job: testJob({ gpuCount: 0, gpuMilliPerGpu: 0 }), expected: 0 },
    // free 1530 -> fill = floor(25 * 6470 / 8000) = 20; only same class -> 95
    { plugin: gpuClusteringScore, node: testNode({ gpus: [1000, 530], hostedGpuShares: [470] }), job: testJob({ gpuMilliPerGpu: 470 }), expected: 95 },
    { plugin: gpuClusteringScore, node: testNode({ gpus: [1000, 530], hostedGpuShares: [320, 1000] }), job: testJob({ gpuMilliPerGpu: 470 }), expected: 70 },
    // every sharing job is one class ("share"), whatever its share
    { plugin: gpuClusteringScore, node: testNode({ gpus: [1000, 530], hostedGpuShares: [320] }), job: testJob({ gpuMilliPerGpu: 470 }), expected: 95 },
    { plugin: gpuClusteringScore, node: testNode({ gpus: [1000, 530], hostedGpuShares: [2000] }), job: testJob({ gpuMilliPerGpu: 470 }), expected: 20 },
    // idle: fill = floor(25 * 6000 / 8000) = 18 -> 43
    { plugin: gpuClusteringScore, node: testNode(), job: testJob({ gpuMilliPerGpu: 470 }), expected: 43 },
    // dot = (64/128)(32/128) + (2/8)(1/8) = 0.15625 -> floor(100 * (1 - 0.078125)) = 92
    { plugin: dotProdScore, node: testNode({ cpuMilliFree: 64_000 }), job: testJob({ cpuMilli: 32_000 }), expected: 92 },
    // cpu 24/32 = 0.75 free after, gpu 1/2 = 0.5 -> floor(50 * 1.25) = 62
    { plugin: spreadScore, node: testNode(), job: testJob({ cpuMilli: 8000 }), expected: 62 },
  ];
  it.each(cases)("$plugin.name -> $expected", ({ plugin, node, job, expected }) => {
    expect(plugin.score(node, job, ctx())).toBe(expected);
  });

  it("e-binpack: a fuller node in a fuller rack scores higher", () => {
    const c = ctx({
      rackGpuMilli: new Map([
        ["busy", [3000, 4000] as const],
        ["idle", [0, 4000] as const],
      ]),
    });
    const partly = testNode({ gpus: [1000, 0], rack: "busy" });
    const idle = testNode({ gpus: [1000, 1000], rack: "idle" });
    // partly: 70 * (1 - 0/2000) + 30 * 0.75 = 92.5; idle: 70 * 0.5 + 0 = 35
    expect(eBinpackScore.score(partly, testJob(), c)).toBeCloseTo(92.5);
    expect(eBinpackScore.score(idle, testJob(), c)).toBeCloseTo(35);
  });
});

describe("normalizeScores", () => {
  const run = (mode: "none" | "minmax" | "minmax-float", values: number[]) => {
    const out = new Float64Array(values.length);
    normalizeScores("p", mode, Float64Array.from(values), out);
    return [...out];
  };
  it("min-max with integer floor like the reference, float variant, and pass-through", () => {
    expect(run("minmax", [10, 20, 40])).toEqual([0, 33, 100]);
    expect(run("minmax-float", [0, 1, 3])[1]).toBeCloseTo(33.333, 2);
    expect(run("minmax", [5, 5])).toEqual([0, 0]);
    expect(run("none", [0, 100])).toEqual([0, 100]);
  });
  it.each([[NaN], [Infinity]])("rejects %s with a typed error", (v) => {
    expect(() => run("minmax", [1, v])).toThrow(EngineError);
  });
  it("rejects out-of-range raw scores for integer-scored plugins", () => {
    expect(() => run("none", [101])).toThrow(/outside 0..100/);
    expect(() => run("none", [-1])).toThrow(EngineError);
  });
});
