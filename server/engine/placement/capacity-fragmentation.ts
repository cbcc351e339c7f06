/**
 * Capacity fragmentation C_n(M), Verdant's companion to FGD's F_n(M), in milli-GPU:
 *   C_n(m) = free_n - k_m(n) * gpuCount(m) * gpuMilli(m),
 *   k_m(n) = how many copies of shape m the node could still host at once: GPU slots (sharing shapes:
 *            sum over GPUs of floor(free / gpuMilli); whole-GPU shapes: floor(idle GPUs / gpuCount)),
 *            capped by floor(free CPU / cpu(m)); 0 when the model is not allowed; m needs no GPU -> free_n,
 *   C_n(M) = sum_m p_m * C_n(m).
 * FGD asks "does one more m fit?"; this asks "how much free GPU would be left over after filling the
 * node with m", so a GPU left with 530 free counts 60 for a 470 shape (FGD: 0), and a node whose CPU
 * runs out before its GPUs counts the GPUs the CPU cannot feed. Memory is ignored, as in FGD.
 */
import type { TargetWorkload } from "../model/target-workload";
import { MILLI_GPU_PER_GPU } from "../model/units";
import type { FragmentationInput } from "./fragmentation";

/** C_n(M) in milli-GPU for one node state. */
export function capacityFragmentation(node: FragmentationInput, workload: TargetWorkload): number {
  const gpus = node.gpuMilliFree;
  let free = 0;
  let idle = 0;
  for (let g = 0; g < gpus.length; g++) {
    const f = gpus[g] as number;
    free += f;
    if (f === MILLI_GPU_PER_GPU) idle++;
  }
  if (free === 0) return 0;
  let total = 0;
  for (const shape of workload.shapes) {
    let copies = 0;
    const allowed = shape.allowedGpuModels.length === 0 || (node.gpuModel !== null && shape.allowedGpuModels.includes(node.gpuModel));
    if (shape.gpuCount > 0 && allowed) {
      if (shape.gpuMilliPerGpu < MILLI_GPU_PER_GPU) {
        for (let g = 0; g < gpus.length; g++) copies += Math.floor((gpus[g] as number) / shape.gpuMilliPerGpu);
      } else copies = Math.floor(idle / shape.gpuCount);
      if (shape.cpuMilli > 0) copies = Math.min(copies, Math.floor(node.cpuMilliFree / shape.cpuMilli));
    }
    total += shape.probability * (free - copies * shape.gpuCount * shape.gpuMilliPerGpu);
  }
  return total;
}
