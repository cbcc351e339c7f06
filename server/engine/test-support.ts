/** Small builders shared by the engine's tests (not exported from index.ts). */
import type { JobRequest } from "./model/job";
import { createNode, type NodeState } from "./model/node";

/** A node with given free GPU shares (milli) and free CPU/memory; capacity defaults to the free amounts. */
export function testNode(over: Partial<NodeState> & { gpus?: number[] } = {}): NodeState {
  const gpus = over.gpus ?? [1000, 1000];
  const base = createNode({
    name: over.name ?? "n0",
    cpuMilli: 32_000,
    memoryMib: 65_536,
    gpuCount: gpus.length,
    gpuModel: gpus.length ? (over.gpuModel ?? "G2") : null,
  });
  return { ...base, ...over, gpuMilliFree: gpus };
}

/** A job request with defaults: 1 CPU core, 1 GiB, one whole GPU, any model. */
export function testJob(over: Partial<JobRequest> = {}): JobRequest {
  return { cpuMilli: 1000, memoryMib: 1024, gpuCount: 1, gpuMilliPerGpu: 1000, allowedGpuModels: [], ...over };
}
