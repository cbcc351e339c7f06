/**
 * Rack facts for topology-aware decisions.
 * rackGpuMilli: per rack [allocated, capacity] milli-GPU.
 * rackMemberCapacity: per rack, how many members of a gang fit, counting per node
 *   min(floor(cpuFree / cpuReq), floor(memFree / memReq), GPU slots) on nodes passing the static
 *   filters (ready, labels, model). An upper bound check that lets a gang skip hopeless racks.
 */
import type { JobRequest } from "../model/job";
import type { NodeState } from "../model/node";
import { MILLI_GPU_PER_GPU } from "../model/units";
import { modelAllowed } from "./gpu-math";
import { nodeLabelsFilter } from "./filters/node-labels";
import type { DecisionContext } from "./types";

/** Per rack [allocated, capacity] milli-GPU; nodes without a rack count under "". */
export function rackGpuMilli(nodes: readonly NodeState[]): Map<string, [number, number]> {
  const out = new Map<string, [number, number]>();
  for (const node of nodes) {
    const cap = node.gpuMilliFree.length * MILLI_GPU_PER_GPU;
    let free = 0;
    for (const f of node.gpuMilliFree) free += f;
    const entry = out.get(node.rack ?? "") ?? [0, 0];
    entry[0] += cap - free;
    entry[1] += cap;
    out.set(node.rack ?? "", entry);
  }
  return out;
}

function membersOnNode(node: NodeState, job: JobRequest, ctx: DecisionContext): number {
  if (!node.ready || !modelAllowed(node, job) || !nodeLabelsFilter.filter(node, job, ctx).passed) return 0;
  let n = Infinity;
  if (job.cpuMilli > 0) n = Math.min(n, Math.floor(node.cpuMilliFree / job.cpuMilli));
  if (job.memoryMib > 0) n = Math.min(n, Math.floor(node.memoryMibFree / job.memoryMib));
  if (job.gpuCount > 0) {
    let slots = 0;
    for (const f of node.gpuMilliFree) slots += Math.floor(f / job.gpuMilliPerGpu);
    n = Math.min(n, Math.floor(slots / job.gpuCount));
  }
  return n === Infinity ? 1_000_000 : n;
}

/** Per rack, how many members of `job` could fit. */
export function rackMemberCapacity(nodes: readonly NodeState[], job: JobRequest, ctx: DecisionContext): Map<string, number> {
  const out = new Map<string, number>();
  for (const node of nodes) out.set(node.rack ?? "", (out.get(node.rack ?? "") ?? 0) + membersOnNode(node, job, ctx));
  return out;
}
