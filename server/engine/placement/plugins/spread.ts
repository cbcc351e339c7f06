/**
 * Score plugin spread (least allocated). After placing the job:
 * raw = floor(100 * mean(cpuFreeAfter / cpuCapacity, gpuFreeAfter / gpuCapacity)), 0..100; the GPU
 * term is dropped on GPU-less nodes. Spreads load; the opposite of packing (useful for latency-
 * sensitive services, poor for GPU fragmentation).
 */
import { totalGpuMilliFree } from "../../model/node";
import { MILLI_GPU_PER_GPU } from "../../model/units";
import type { ScorePlugin } from "../types";

/** Prefers the least allocated node. */
export const spreadScore: ScorePlugin = {
  name: "spread",
  normalization: "none",
  cacheable: true,
  score: (node, job) => {
    const cpu = node.cpuMilliCapacity > 0 ? (node.cpuMilliFree - job.cpuMilli) / node.cpuMilliCapacity : 0;
    const gpuCap = node.gpuMilliFree.length * MILLI_GPU_PER_GPU;
    if (gpuCap === 0) return Math.max(0, Math.floor(100 * cpu));
    const gpu = (totalGpuMilliFree(node) - job.gpuCount * job.gpuMilliPerGpu) / gpuCap;
    return Math.max(0, Math.floor(50 * (cpu + gpu)));
  },
};
