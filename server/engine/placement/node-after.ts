/**
 * What a node would look like after hosting one member of a job, as a light FragmentationInput
 * (no full NodeState copy): used by score plugins that compare before/after.
 */
import type { JobRequest } from "../model/job";
import type { NodeState } from "../model/node";
import { MILLI_GPU_PER_GPU } from "../model/units";
import type { FragmentationInput } from "./fragmentation";

/** Indices of the first `count` fully free GPUs, in index order (whole-GPU jobs take idle GPUs). */
export function firstWholeFreeGpus(gpuMilliFree: readonly number[], count: number): number[] {
  const out: number[] = [];
  for (let g = 0; g < gpuMilliFree.length && out.length < count; g++) {
    if (gpuMilliFree[g] === MILLI_GPU_PER_GPU) out.push(g);
  }
  return out;
}

/** The node after the job takes `gpuIndices` (each losing gpuMilliPerGpu) and its CPU. */
export function nodeAfter(node: NodeState, job: JobRequest, gpuIndices: readonly number[]): FragmentationInput {
  const gpus = node.gpuMilliFree.slice();
  for (const g of gpuIndices) gpus[g] = (gpus[g] as number) - job.gpuMilliPerGpu;
  return { cpuMilliFree: node.cpuMilliFree - job.cpuMilli, gpuModel: node.gpuModel, gpuMilliFree: gpus };
}
