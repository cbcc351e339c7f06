/**
 * Shared FGD evaluation: for a node and a job, the fragmentation delta (milli-GPU) of the best GPU
 * choice. Sharing jobs try every GPU with enough free share and keep the best integer score (first
 * GPU index wins ties, like the reference); other jobs take the first fully free GPUs.
 */
import type { JobRequest } from "../../model/job";
import { isSharingJob } from "../../model/job";
import type { NodeState } from "../../model/node";
import type { TargetWorkload } from "../../model/target-workload";
import { fgdIntegerScore, nodeFragmentation, type FragmentationInput } from "../fragmentation";
import { firstWholeFreeGpus, nodeAfter } from "../node-after";

/** Result of evaluating FGD on one node. */
export interface FgdEvaluation {
  /** F_n after - F_n before, milli-GPU (negative = the placement reduces fragmentation). */
  readonly deltaMilli: number;
  /** floor(100 * sigmoid(-delta / 1000)). */
  readonly integerScore: number;
  readonly gpuIndices: readonly number[];
}

/**
 * Evaluates FGD for one member of `job` on `node` (which must pass the filters).
 * `fragBefore` is the node's cached F_n(M). With `exactTies`, GPUs tying on the integer score are
 * compared by exact delta, then by least free share (best fit) — Verdant's refinement.
 */
export function evaluateFgd(
  node: NodeState,
  job: JobRequest,
  workload: TargetWorkload,
  fragBefore: number,
  exactTies = false,
  fragmentationOf: (state: FragmentationInput) => number = (state) => nodeFragmentation(state, workload),
): FgdEvaluation {
  if (!isSharingJob(job)) {
    const gpuIndices = job.gpuCount > 0 ? firstWholeFreeGpus(node.gpuMilliFree, job.gpuCount) : [];
    const deltaMilli = fragmentationOf(nodeAfter(node, job, gpuIndices)) - fragBefore;
    return { deltaMilli, integerScore: fgdIntegerScore(deltaMilli), gpuIndices };
  }
  let best: FgdEvaluation | null = null;
  const seen = new Map<number, FgdEvaluation>();
  node.gpuMilliFree.forEach((free, g) => {
    if (free < job.gpuMilliPerGpu) return;
    // GPUs with the same free share give the same result; evaluate each distinct value once.
    const known = seen.get(free);
    const deltaMilli = known ? known.deltaMilli : fragmentationOf(nodeAfter(node, job, [g])) - fragBefore;
    const candidate: FgdEvaluation = { deltaMilli, integerScore: fgdIntegerScore(deltaMilli), gpuIndices: [g] };
    if (!known) seen.set(free, candidate);
    if (best === null || candidate.integerScore > best.integerScore) best = candidate;
    else if (exactTies && candidate.integerScore === best.integerScore) {
      const bestFree = node.gpuMilliFree[best.gpuIndices[0] as number] as number;
      if (candidate.deltaMilli < best.deltaMilli || (candidate.deltaMilli === best.deltaMilli && free < bestFree)) best = candidate;
    }
  });
  return best ?? { deltaMilli: 0, integerScore: 0, gpuIndices: [] };
}
