/**
 * Score plugin best-fit. leftover = 0.5 * (cpuFree - cpuReq) / 128,000 milli-CPU
 *                                 + 0.5 * (gpuFree - gpuReq) / 8,000 milli-GPU   (0..1, lower = tighter)
 * raw = floor(100 * (1 - leftover)), then min-max normalized over candidates (as the reference).
 */
import { totalGpuMilliFree } from "../../model/node";
import type { ScorePlugin } from "../types";

/** Max node spec used to scale leftovers: 128 CPU cores and 8 GPUs. */
export const MAX_SPEC = { cpuMilli: 128_000, gpuMilli: 8_000 } as const;

/** Prefers the node left with the least free CPU and GPU. */
export const bestFitScore: ScorePlugin = {
  name: "best-fit",
  normalization: "minmax",
  cacheable: true,
  score: (node, job) => {
    const cpuLeft = node.cpuMilliFree - job.cpuMilli;
    const gpuLeft = totalGpuMilliFree(node) - job.gpuCount * job.gpuMilliPerGpu;
    const leftover = (0.5 * cpuLeft) / MAX_SPEC.cpuMilli + (0.5 * gpuLeft) / MAX_SPEC.gpuMilli;
    return Math.max(0, Math.floor((1 - leftover) * 100));
  },
};
