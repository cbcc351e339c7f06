/**
 * GPU selection on the chosen node (which GPU indices a member gets), per the policy:
 *   first-fit: lowest-index GPUs that fit;  best-fit: sharing jobs take the fitting GPU with the least
 *   free share (packs shares), whole-GPU jobs the lowest-index idle GPUs;  fgd / fgd-exact: the GPU
 *   the FGD evaluation picked (exact: integer-score ties broken by exact delta, then best fit);
 *   verdant-frag: the GPU with the lowest Verdant fragmentation cost (see plugins/verdant-core.ts).
 */
import { EngineError } from "../errors";
import { isSharingJob, type JobRequest } from "../model/job";
import type { NodeState } from "../model/node";
import type { TargetWorkload } from "../model/target-workload";
import { firstWholeFreeGpus } from "./node-after";
import { evaluateFgd } from "./plugins/fgd-core";
import { verdantMeasures } from "./plugins/verdant";
import { evaluateVerdant } from "./plugins/verdant-core";
import type { GpuSelection } from "./policy";

/** Picks GPU indices for one member; the node must have passed the filters. */
export function selectGpus(node: NodeState, job: JobRequest, mode: GpuSelection, workload: TargetWorkload | null, fragBefore: number): number[] {
  if (job.gpuCount === 0) return [];
  if (!isSharingJob(job)) return firstWholeFreeGpus(node.gpuMilliFree, job.gpuCount);
  if (mode === "verdant-frag") {
    if (!workload) throw new EngineError("UNKNOWN_PLUGIN", "verdant-frag GPU selection needs a target workload");
    return [...evaluateVerdant(node, job, verdantMeasures(workload)).gpuIndices];
  }
  if (mode === "fgd" || mode === "fgd-exact") {
    if (!workload) throw new EngineError("UNKNOWN_PLUGIN", "fgd GPU selection needs a target workload");
    return [...evaluateFgd(node, job, workload, fragBefore, mode === "fgd-exact").gpuIndices];
  }
  let chosen: number | null = null;
  node.gpuMilliFree.forEach((free, g) => {
    if (free < job.gpuMilliPerGpu) return;
    if (chosen === null) chosen = g;
    else if (mode === "best-fit" && free < (node.gpuMilliFree[chosen] as number)) chosen = g;
  });
  return chosen === null ? [] : [chosen];
}
