import { describe, expect, it } from "vitest";
import { createRng } from "../../model/rng";
import { testJob, testNode } from "../../test-support";
import type { DecisionContext } from "../types";
import { cpuFitFilter } from "./cpu-fit";
import { gangRackFilter } from "./gang-rack";
import { gpuFitFilter } from "./gpu-fit";
import { gpuModelFilter } from "./gpu-model";
import { memoryFitFilter } from "./memory-fit";
import { nodeLabelsFilter } from "./node-labels";
import { nodeReadyFilter } from "./node-ready";

const ctx = (gang: Partial<DecisionContext["gang"]> = {}): DecisionContext => ({
  workload: null,
  fragmentationOf: () => 0,
  fragmentationOfState: () => 0,
  rackGpuMilli: new Map(),
  gang: { remainingMembers: 1, rack: null, sameRack: false, rackCapacity: new Map(), ...gang },
  rng: createRng(1),
});

describe("filters", () => {
  const cases = [
    { name: "cpu fits exactly", plugin: cpuFitFilter, node: testNode({ cpuMilliFree: 8000 }), job: testJob({ cpuMilli: 8000 }), reasons: [] },
    {
      name: "cpu short",
      plugin: cpuFitFilter,
      node: testNode({ cpuMilliFree: 7999, cpuMilliCapacity: 32000 }),
      job: testJob({ cpuMilli: 8000 }),
      reasons: [{ code: "INSUFFICIENT_CPU", resource: "cpu", unit: "milliCpu", requested: 8000, available: 7999, capacity: 32000 }],
    },
    {
      name: "memory short",
      plugin: memoryFitFilter,
      node: testNode({ memoryMibFree: 100, memoryMibCapacity: 200 }),
      job: testJob({ memoryMib: 101 }),
      reasons: [{ code: "INSUFFICIENT_MEMORY", resource: "memory", unit: "mib", requested: 101, available: 100, capacity: 200 }],
    },
    { name: "memory fits", plugin: memoryFitFilter, node: testNode({ memoryMibFree: 101 }), job: testJob({ memoryMib: 101 }), reasons: [] },
    {
      name: "whole GPUs: 1 idle of 2, needs 2",
      plugin: gpuFitFilter,
      node: testNode({ gpus: [1000, 999] }),
      job: testJob({ gpuCount: 2 }),
      reasons: [{ code: "INSUFFICIENT_GPUS", resource: "gpu-count", unit: "gpus", requested: 2, available: 1, capacity: 2 }],
    },
    {
      name: "whole GPU job refuses partly used GPUs",
      plugin: gpuFitFilter,
      node: testNode({ gpus: [999] }),
      job: testJob(),
      reasons: [{ code: "INSUFFICIENT_GPUS", resource: "gpu-count", unit: "gpus", requested: 1, available: 0, capacity: 1 }],
    },
    { name: "share fits on one GPU", plugin: gpuFitFilter, node: testNode({ gpus: [100, 470] }), job: testJob({ gpuMilliPerGpu: 470 }), reasons: [] },
    {
      name: "share fits on no GPU (reports the largest free share)",
      plugin: gpuFitFilter,
      node: testNode({ gpus: [300, 469] }),
      job: testJob({ gpuMilliPerGpu: 470 }),
      reasons: [{ code: "NO_GPU_WITH_ENOUGH_SHARE", resource: "gpu-share", unit: "milliGpu", requested: 470, available: 469, capacity: 1000 }],
    },
    { name: "CPU-only job on any node", plugin: gpuFitFilter, node: testNode({ gpus: [0] }), job: testJob({ gpuCount: 0, gpuMilliPerGpu: 0 }), reasons: [] },
    { name: "model allowed", plugin: gpuModelFilter, node: testNode({ gpuModel: "T4" }), job: testJob({ allowedGpuModels: ["T4", "A10"] }), reasons: [] },
    {
      name: "model not allowed",
      plugin: gpuModelFilter,
      node: testNode({ gpuModel: "G2" }),
      job: testJob({ allowedGpuModels: ["T4"] }),
      reasons: [{ code: "GPU_MODEL_NOT_ALLOWED", resource: "gpu-model", subject: "G2" }],
    },
    { name: "empty allowed list = any", plugin: gpuModelFilter, node: testNode({ gpuModel: "P100" }), job: testJob(), reasons: [] },
    { name: "not ready", plugin: nodeReadyFilter, node: testNode({ ready: false }), job: testJob(), reasons: [{ code: "NODE_NOT_READY", resource: "node" }] },
    {
      name: "selector matches",
      plugin: nodeLabelsFilter,
      node: testNode({ labels: { zone: "a" } }),
      job: testJob({ nodeSelector: { zone: "a" } }),
      reasons: [],
    },
    {
      name: "selector mismatch",
      plugin: nodeLabelsFilter,
      node: testNode({ labels: { zone: "b" } }),
      job: testJob({ nodeSelector: { zone: "a" } }),
      reasons: [{ code: "LABEL_MISMATCH", resource: "label", subject: "zone=a" }],
    },
    {
      name: "affinity NotIn",
      plugin: nodeLabelsFilter,
      node: testNode({ labels: { pool: "spot" } }),
      job: testJob({ nodeAffinity: [{ key: "pool", operator: "NotIn", values: ["spot"] }] }),
      reasons: [{ code: "LABEL_MISMATCH", resource: "label", subject: "pool NotIn spot" }],
    },
    {
      name: "affinity Exists",
      plugin: nodeLabelsFilter,
      node: testNode({ labels: { ib: "1" } }),
      job: testJob({ nodeAffinity: [{ key: "ib", operator: "Exists" }] }),
      reasons: [],
    },
  ] as const;

  it.each(cases)("$plugin.name: $name", ({ plugin, node, job, reasons }) => {
    const verdict = plugin.filter(node, job, ctx());
    expect(verdict.reasons).toEqual(reasons);
    expect(verdict.passed).toBe(reasons.length === 0);
    if (plugin.passes) expect(plugin.passes(node, job, ctx())).toBe(verdict.passed);
  });

  it("gang-rack: rejects racks that cannot host every member, then pins the gang's rack", () => {
    const gang = testJob({ gangSize: 3 });
    const node = testNode({ rack: "r1" });
    const c = ctx({
      remainingMembers: 3,
      sameRack: true,
      rackCapacity: new Map([
        ["r1", 2],
        ["r2", 4],
      ]),
    });
    expect(gangRackFilter.filter(node, gang, c).reasons).toEqual([
      { code: "RACK_CAPACITY_FOR_GANG", resource: "gang", unit: "members", requested: 3, available: 2, subject: "r1" },
    ]);
    expect(gangRackFilter.filter({ ...node, rack: "r2" }, gang, c).passed).toBe(true);
    const pinned = ctx({ remainingMembers: 2, sameRack: true, rack: "r2" });
    expect(gangRackFilter.filter(node, gang, pinned).reasons[0]?.code).toBe("GANG_IN_OTHER_RACK");
    expect(gangRackFilter.filter(node, testJob(), c).passed).toBe(true);
  });
});
