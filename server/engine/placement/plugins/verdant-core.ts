/**
 * Verdant's fragmentation cost of placing one member on a node, in milli-GPU:
 *   cost = delta C_n(M_model) + FGD_WEIGHT * delta F_n(M_model) + RESERVE_WEIGHT * pressure(model) * request
 * (capacity fragmentation, see capacity-fragmentation.ts, plus FGD's exact delta). Measured on the
 * default openb trace: FGD's exact delta alone left 5.6-5.9% unallocated and capacity fragmentation
 * alone ~4.7%; the blend with weight 12 left ~4.35% (seeds 42-47), see docs/benchmarks/placement.md.
 * Sharing jobs try each GPU with enough free share (one per distinct free value) and keep the lowest
 * cost, then the least free share (best fit), then the lowest index; whole-GPU jobs take the first idle GPUs.
 */
import { isSharingJob, type JobRequest } from "../../model/job";
import type { NodeState } from "../../model/node";
import type { FragmentationInput } from "../fragmentation";
import { firstWholeFreeGpus, nodeAfter } from "../node-after";

/** Weight of FGD's delta against the capacity-fragmentation delta (tuned on seeds 42-47, default trace). */
export const FGD_WEIGHT = 12;

/**
 * Milli-GPU of cost per milli-GPU a job takes on a model whose pressure is 1 (tuned on gpuspec 5/15/25/35,
 * seeds 42-44, trace workload: 0.5 / 1 / 2 / 4 / 8 gave gpuspec35 13.08 / 7.00 / 4.82 / 5.10 / 5.17 %).
 */
export const RESERVE_WEIGHT = 2;

/** Result of evaluating one member on one node. */
export interface VerdantEvaluation {
  /** Fragmentation cost in milli-GPU (lower is better; negative = the placement reduces fragmentation). */
  readonly costMilli: number;
  readonly gpuIndices: readonly number[];
}

/** The two node measures (cached by the caller), each F(M)-like in milli-GPU. */
export interface FragmentationMeasures {
  readonly fgd: (state: FragmentationInput) => number;
  readonly capacity: (state: FragmentationInput) => number;
  /** Pressure of constrained jobs on a GPU model (model-workload.ts), absent when M has no constraints. */
  readonly reserve?: (model: string | null) => number;
}

/** Evaluates one member of `job` on `node` (which must pass the filters). */
export function evaluateVerdant(node: NodeState, job: JobRequest, measures: FragmentationMeasures, fgdWeight = FGD_WEIGHT): VerdantEvaluation {
  const before = measures.capacity(node) + fgdWeight * measures.fgd(node);
  // Same for every GPU choice on the node: it moves jobs between models, never between GPUs.
  const reserve = measures.reserve ? RESERVE_WEIGHT * measures.reserve(node.gpuModel) * job.gpuCount * job.gpuMilliPerGpu : 0;
  const costOf = (gpuIndices: readonly number[]): number => {
    const after = nodeAfter(node, job, gpuIndices);
    return measures.capacity(after) + fgdWeight * measures.fgd(after) - before + reserve;
  };
  if (!isSharingJob(job)) {
    const gpuIndices = job.gpuCount > 0 ? firstWholeFreeGpus(node.gpuMilliFree, job.gpuCount) : [];
    return { costMilli: costOf(gpuIndices), gpuIndices };
  }
  let bestCost = Infinity;
  let bestGpu = -1;
  const gpus = node.gpuMilliFree;
  for (let g = 0; g < gpus.length; g++) {
    const free = gpus[g] as number;
    if (free < job.gpuMilliPerGpu) continue;
    // GPUs with the same free share give the same cost: evaluate the first of each value only.
    let seen = false;
    for (let h = 0; h < g && !seen; h++) seen = gpus[h] === free;
    if (seen) continue;
    const cost = costOf([g]);
    if (cost < bestCost || (cost === bestCost && free < (gpus[bestGpu] as number))) {
      bestCost = cost;
      bestGpu = g;
    }
  }
  return bestGpu < 0 ? { costMilli: 0, gpuIndices: [] } : { costMilli: bestCost, gpuIndices: [bestGpu] };
}
