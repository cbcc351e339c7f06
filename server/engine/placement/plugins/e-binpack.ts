/**
 * Score plugin e-binpack (topology-aware binpacking). With used fractions after the placement:
 * raw = 70 * nodeGpuUsedAfter + 30 * rackGpuUsedBefore (+ CPU used fraction for CPU-only jobs
 * on the node term), each fraction 0..1, raw 0..100, min-max normalized. Fills partly used nodes
 * first and, among them, nodes in busier racks, so whole racks stay free for gangs. Gangs are kept
 * in one rack by the gang-rack filter.
 */
import { totalGpuMilliFree } from "../../model/node";
import { MILLI_GPU_PER_GPU } from "../../model/units";
import type { ScorePlugin } from "../types";

/** Prefers partly used nodes in partly used racks. */
export const eBinpackScore: ScorePlugin = {
  name: "e-binpack",
  normalization: "minmax-float",
  reads: ["rack"],
  score: (node, job, ctx) => {
    const gpuCap = node.gpuMilliFree.length * MILLI_GPU_PER_GPU;
    const nodeUsed =
      job.gpuCount === 0 || gpuCap === 0
        ? 1 - (node.cpuMilliFree - job.cpuMilli) / Math.max(1, node.cpuMilliCapacity)
        : 1 - (totalGpuMilliFree(node) - job.gpuCount * job.gpuMilliPerGpu) / gpuCap;
    const rack = ctx.rackGpuMilli.get(node.rack ?? "");
    const rackUsed = rack && rack[1] > 0 ? rack[0] / rack[1] : 0;
    return 70 * nodeUsed + 30 * rackUsed;
  },
};
