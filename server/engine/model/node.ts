/**
 * Node and cluster state. Nodes are immutable values: a placement produces new node objects for the
 * nodes it touches and shares the rest, which lets caches key on object identity (only a changed
 * node's fragmentation is recomputed).
 */
import { EngineError } from "../errors";
import { MILLI_GPU_PER_GPU } from "./units";

/** One node's schedulable state. All quantities carry their unit in the field name. */
export interface NodeState {
  readonly name: string;
  readonly cpuMilliCapacity: number;
  readonly memoryMibCapacity: number;
  readonly cpuMilliFree: number;
  readonly memoryMibFree: number;
  /** GPU model code (e.g. "G2", "T4"); null when the node has no GPU. */
  readonly gpuModel: string | null;
  /** Free milli-GPU per GPU index, each 0..1000. Its length is the node's GPU count. */
  readonly gpuMilliFree: readonly number[];
  /** Rack used by topology-aware policies; null when unknown. */
  readonly rack: string | null;
  /**
   * Leaf switch group (a group of racks) and pod (a group of switch groups); null or absent when
   * unknown (placement/topology.ts treats unknown values of a level as one shared group).
   */
  readonly switchGroup?: string | null;
  readonly podGroup?: string | null;
  readonly labels: Readonly<Record<string, string>>;
  readonly ready: boolean;
  /**
   * GPU request (milli-GPU, all GPUs of the member) of every GPU job currently on the node, sorted
   * ascending with repeats: below 1000 = a sharing job, k x 1000 = a job on k whole GPUs. This is
   * exactly GpuClustering's class ("share" or "k-gpu"); allocate/release keep it in step.
   */
  readonly hostedGpuShares: readonly number[];
}

/** A cluster: nodes in a fixed order (the order is the final tie-break of several policies). */
export interface ClusterState {
  readonly nodes: readonly NodeState[];
}

/** Input for {@link createNode}; optional fields default to an idle, ready, unlabelled node. */
export interface NodeSpec {
  name: string;
  cpuMilli: number;
  memoryMib: number;
  gpuCount: number;
  gpuModel: string | null;
  rack?: string | null;
  switchGroup?: string | null;
  podGroup?: string | null;
  labels?: Record<string, string>;
  ready?: boolean;
}

/** Builds an idle node (all CPU, memory and GPUs free) after checking the numbers are sane. */
export function createNode(spec: NodeSpec): NodeState {
  const ok = (v: number) => Number.isInteger(v) && v >= 0;
  if (!ok(spec.cpuMilli) || !ok(spec.memoryMib) || !ok(spec.gpuCount)) {
    throw new EngineError("INVALID_NODE", `node ${spec.name}: capacities must be whole numbers >= 0`, { ...spec });
  }
  if (spec.gpuCount > 0 && !spec.gpuModel) {
    throw new EngineError("INVALID_NODE", `node ${spec.name}: has GPUs but no GPU model`, { ...spec });
  }
  return {
    name: spec.name,
    cpuMilliCapacity: spec.cpuMilli,
    memoryMibCapacity: spec.memoryMib,
    cpuMilliFree: spec.cpuMilli,
    memoryMibFree: spec.memoryMib,
    gpuModel: spec.gpuCount > 0 ? spec.gpuModel : null,
    gpuMilliFree: Array.from({ length: spec.gpuCount }, () => MILLI_GPU_PER_GPU),
    rack: spec.rack ?? null,
    switchGroup: spec.switchGroup ?? null,
    podGroup: spec.podGroup ?? null,
    labels: spec.labels ?? {},
    ready: spec.ready ?? true,
    hostedGpuShares: [],
  };
}

/** Builds a cluster of idle nodes in the given order. */
export function createCluster(specs: readonly NodeSpec[]): ClusterState {
  return { nodes: specs.map(createNode) };
}

/** Sum of free milli-GPU over the node's GPUs. */
export function totalGpuMilliFree(node: NodeState): number {
  let sum = 0;
  for (const free of node.gpuMilliFree) sum += free;
  return sum;
}

/** GPU capacity of the whole cluster in milli-GPU. */
export function clusterGpuMilliCapacity(state: ClusterState): number {
  let sum = 0;
  for (const node of state.nodes) sum += node.gpuMilliFree.length * MILLI_GPU_PER_GPU;
  return sum;
}

/** Allocated milli-GPU in the whole cluster (capacity minus free). */
export function clusterGpuMilliAllocated(state: ClusterState): number {
  let sum = 0;
  for (const node of state.nodes) sum += node.gpuMilliFree.length * MILLI_GPU_PER_GPU - totalGpuMilliFree(node);
  return sum;
}
