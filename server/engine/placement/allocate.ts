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

function insertSorted(list: readonly number[], value: number): number[] {
  const out = list.slice();
  let i = out.length;
  while (i > 0 && (out[i - 1] as number) > value) i--;
  out.splice(i, 0, value);
  return out;
}

function applyOne(node: NodeState, job: JobRequest, gpuIndices: readonly number[], sign: 1 | -1): NodeState {
  const bad = (why: string) => new EngineError("INVALID_PLACEMENT", `${node.name}: ${why}`, { node: node.name, gpuIndices, job });
  if (gpuIndices.length !== job.gpuCount || new Set(gpuIndices).size !== gpuIndices.length) throw bad(`expected ${job.gpuCount} distinct GPU indices`);
  const cpu = node.cpuMilliFree - sign * job.cpuMilli;
  const mem = node.memoryMibFree - sign * job.memoryMib;
  if (cpu < 0 || cpu > node.cpuMilliCapacity) throw bad(`CPU would be ${cpu} of ${node.cpuMilliCapacity} milli`);
  if (mem < 0 || mem > node.memoryMibCapacity) throw bad(`memory would be ${mem} of ${node.memoryMibCapacity} MiB`);
  const gpus = node.gpuMilliFree.slice();
  for (const g of gpuIndices) {
    const free = gpus[g];
    if (free === undefined) throw bad(`GPU index ${g} does not exist`);
    const next = free - sign * job.gpuMilliPerGpu;
    if (next < 0 || next > MILLI_GPU_PER_GPU) throw bad(`GPU ${g} would have ${next} milli free`);
    gpus[g] = next;
  }
  let hosted = node.hostedGpuShares;
  if (job.gpuCount > 0) {
    const request = job.gpuCount * job.gpuMilliPerGpu;
    if (sign === 1) hosted = insertSorted(hosted, request);
    else {
      const at = hosted.indexOf(request);
      hosted = at < 0 ? hosted : [...hosted.slice(0, at), ...hosted.slice(at + 1)];
    }
  }
  return { ...node, cpuMilliFree: cpu, memoryMibFree: mem, gpuMilliFree: gpus, hostedGpuShares: hosted };
}

function applyAll(state: ClusterState, job: JobRequest, assignments: readonly PlacementAssignment[], sign: 1 | -1): ClusterState {
  const nodes = state.nodes.slice();
  for (const a of assignments) {
    const node = nodes[a.nodeIndex];
    if (!node) throw new EngineError("INVALID_PLACEMENT", `node index ${a.nodeIndex} does not exist`);
    nodes[a.nodeIndex] = applyOne(node, job, a.gpuIndices, sign);
  }
  return { nodes };
}

/** Allocates each assignment's member of `job` (one member per assignment). */
export function allocate(state: ClusterState, job: JobRequest, assignments: readonly PlacementAssignment[]): ClusterState {
  return applyAll(state, job, assignments, 1);
}

/** Releases what {@link allocate} took (e.g. when a simulated job ends). */
export function release(state: ClusterState, job: JobRequest, assignments: readonly PlacementAssignment[]): ClusterState {
  return applyAll(state, job, assignments, -1);
}
