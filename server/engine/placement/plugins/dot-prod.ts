/**
 * Score plugin dot-prod (Tetris-like alignment). With free = [cpuFree / 128,000, gpuFree / 8,000] and
 * req = [cpuReq / 128,000, gpuReq / 8,000] (milli-CPU, milli-GPU; gpuFree = sum over GPUs):
 * raw = floor(100 * (1 - (free . req) / 2)); a smaller dot product scores higher. 0..100.
 */
import { totalGpuMilliFree } from "../../model/node";
import type { ScorePlugin } from "../types";
import { MAX_SPEC } from "./best-fit";

/** Prefers the node whose free vector has the smallest dot product with the request. */
export const dotProdScore: ScorePlugin = {
  name: "dot-prod",
  normalization: "none",
  cacheable: true,
  score: (node, job) => {
    const dot =
      (node.cpuMilliFree / MAX_SPEC.cpuMilli) * (job.cpuMilli / MAX_SPEC.cpuMilli) +
      (totalGpuMilliFree(node) / MAX_SPEC.gpuMilli) * ((job.gpuCount * job.gpuMilliPerGpu) / MAX_SPEC.gpuMilli);
    return Math.min(100, Math.max(0, Math.floor(100 * (1 - dot / 2))));
  },
};
