/**
 * Rack and topology-group facts for topology-aware decisions.
 * rackGpuMilli: per rack [allocated, capacity] milli-GPU.
 * rackMemberCapacity / domainMemberCapacity: per rack (switch group, pod), how many members of a gang fit, counting per node
 *   min(floor(cpuFree / cpuReq), floor(memFree / memReq), GPU slots) on nodes passing the static
 *   filters (ready, labels, model). An upper bound check that lets a gang skip hopeless racks.
 */
import type { JobRequest } from "../model/job";
import type { NodeState } from "../model/node";
import { MILLI_GPU_PER_GPU } from "../model/units";
import { modelAllowed } from "./gpu-math";
import { nodeLabelsFilter } from "./filters/node-labels";
import { CONFINEMENT_LEVELS, domainOf, type ConfinementLevel } from "./topology";
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
  return domainMemberCapacity(nodes, job, ctx).rack;
}

/** Per group of every confinement level (rack, switch, pod), how many members of `job` could fit; one pass over the nodes. */
export function domainMemberCapacity(nodes: readonly NodeState[], job: JobRequest, ctx: DecisionContext): Record<ConfinementLevel, Map<string, number>> {
  const out: Record<ConfinementLevel, Map<string, number>> = { rack: new Map(), switch: new Map(), pod: new Map() };
  for (const node of nodes) {
    const members = membersOnNode(node, job, ctx);
    for (const level of CONFINEMENT_LEVELS) {
      const key = domainOf(node, level);
      out[level].set(key, (out[level].get(key) ?? 0) + members);
    }
  }
  return out;
}
