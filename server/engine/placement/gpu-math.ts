/** Small GPU helpers shared by filters, scores and GPU selection. Units: milli-GPU. */
import type { JobRequest } from "../model/job";
import type { NodeState } from "../model/node";

/** Number of GPUs on the node with at least `milli` free. */
export function countGpusWithFree(node: NodeState, milli: number): number {
  let n = 0;
  for (const free of node.gpuMilliFree) if (free >= milli) n++;
  return n;
}

/** True when the node's GPUs can host the job's GPU part (ignores CPU/memory/model). */
export function gpusFit(node: NodeState, job: JobRequest): boolean {
  return job.gpuCount === 0 || countGpusWithFree(node, job.gpuMilliPerGpu) >= job.gpuCount;
}

/** True when the job's GPU model constraint admits the node. CPU-only jobs accept any node. */
export function modelAllowed(node: NodeState, job: JobRequest): boolean {
  if (job.gpuCount === 0 || job.allowedGpuModels.length === 0) return true;
  return node.gpuModel !== null && job.allowedGpuModels.includes(node.gpuModel);
}
