/**
 * The placer's fragmentation lookups, F_n(M) against its target workload: per node object (cached by
 * identity, as node objects are immutable) and per node state (memoized by model, free CPU and the
 * multiset of free GPU milli). Both are 0 without a workload.
 */
import type { ClusterState, NodeState } from "../model/node";
import type { TargetWorkload } from "../model/target-workload";
import { nodeFragmentation, type FragmentationInput } from "./fragmentation";

/** Entries kept in the state memo before it is cleared. */
const STATE_MEMO_LIMIT = 200_000;

/** Cached fragmentation lookups of one placer. */
export interface FragmentationCache {
  /** F_n(M) of one node in milli-GPU, cached by node identity. */
  fragmentationOf(node: NodeState): number;
  /** F_n(M) of any node state (e.g. an "after" state). */
  fragmentationOfState(input: FragmentationInput): number;
  /** Sum of F_n(M) over the cluster, milli-GPU. */
  clusterFragmentation(state: ClusterState): number;
}

/** Fragmentation lookups against `workload` (all 0 when it is null). */
export function createFragmentationCache(workload: TargetWorkload | null): FragmentationCache {
  const byNode = new WeakMap<NodeState, number>();
  const byState = new Map<string, number>();
  const fragmentationOf = (node: NodeState): number => {
    if (!workload) return 0;
    let f = byNode.get(node);
    if (f === undefined) {
      f = nodeFragmentation(node, workload);
      byNode.set(node, f);
    }
    return f;
  };
  const fragmentationOfState = (input: FragmentationInput): number => {
    if (!workload) return 0;
    const gpus = Array.from(input.gpuMilliFree).sort((a, b) => a - b);
    const key = `${input.gpuModel ?? "-"}|${input.cpuMilliFree}|${gpus.join(",")}`;
    let f = byState.get(key);
    if (f === undefined) {
      f = nodeFragmentation(input, workload);
      // Bounded so a long simulation keeps flat memory; clearing only costs recomputation.
      if (byState.size >= STATE_MEMO_LIMIT) byState.clear();
      byState.set(key, f);
    }
    return f;
  };
  const clusterFragmentation = (state: ClusterState): number => {
    let sum = 0;
    for (const node of state.nodes) sum += fragmentationOf(node);
    return sum;
  };
  return { fragmentationOf, fragmentationOfState, clusterFragmentation };
}
