/**
 * FGD node fragmentation F_n(M), in milli-GPU (Weng et al., ATC'23):
 *   F_n(m) = free_n                       if m needs no GPU, n's model is not allowed for m,
 *                                         fewer than gpuCount(m) GPUs have free >= gpuMilli(m),
 *                                         or n lacks the CPU for m;
 *          = sum of free over GPUs with free < gpuMilli(m)   otherwise (only GPUs too small for m);
 *   F_n(M) = sum_m p_m * F_n(m),  free_n = sum of free milli-GPU over n's GPUs.
 * Memory is deliberately not part of the definition (the reference ignores it).
 */
import type { TargetWorkload } from "../model/target-workload";

/** The parts of a node that fragmentation depends on. */
export interface FragmentationInput {
  readonly cpuMilliFree: number;
  readonly gpuModel: string | null;
  readonly gpuMilliFree: ArrayLike<number>;
}

/** F_n(M) in milli-GPU for one node state. */
export function nodeFragmentation(node: FragmentationInput, workload: TargetWorkload): number {
  const gpus = node.gpuMilliFree;
  let freeTotal = 0;
  for (let g = 0; g < gpus.length; g++) freeTotal += gpus[g] as number;
  if (freeTotal === 0) return 0;
  let frag = 0;
  for (const shape of workload.shapes) {
    frag += shape.probability * shapeFragment(node, shape, freeTotal);
  }
  return frag;
}

/** F_n(m) in milli-GPU for one shape; `freeTotal` is free_n (passed in so callers compute it once). */
export function shapeFragment(node: FragmentationInput, shape: TargetWorkload["shapes"][number], freeTotal: number): number {
  if (shape.gpuCount === 0) return freeTotal;
  if (shape.allowedGpuModels.length > 0 && (node.gpuModel === null || !shape.allowedGpuModels.includes(node.gpuModel))) {
    return freeTotal;
  }
  if (node.cpuMilliFree < shape.cpuMilli) return freeTotal;
  const gpus = node.gpuMilliFree;
  let fitting = 0;
  let tooSmall = 0;
  for (let g = 0; g < gpus.length; g++) {
    const free = gpus[g] as number;
    if (free >= shape.gpuMilliPerGpu) fitting++;
    else tooSmall += free;
  }
  return fitting < shape.gpuCount ? freeTotal : tooSmall;
}

/** The reference's integer FGD score: floor(100 * sigmoid(-delta / 1000)), delta in milli-GPU. */
export function fgdIntegerScore(deltaMilli: number): number {
  // Same operation order as the reference (sigmoid first, then x100) so floor() lands identically.
  return Math.floor((1 / (1 + Math.exp(deltaMilli / 1000))) * 100);
}
