/**
 * Score plugin gpu-clustering (bands of 25, integer like the reference), with
 * fill = floor(25 * (8,000 - gpuFree) / 8,000), gpuFree in milli-GPU:
 *   node hosts only jobs of the job's share class -> 75 + fill
 *   node hosts this class and others              -> 50 + fill
 *   node hosts no GPU job                         -> 25 + fill
 *   node hosts only other classes                 ->  0 + fill
 * Share class = per-GPU milli request. CPU-only jobs score 0 everywhere.
 */
import { totalGpuMilliFree } from "../../model/node";
import type { ScorePlugin } from "../types";
import { MAX_SPEC } from "./best-fit";

/** Prefers nodes already running jobs of the same GPU-share class. */
export const gpuClusteringScore: ScorePlugin = {
  name: "gpu-clustering",
  normalization: "none",
  cacheable: true,
  reads: ["hostedGpuShares"],
  score: (node, job) => {
    if (job.gpuCount === 0) return 0;
    const fill = Math.floor((25 * (MAX_SPEC.gpuMilli - totalGpuMilliFree(node))) / MAX_SPEC.gpuMilli);
    const hosted = node.hostedGpuShares;
    if (hosted.length === 0) return 25 + fill;
    const same = hosted.includes(job.gpuMilliPerGpu);
    if (!same) return fill;
    const onlySame = hosted[0] === job.gpuMilliPerGpu && hosted[hosted.length - 1] === job.gpuMilliPerGpu;
    return (onlySame ? 75 : 50) + fill;
  },
};
