/**
 * The binding constraint of a request that finds no room on a cluster state, as reasons with numbers
 * that are exact in this sense: lowering each named resource to its `available` value (and the gang
 * to its `available` members) makes the request fit that state.
 *
 * The agent lets a gang through to the placer when gangSize distinct ready nodes of an accepted model
 * each fit one member (mayFit), in one rack when the gang must share a rack; the diagnosis asks the
 * same question. For each candidate rack (or the whole cluster) it takes the gangSize nodes closest to
 * fitting (fewest short resources, then smallest relative shortfall, then node order) and reports, per
 * resource, the request against the least any of those nodes has free; when the rack (or cluster) has
 * fewer such nodes than members, the gang rule itself is named. The candidate needing the fewest
 * relaxations wins (then the smallest relative shortfall, then the most members).
 */
import type { JobRequest } from "../model/job";
import type { ClusterState, NodeState } from "../model/node";
import { MILLI_GPU_PER_GPU } from "../model/units";
import type { Placer } from "../placement/placer";
import type { ClusterReason } from "./reasons";

const capacityCache = new WeakMap<ClusterState, ClusterState>();

/** The cluster as if empty: every node ready with all of its CPU, memory and GPUs free (cached per state). */
export function capacityStateOf(state: ClusterState): ClusterState {
  let c = capacityCache.get(state);
  if (!c) {
    c = { nodes: state.nodes.map((n) => ({ ...n, ready: true, cpuMilliFree: n.cpuMilliCapacity, memoryMibFree: n.memoryMibCapacity, gpuMilliFree: n.gpuMilliFree.map(() => MILLI_GPU_PER_GPU), hostedGpuShares: [] })) };
    capacityCache.set(state, c);
  }
  return c;
}

/** Free amounts of one node in the request's terms. */
interface NodeFree {
  readonly node: NodeState;
  readonly index: number;
  readonly cpu: number;
  readonly memory: number;
  /** Whole-GPU jobs: GPUs with a full GPU free. Sharing jobs: the gpuCount-th largest free share. */
  readonly gpu: number;
  readonly shortDims: number;
  readonly relShortfall: number;
}

function freeOf(node: NodeState, index: number, job: JobRequest): NodeFree {
  let gpu = 0;
  if (job.gpuCount > 0) {
    if (job.gpuMilliPerGpu >= MILLI_GPU_PER_GPU) {
      for (const f of node.gpuMilliFree) if (f >= MILLI_GPU_PER_GPU) gpu++;
    } else {
      const sorted = [...node.gpuMilliFree].sort((a, b) => b - a);
      gpu = sorted[job.gpuCount - 1] ?? 0;
    }
  }
  const gpuNeed = job.gpuCount === 0 ? 0 : job.gpuMilliPerGpu >= MILLI_GPU_PER_GPU ? job.gpuCount : job.gpuMilliPerGpu;
  const dims: [number, number][] = [
    [job.cpuMilli, node.cpuMilliFree],
    [job.memoryMib, node.memoryMibFree],
    [gpuNeed, gpu],
  ];
  let shortDims = 0;
  let relShortfall = 0;
  for (const [need, have] of dims) {
    if (need > have) {
      shortDims++;
      relShortfall += (need - have) / need;
    }
  }
  return { node, index, cpu: node.cpuMilliFree, memory: node.memoryMibFree, gpu, shortDims, relShortfall };
}

const closer = (a: NodeFree, b: NodeFree) => a.shortDims - b.shortDims || a.relShortfall - b.relShortfall || a.index - b.index;

interface Candidate {
  readonly reasons: ClusterReason[];
  readonly relShortfall: number;
  readonly members: number;
}

function candidateFor(group: readonly NodeFree[], job: JobRequest, members: number, sameRack: boolean, models: string | undefined, capacity: { cpu: number; memory: number; gpu: number }): Candidate | null {
  const picked = [...group].sort(closer).slice(0, members);
  if (picked.length === 0) return null;
  const least = (f: (n: NodeFree) => number) => Math.min(...picked.map(f));
  const cpu = least((n) => n.cpu);
  const memory = least((n) => n.memory);
  const gpu = least((n) => n.gpu);
  const reasons: ClusterReason[] = [];
  let rel = 0;
  if (job.cpuMilli > cpu) {
    reasons.push({ code: "INSUFFICIENT_CPU", resource: "cpu", unit: "milliCpu", requested: job.cpuMilli, available: cpu, capacity: capacity.cpu });
    rel += (job.cpuMilli - cpu) / job.cpuMilli;
  }
  if (job.memoryMib > memory) {
    reasons.push({ code: "INSUFFICIENT_MEMORY", resource: "memory", unit: "mib", requested: job.memoryMib, available: memory, capacity: capacity.memory });
    rel += (job.memoryMib - memory) / job.memoryMib;
  }
  if (job.gpuCount > 0) {
    if (job.gpuMilliPerGpu >= MILLI_GPU_PER_GPU && job.gpuCount > gpu) {
      reasons.push({ code: "INSUFFICIENT_GPUS", resource: "gpu-count", unit: "gpus", requested: job.gpuCount, available: gpu, capacity: capacity.gpu, ...(models ? { subject: models } : {}) });
      rel += (job.gpuCount - gpu) / job.gpuCount;
    } else if (job.gpuMilliPerGpu < MILLI_GPU_PER_GPU && job.gpuMilliPerGpu > gpu) {
      reasons.push({ code: "NO_GPU_WITH_ENOUGH_SHARE", resource: "gpu-share", unit: "milliGpu", requested: job.gpuMilliPerGpu, available: gpu, capacity: MILLI_GPU_PER_GPU, ...(models ? { subject: models } : {}) });
      rel += (job.gpuMilliPerGpu - gpu) / job.gpuMilliPerGpu;
    }
  }
  if (picked.length < members) {
    // The gang rule binds: fewer candidate nodes than members (in one rack, or in the whole cluster).
    reasons.push(
      sameRack
        ? { code: "RACK_CAPACITY_FOR_GANG", resource: "gang", unit: "members", requested: members, available: picked.length, subject: picked[0]?.node.rack ?? "none" }
        : { code: "GANG_TOO_LARGE", resource: "gang", unit: "nodes", requested: members, available: picked.length },
    );
    rel += (members - picked.length) / members;
  }
  return { reasons, relShortfall: rel, members: picked.length };
}

/**
 * Reasons the request does not fit `state` (empty when gangSize ready nodes of an accepted model, in
 * one rack if required, each fit a member).
 */
export function diagnoseCapacity(state: ClusterState, job: JobRequest): ClusterReason[] {
  const members = job.gangSize ?? 1;
  const sameRack = members > 1 && (job.gangSameRack ?? true);
  const wantsGpu = job.gpuCount > 0;
  const allowed = job.allowedGpuModels;
  const models = allowed.length > 0 ? allowed.join("|") : undefined;
  const accepted = state.nodes.map((n, i) => [n, i] as const).filter(([n]) => !wantsGpu || (n.gpuModel !== null && n.gpuModel !== undefined && n.gpuMilliFree.length > 0 && (allowed.length === 0 || allowed.includes(n.gpuModel))));
  if (accepted.length === 0) return [{ code: "GPU_MODEL_ABSENT", resource: "gpu-model", ...(models ? { subject: models } : {}) }];
  const ready = accepted.filter(([n]) => n.ready).map(([n, i]) => freeOf(n, i, job));
  if (ready.length === 0) return [{ code: "NODES_NOT_READY", resource: "node", unit: "nodes", requested: members, available: 0 }];
  const capacity = {
    cpu: Math.max(...accepted.map(([n]) => n.cpuMilliCapacity)),
    memory: Math.max(...accepted.map(([n]) => n.memoryMibCapacity)),
    gpu: Math.max(...accepted.map(([n]) => n.gpuMilliFree.length)),
  };
  const groups = new Map<string, NodeFree[]>();
  for (const f of ready) {
    const key = sameRack ? (f.node.rack ?? "") : "";
    const list = groups.get(key);
    if (list) list.push(f);
    else groups.set(key, [f]);
  }
  let best: Candidate | null = null;
  for (const group of groups.values()) {
    const c = candidateFor(group, job, members, sameRack, models, capacity);
    if (!c) continue;
    if (c.reasons.length === 0) return [];
    if (!best || c.reasons.length < best.reasons.length || (c.reasons.length === best.reasons.length && (c.relShortfall < best.relShortfall - 1e-12 || (Math.abs(c.relShortfall - best.relShortfall) <= 1e-12 && c.members > best.members)))) best = c;
  }
  return best?.reasons ?? [];
}

/**
 * The in-cluster placer's own reasons at `state` (the most common code of its failing step), for the
 * rare request the node count admits but the placer still refuses.
 */
export function inClusterReasons(placer: Placer, state: ClusterState, job: JobRequest, seed: number): ClusterReason[] {
  const decision = placer.place(state, job, { seed });
  const step = decision.explanation.steps[decision.explanation.steps.length - 1];
  if (!step) return [];
  const top = Object.entries(step.reasonHistogram).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
  if (!top) return [];
  for (const g of step.groups) for (const f of g.filters) for (const r of f.reasons) if (r.code === top[0]) return [{ ...r }];
  return [];
}
