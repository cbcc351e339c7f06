/**
 * Score plugin gpu-packing (bands, 0..100, integer like the reference):
 *   all GPUs of the node idle                 -> max(33 - idleGpus, idleGpus)
 *   job needs fully free GPUs on a used node  -> max(50 - wholeGpusUsed, 33)
 *   job fits on partly used GPUs only         -> max(100 - floor(sum of their free % ) / 10, 50)
 * GPUs are tried least-free first. CPU-only jobs score 0 everywhere (node order decides).
 */
import { MILLI_GPU_PER_GPU } from "../../model/units";
import type { ScorePlugin } from "../types";

/** Prefers already shared GPUs, then used nodes, then idle nodes. */
export const gpuPackingScore: ScorePlugin = {
  name: "gpu-packing",
  normalization: "none",
  cacheable: true,
  score: (node, job) => {
    if (job.gpuCount === 0) return 0;
    const gpus = node.gpuMilliFree;
    const idle = gpus.filter((f) => f === MILLI_GPU_PER_GPU).length;
    if (idle === gpus.length) return Math.max(33 - idle, idle);
    const order = gpus.map((free, g) => ({ free, g })).sort((a, b) => a.free - b.free || a.g - b.g);
    let need = job.gpuCount;
    let wholeUsed = 0;
    let freePct = 0;
    for (const { free } of order) {
      if (need === 0) break;
      if (free >= job.gpuMilliPerGpu) {
        need--;
        if (free === MILLI_GPU_PER_GPU) wholeUsed++;
        freePct += Math.floor((free * 100) / MILLI_GPU_PER_GPU);
      }
    }
    if (wholeUsed > 0) return Math.max(50 - wholeUsed, 33);
    return Math.max(100 - Math.floor(freePct / 10), 50);
  },
};
