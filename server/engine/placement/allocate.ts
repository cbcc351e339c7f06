/**
 * Pure state transitions: apply a placement (allocate) and undo it (release). Both return a new
 * ClusterState sharing untouched node objects, and refuse anything that would over-allocate.
 */
import { EngineError } from "../errors";
import type { JobRequest } from "../model/job";
import type { ClusterState, NodeState } from "../model/node";
import { MILLI_GPU_PER_GPU } from "../model/units";

/** One member's resources on one node. */
export interface PlacementAssignment {
  readonly nodeIndex: number;
  readonly gpuIndices: readonly number[];
}

/** Working copy of a node while a batch of changes is applied (arrays owned by the batch). */
interface MutableNode {
  readonly base: NodeState;
  cpuMilliFree: number;
  memoryMibFree: number;
  readonly gpuMilliFree: number[];
  readonly hostedGpuShares: number[];
}

function invalid(node: NodeState, why: string, gpuIndices: readonly number[], job: JobRequest): EngineError {
  return new EngineError("INVALID_PLACEMENT", `${node.name}: ${why}`, { node: node.name, gpuIndices, job });
}

function hasDuplicate(list: readonly number[]): boolean {
  for (let i = 1; i < list.length; i++) for (let j = 0; j < i; j++) if (list[i] === list[j]) return true;
  return false;
}

/** Applies one member to a working copy; throws (leaving the batch unusable) if it would over- or under-allocate. */
function applyOne(node: MutableNode, job: JobRequest, gpuIndices: readonly number[], sign: 1 | -1): void {
  const base = node.base;
  if (gpuIndices.length !== job.gpuCount || hasDuplicate(gpuIndices)) throw invalid(base, `expected ${job.gpuCount} distinct GPU indices`, gpuIndices, job);
  const cpu = node.cpuMilliFree - sign * job.cpuMilli;
  const mem = node.memoryMibFree - sign * job.memoryMib;
  if (cpu < 0 || cpu > base.cpuMilliCapacity) throw invalid(base, `CPU would be ${cpu} of ${base.cpuMilliCapacity} milli`, gpuIndices, job);
  if (mem < 0 || mem > base.memoryMibCapacity) throw invalid(base, `memory would be ${mem} of ${base.memoryMibCapacity} MiB`, gpuIndices, job);
  const gpus = node.gpuMilliFree;
  for (const g of gpuIndices) {
    const free = gpus[g];
    if (free === undefined) throw invalid(base, `GPU index ${g} does not exist`, gpuIndices, job);
    const next = free - sign * job.gpuMilliPerGpu;
    if (next < 0 || next > MILLI_GPU_PER_GPU) throw invalid(base, `GPU ${g} would have ${next} milli free`, gpuIndices, job);
    gpus[g] = next;
  }
  node.cpuMilliFree = cpu;
  node.memoryMibFree = mem;
  if (job.gpuCount > 0) {
    const request = job.gpuCount * job.gpuMilliPerGpu;
    const hosted = node.hostedGpuShares;
    if (sign === 1) {
      let i = hosted.length;
      while (i > 0 && (hosted[i - 1] as number) > request) i--;
      hosted.splice(i, 0, request);
    } else {
      const at = hosted.indexOf(request);
      if (at >= 0) hosted.splice(at, 1);
    }
  }
}

/** One change of a batch: a job's members to allocate (sign 1) or release (sign -1). */
export interface PlacementChange {
  readonly job: JobRequest;
  readonly assignments: readonly PlacementAssignment[];
  readonly sign: 1 | -1;
}

/**
 * Applies several changes at once: each touched node is copied once (not once per change), which is
 * what makes replaying a long running list (timeline states) cheap. Same checks as one by one.
 */
export function applyChanges(state: ClusterState, changes: readonly PlacementChange[]): ClusterState {
  if (changes.length === 0) return state;
  const nodes = state.nodes.slice();
  for (const [i, n] of changedNodes(state, changes)) nodes[i] = n;
  return { nodes };
}

/**
 * The nodes {@link applyChanges} would replace, by index, without copying the node list (for callers
 * that read only the touched nodes, e.g. a fragmentation delta). Same checks, same node values.
 */
export function changedNodes(state: ClusterState, changes: readonly PlacementChange[]): Map<number, NodeState> {
  const work = new Map<number, MutableNode>();
  for (const c of changes) {
    for (const a of c.assignments) {
      let node = work.get(a.nodeIndex);
      if (!node) {
        const base = state.nodes[a.nodeIndex];
        if (!base) throw new EngineError("INVALID_PLACEMENT", `node index ${a.nodeIndex} does not exist`);
        node = {
          base,
          cpuMilliFree: base.cpuMilliFree,
          memoryMibFree: base.memoryMibFree,
          gpuMilliFree: base.gpuMilliFree.slice(),
          hostedGpuShares: base.hostedGpuShares.slice(),
        };
        work.set(a.nodeIndex, node);
      }
      applyOne(node, c.job, a.gpuIndices, c.sign);
    }
  }
  const out = new Map<number, NodeState>();
  for (const [i, n] of work)
    out.set(i, { ...n.base, cpuMilliFree: n.cpuMilliFree, memoryMibFree: n.memoryMibFree, gpuMilliFree: n.gpuMilliFree, hostedGpuShares: n.hostedGpuShares });
  return out;
}

/** Allocates each assignment's member of `job` (one member per assignment). */
export function allocate(state: ClusterState, job: JobRequest, assignments: readonly PlacementAssignment[]): ClusterState {
  return applyChanges(state, [{ job, assignments, sign: 1 }]);
}

/** Releases what {@link allocate} took (e.g. when a simulated job ends). */
export function release(state: ClusterState, job: JobRequest, assignments: readonly PlacementAssignment[]): ClusterState {
  return applyChanges(state, [{ job, assignments, sign: -1 }]);
}
