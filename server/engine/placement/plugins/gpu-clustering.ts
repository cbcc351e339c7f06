/**
 * Score plugin gpu-clustering (bands of 25, integer like the reference), with
 * fill = floor(25 * (8,000 - gpuFree) / 8,000), gpuFree in milli-GPU:
 *   node hosts only jobs of the job's class       -> 75 + fill
 *   node hosts this class and others              -> 50 + fill
 *   node hosts no GPU job                         -> 25 + fill
 *   node hosts only other classes                 ->  0 + fill
 * Class (the reference's GPU affinity tag) = "share" for every GPU-sharing job whatever its share,
 * "k-gpu" for a job on k whole GPUs. CPU-only jobs score 0 everywhere.
 * (1.0.0 used the exact per-GPU share as the class, which split sharing jobs into dozens of classes
 * and measured 13.8-15.1% unallocated instead of the published 8.35%.)
 */
import { totalGpuMilliFree } from "../../model/node";
import { MILLI_GPU_PER_GPU } from "../../model/units";
import type { ScorePlugin } from "../types";
import { MAX_SPEC } from "./best-fit";

/** Class of a hosted GPU request (see NodeState.hostedGpuShares): 0 = sharing, else k x 1000. */
const classOf = (requestMilli: number): number => (requestMilli < MILLI_GPU_PER_GPU ? 0 : requestMilli);

/** Prefers nodes already running jobs of the same GPU class. */
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
    const mine = classOf(job.gpuCount * job.gpuMilliPerGpu);
    let same = false;
    let other = false;
    for (const request of hosted) {
      if (classOf(request) === mine) same = true;
      else other = true;
    }
    if (!same) return fill;
    return (other ? 50 : 75) + fill;
  },
};
