/**
 * The binding constraint of a request that finds no room on a cluster state, as reasons with numbers
 * that are exact in this sense: lowering each named resource to its `available` value (and the gang
 * to the least `available` of its gang reasons) makes the request fit that state.
 *
 * "Fit" is what the agent and the in-cluster placer require together: gangSize distinct ready nodes
 * of an accepted model that each hold a member (the agent's mayFit), and, for a gang that asks to share
 * a rack (gangSameRack: true; other gangs may span racks, see placement/topology.ts), one rack holding gangSize members counted with several per node where they fit (the placer's
 * gang-rack filter). The diagnosis picks the gangSize nodes closest to fitting (fewest short resources,
 * then smallest relative shortfall, then node order) — over the whole cluster, and within each rack
 * for a same-rack gang — and reports each resource against the least any picked node has free; then,
 * with the request lowered that far, it names the gang rule when too few nodes (GANG_TOO_LARGE) or no
 * rack (RACK_CAPACITY_FOR_GANG) can hold the members. The pick needing the fewest relaxations wins
 * (then the smallest relative shortfall).
 */
import type { JobRequest } from "../model/job";
import type { ClusterState, NodeState } from "../model/node";
import { MILLI_GPU_PER_GPU } from "../model/units";
import type { Placer } from "../placement/placer";
import { mayFit } from "./cluster-facts";
import type { ClusterReason } from "./reasons";

const capacityCache = new WeakMap<ClusterState, ClusterState>();

/** The cluster as if empty: every node ready with all of its CPU, memory and GPUs free (cached per state). */
export function capacityStateOf(state: ClusterState): ClusterState {
  let c = capacityCache.get(state);
  if (!c) {
    c = {
      nodes: state.nodes.map((n) => ({
        ...n,
        ready: true,
        cpuMilliFree: n.cpuMilliCapacity,
        memoryMibFree: n.memoryMibCapacity,
        gpuMilliFree: n.gpuMilliFree.map(() => MILLI_GPU_PER_GPU),
        hostedGpuShares: [],
      })),
    };
    capacityCache.set(state, c);
  }
  return c;
}

/** What the empty-cluster diagnosis reads of a node (model, GPU count, CPU and memory capacity, rack), as one key. */
function hardwareKey(n: NodeState): string {
  return `${n.gpuModel ?? ""}|${n.gpuMilliFree.length}|${n.cpuMilliCapacity}|${n.memoryMibCapacity}|${n.rack ?? ""}`;
}

/** Whether two nodes have the same {@link hardwareKey}, compared field by field (no key is built). */
function sameHardware(a: NodeState, b: NodeState): boolean {
  return (
    a === b ||
    ((a.gpuModel ?? "") === (b.gpuModel ?? "") &&
      a.gpuMilliFree.length === b.gpuMilliFree.length &&
      a.cpuMilliCapacity === b.cpuMilliCapacity &&
      a.memoryMibCapacity === b.memoryMibCapacity &&
      (a.rack ?? "") === (b.rack ?? ""))
  );
}

/** Empty-cluster diagnoses of one cluster's hardware (the nodes it was first seen with, in order), by request shape. */
interface HardwareDiagnoses {
  readonly nodes: readonly NodeState[];
  readonly byShape: Map<string, ClusterReason[]>;
}

const diagnosesByState = new WeakMap<ClusterState, HardwareDiagnoses>();
/**
 * The latest hardware seen per cluster shape (node count and first node's key). Every allocation makes
 * a new state of the same hardware, so its empty-cluster diagnoses carry over; bounded, oldest dropped.
 */
const recentHardware = new Map<string, HardwareDiagnoses>();
const MAX_RECENT_HARDWARE = 256;

function diagnosesOf(state: ClusterState): HardwareDiagnoses {
  const known = diagnosesByState.get(state);
  if (known) return known;
  const nodes = state.nodes;
  const shape = `${nodes.length}:${nodes[0] ? hardwareKey(nodes[0]) : ""}`;
  let hit = recentHardware.get(shape);
  if (!hit || hit.nodes.length !== nodes.length || hit.nodes.some((n, i) => !sameHardware(n, nodes[i] as NodeState))) {
    hit = { nodes, byShape: new Map() };
    recentHardware.delete(shape);
    recentHardware.set(shape, hit);
    if (recentHardware.size > MAX_RECENT_HARDWARE) recentHardware.delete(recentHardware.keys().next().value as string);
  }
  diagnosesByState.set(state, hit);
  return hit;
}

/**
 * Reasons the request could not fit even the empty cluster (empty when it could): the hardware's
 * limits, so cached per hardware (what diagnoseCapacity reads of each node on the empty view) and
 * request shape (every request field it reads).
 */
export function diagnoseOnEmpty(state: ClusterState, job: JobRequest): ClusterReason[] {
  const { byShape } = diagnosesOf(state);
  const key = `${job.cpuMilli}|${job.memoryMib}|${job.gpuCount}|${job.gpuMilliPerGpu}|${job.allowedGpuModels.join(",")}|${job.gangSize ?? 1}|${job.gangSameRack === true}`;
  let reasons = byShape.get(key);
  if (!reasons) {
    reasons = diagnoseCapacity(capacityStateOf(state), job);
    byShape.set(key, reasons);
  }
  return reasons;
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
}

/** Members of `job` one node holds (0 when any resource is short). */
function membersOnNode(n: NodeState, job: JobRequest): number {
  let m = Number.POSITIVE_INFINITY;
  if (job.cpuMilli > 0) m = Math.min(m, Math.floor(n.cpuMilliFree / job.cpuMilli));
  if (job.memoryMib > 0) m = Math.min(m, Math.floor(n.memoryMibFree / job.memoryMib));
  if (job.gpuCount > 0) {
    let slots = 0;
    for (const f of n.gpuMilliFree) slots += Math.floor(f / job.gpuMilliPerGpu);
    m = Math.min(m, Math.floor(slots / job.gpuCount));
  }
  return m === Number.POSITIVE_INFINITY ? 1_000_000 : m;
}

interface Context {
  readonly job: JobRequest;
  readonly members: number;
  readonly sameRack: boolean;
  readonly models: string | undefined;
  readonly capacity: { cpu: number; memory: number; gpu: number };
  /** Every ready node of an accepted model. */
  readonly ready: readonly NodeFree[];
}

/** The reasons if the request were lowered to what the `picked` nodes all have free. */
function candidateFor(picked: readonly NodeFree[], c: Context): Candidate | null {
  const { job, members } = c;
  if (picked.length === 0) return null;
  const least = (f: (n: NodeFree) => number) => Math.min(...picked.map(f));
  const cpu = least((n) => n.cpu);
  const memory = least((n) => n.memory);
  const gpu = least((n) => n.gpu);
  const reasons: ClusterReason[] = [];
  let rel = 0;
  let lowered: JobRequest = job;
  if (job.cpuMilli > cpu) {
    reasons.push({ code: "INSUFFICIENT_CPU", resource: "cpu", unit: "milliCpu", requested: job.cpuMilli, available: cpu, capacity: c.capacity.cpu });
    rel += (job.cpuMilli - cpu) / job.cpuMilli;
    lowered = { ...lowered, cpuMilli: cpu };
  }
  if (job.memoryMib > memory) {
    reasons.push({ code: "INSUFFICIENT_MEMORY", resource: "memory", unit: "mib", requested: job.memoryMib, available: memory, capacity: c.capacity.memory });
    rel += (job.memoryMib - memory) / job.memoryMib;
    lowered = { ...lowered, memoryMib: memory };
  }
  const subject = c.models ? { subject: c.models } : {};
  if (job.gpuCount > 0 && job.gpuMilliPerGpu >= MILLI_GPU_PER_GPU && job.gpuCount > gpu) {
    reasons.push({
      code: "INSUFFICIENT_GPUS",
      resource: "gpu-count",
      unit: "gpus",
      requested: job.gpuCount,
      available: gpu,
      capacity: c.capacity.gpu,
      ...subject,
    });
    rel += (job.gpuCount - gpu) / job.gpuCount;
    lowered = gpu > 0 ? { ...lowered, gpuCount: gpu } : { ...lowered, gpuCount: 0, gpuMilliPerGpu: 0 };
  } else if (job.gpuCount > 0 && job.gpuMilliPerGpu < MILLI_GPU_PER_GPU && job.gpuMilliPerGpu > gpu) {
    reasons.push({
      code: "NO_GPU_WITH_ENOUGH_SHARE",
      resource: "gpu-share",
      unit: "milliGpu",
      requested: job.gpuMilliPerGpu,
      available: gpu,
      capacity: MILLI_GPU_PER_GPU,
      ...subject,
    });
    rel += (job.gpuMilliPerGpu - gpu) / job.gpuMilliPerGpu;
    lowered = gpu > 0 ? { ...lowered, gpuMilliPerGpu: gpu } : { ...lowered, gpuCount: 0, gpuMilliPerGpu: 0 };
  }
  // With the request lowered that far: enough distinct nodes (the agent's count), and a rack for the gang.
  const holders = c.ready.filter((n) => membersOnNode(n.node, lowered) >= 1);
  if (holders.length < members) {
    reasons.push({ code: "GANG_TOO_LARGE", resource: "gang", unit: "nodes", requested: members, available: holders.length });
    rel += (members - holders.length) / members;
  }
  if (c.sameRack) {
    const perRack = new Map<string, number>();
    for (const n of c.ready) perRack.set(n.node.rack ?? "", (perRack.get(n.node.rack ?? "") ?? 0) + membersOnNode(n.node, lowered));
    let bestRack = "";
    let most = -1;
    for (const [rack, m] of perRack) if (m > most) [bestRack, most] = [rack, m];
    // Named only when it binds beyond the node count (lowering the gang to the node count would not do).
    if (most < members && most < Math.min(members, holders.length)) {
      reasons.push({
        code: "RACK_CAPACITY_FOR_GANG",
        resource: "gang",
        unit: "members",
        requested: members,
        available: Math.min(members, most),
        subject: bestRack || "none",
      });
      rel += (members - most) / members;
    }
  }
  return { reasons, relShortfall: rel };
}

/**
 * Reasons the request does not fit `state` (empty when gangSize ready nodes of an accepted model, in
 * one rack if required, each fit a member).
 */
export function diagnoseCapacity(state: ClusterState, job: JobRequest): ClusterReason[] {
  const members = job.gangSize ?? 1;
  const sameRack = members > 1 && job.gangSameRack === true;
  // gangSize nodes that each have every resource of a member free (the agent's mayFit) are the closest
  // pick with nothing short, so the full diagnosis would find no reason: skip its per-node sort.
  if (!sameRack && mayFit(state, job)) return [];
  const wantsGpu = job.gpuCount > 0;
  const allowed = job.allowedGpuModels;
  const models = allowed.length > 0 ? allowed.join("|") : undefined;
  const accepted = state.nodes
    .map((n, i) => [n, i] as const)
    .filter(
      ([n]) =>
        !wantsGpu || (n.gpuModel !== null && n.gpuModel !== undefined && n.gpuMilliFree.length > 0 && (allowed.length === 0 || allowed.includes(n.gpuModel))),
    );
  if (accepted.length === 0) return [{ code: "GPU_MODEL_ABSENT", resource: "gpu-model", ...(models ? { subject: models } : {}) }];
  const ready = accepted.filter(([n]) => n.ready).map(([n, i]) => freeOf(n, i, job));
  if (ready.length === 0) return [{ code: "NODES_NOT_READY", resource: "node", unit: "nodes", requested: members, available: 0 }];
  const capacity = {
    cpu: Math.max(...accepted.map(([n]) => n.cpuMilliCapacity)),
    memory: Math.max(...accepted.map(([n]) => n.memoryMibCapacity)),
    gpu: Math.max(...accepted.map(([n]) => n.gpuMilliFree.length)),
  };
  const ctx: Context = { job, members, sameRack, models, capacity, ready };
  const closest = (nodes: readonly NodeFree[]) => [...nodes].sort(closer).slice(0, members);
  // Candidate picks: the closest nodes of the whole cluster, and of each rack for a same-rack gang.
  const picks: NodeFree[][] = [closest(ready)];
  if (sameRack) {
    const racks = new Map<string, NodeFree[]>();
    for (const f of ready) racks.set(f.node.rack ?? "", [...(racks.get(f.node.rack ?? "") ?? []), f]);
    for (const nodesOfRack of racks.values()) picks.push(closest(nodesOfRack));
  }
  let best: Candidate | null = null;
  for (const picked of picks) {
    const c = candidateFor(picked, ctx);
    if (!c) continue;
    if (c.reasons.length === 0) return [];
    if (!best || c.reasons.length < best.reasons.length || (c.reasons.length === best.reasons.length && c.relShortfall < best.relShortfall - 1e-12)) best = c;
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
