/**
 * Cheap facts about a cluster state used by the agent: fragmentation increment of a placement (only the
 * touched nodes change), allocation after it, and the best free capacity on one node (for reasons).
 */
import type { JobRequest } from "../model/job";
import type { ClusterState, NodeState } from "../model/node";
import { changedNodes, type PlacementAssignment } from "../placement/allocate";
import type { Placer } from "../placement/placer";

const allocatedCache = new WeakMap<ClusterState, { allocatedMilli: number; capacityMilli: number }>();

/** Allocated and total milli-GPU of a state (cached per state object). */
export function gpuTotals(state: ClusterState): { allocatedMilli: number; capacityMilli: number } {
  let t = allocatedCache.get(state);
  if (!t) {
    let capacityMilli = 0;
    let freeMilli = 0;
    for (const n of state.nodes) {
      capacityMilli += n.gpuMilliFree.length * 1000;
      for (const f of n.gpuMilliFree) freeMilli += f;
    }
    t = { allocatedMilli: capacityMilli - freeMilli, capacityMilli };
    allocatedCache.set(state, t);
  }
  return t;
}

/** Effect of a placement: fragmentation delta (milli-GPU, FGD's F(M)) and GPU allocation % after it. */
export function placementEffect(placer: Placer, state: ClusterState, job: JobRequest, assignments: readonly PlacementAssignment[]) {
  // Only the touched nodes are read, so only they are built (the state after is never needed whole).
  const after = changedNodes(state, [{ job, assignments, sign: 1 }]);
  let fragmentationDeltaMilli = 0;
  for (const i of new Set(assignments.map((a) => a.nodeIndex))) {
    fragmentationDeltaMilli += placer.fragmentationOf(after.get(i) as NodeState) - placer.fragmentationOf(state.nodes[i] as NodeState);
  }
  const { allocatedMilli, capacityMilli } = gpuTotals(state);
  const added = job.gpuCount * job.gpuMilliPerGpu * assignments.length;
  return { fragmentationDeltaMilli, gpuAllocationAfterPct: capacityMilli > 0 ? (100 * (allocatedMilli + added)) / capacityMilli : 0 };
}

/** Most GPUs with at least `milliPerGpu` free on one ready node of an allowed model. */
export function bestFreeOnOneNode(state: ClusterState, milliPerGpu: number, allowedModels: readonly string[]): number {
  let best = 0;
  for (const n of state.nodes) {
    if (!n.ready || !n.gpuModel || (allowedModels.length > 0 && !allowedModels.includes(n.gpuModel))) continue;
    let c = 0;
    for (const f of n.gpuMilliFree) if (f >= milliPerGpu) c++;
    if (c > best) best = c;
  }
  return best;
}

/** Largest free share on any single GPU of an allowed model (for sharing jobs' reasons). */
export function bestFreeShare(state: ClusterState, allowedModels: readonly string[]): number {
  let best = 0;
  for (const n of state.nodes) {
    if (!n.ready || !n.gpuModel || (allowedModels.length > 0 && !allowedModels.includes(n.gpuModel))) continue;
    for (const f of n.gpuMilliFree) if (f > best) best = f;
  }
  return best;
}

/**
 * Necessary condition for the placer to succeed: at least gangSize ready nodes of an allowed model with
 * the member's CPU, memory and GPUs free. One pass over the nodes; lets an agent skip the placer on a
 * full cluster (the placer would fail anyway), which is most clusters for a large job on a busy fleet.
 */
export function mayFit(state: ClusterState, job: JobRequest): boolean {
  return membersWithRoom(state, job, job.gangSize ?? 1) >= (job.gangSize ?? 1);
}

/** Nodes that could each host one member (counting stops at `stopAt`), ignoring racks. */
export function membersWithRoom(state: ClusterState, job: JobRequest, stopAt = Number.POSITIVE_INFINITY): number {
  const need = stopAt;
  const allowed = job.allowedGpuModels;
  let found = 0;
  for (const n of state.nodes) {
    if (!n.ready || n.cpuMilliFree < job.cpuMilli || n.memoryMibFree < job.memoryMib) continue;
    if (job.gpuCount > 0) {
      if (!n.gpuModel || (allowed.length > 0 && !allowed.includes(n.gpuModel))) continue;
      let c = 0;
      for (const f of n.gpuMilliFree) if (f >= job.gpuMilliPerGpu) c++;
      if (c < job.gpuCount) continue;
    }
    if (++found >= need) return found;
  }
  return found;
}
