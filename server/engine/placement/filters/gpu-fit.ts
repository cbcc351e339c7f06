/**
 * Filter gpu-fit. Whole-GPU jobs: count of fully free GPUs (1000 milli) >= gpuCount, numbers in GPUs.
 * Sharing jobs: some single GPU has free >= gpuMilliPerGpu, numbers in milli-GPU (free = the largest
 * free share on the node, so the reason says how close the node came).
 */
import { MILLI_GPU_PER_GPU } from "../../model/units";
import { countGpusWithFree, gpusFit } from "../gpu-math";
import { fail, PASS, type FilterPlugin } from "../types";

/** Rejects nodes without enough whole GPUs (INSUFFICIENT_GPUS) or without a GPU with the share (NO_GPU_WITH_ENOUGH_SHARE). */
export const gpuFitFilter: FilterPlugin = {
  name: "gpu-fit",
  cacheable: true,
  passes: gpusFit,
  filter: (node, job) => {
    if (job.gpuCount === 0) return PASS;
    const gpus = node.gpuMilliFree.length;
    if (job.gpuMilliPerGpu < MILLI_GPU_PER_GPU) {
      if (countGpusWithFree(node, job.gpuMilliPerGpu) >= job.gpuCount) return PASS;
      const largest = gpus === 0 ? 0 : Math.max(...node.gpuMilliFree);
      return fail({
        code: "NO_GPU_WITH_ENOUGH_SHARE",
        resource: "gpu-share",
        unit: "milliGpu",
        requested: job.gpuMilliPerGpu,
        available: largest,
        capacity: gpus > 0 ? MILLI_GPU_PER_GPU : 0,
      });
    }
    const whole = countGpusWithFree(node, MILLI_GPU_PER_GPU);
    return whole >= job.gpuCount
      ? PASS
      : fail({ code: "INSUFFICIENT_GPUS", resource: "gpu-count", unit: "gpus", requested: job.gpuCount, available: whole, capacity: gpus });
  },
};
