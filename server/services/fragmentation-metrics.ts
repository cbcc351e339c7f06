/**
 * Fragmentation of the current GPU state (definitions in docs/ALGORITHMS.md):
 * - GFR (GPU node fragmentation ratio, our definition): the share of GPU nodes that are partly
 *   allocated and whose whole free GPUs cannot host the most common multi-GPU request;
 * - FGD fragmentation rate (Weng et al.): fragmented milli-GPU F(M) over idle milli-GPU, where a GPU's
 *   free share counts as fragmented when the target workload's jobs cannot use it.
 * Pure functions over plain node states so both the overview and the clusters list share them.
 */
import { nodeFragmentation, type TargetWorkload } from "../engine";

/** One GPU node's allocation, as the metrics need it. */
export interface NodeGpuState {
  clusterId: string;
  gpuModel: string | null;
  cpuMilliFree: number;
  /** Free milli-GPU per GPU (1000 = idle GPU). */
  gpuMilliFree: number[];
}

export interface GfrResult {
  /** GPU nodes that are partly allocated and cannot host `shapeGpus` whole GPUs. */
  fragmentedNodes: number;
  gpuNodes: number;
  /** fragmentedNodes / gpuNodes; 0 for a fleet without GPU nodes. */
  ratio: number;
  /** The multi-GPU request size (whole GPUs) used as "the most common shape". */
  shapeGpus: number;
}

/** Default multi-GPU shape when no job has asked for more than one GPU yet (the smallest multi-GPU job). */
export const DEFAULT_MULTI_GPU_SHAPE = 2;

/**
 * The most frequent GPU count among multi-GPU requests (ties go to the smaller count, the easier
 * shape to host); DEFAULT_MULTI_GPU_SHAPE when there is none.
 */
export function mostCommonMultiGpuShape(counts: readonly { gpuCount: number; jobs: number }[]): number {
  let best: { gpuCount: number; jobs: number } | null = null;
  for (const c of counts) {
    if (c.gpuCount < 2 || c.jobs <= 0) continue;
    if (!best || c.jobs > best.jobs || (c.jobs === best.jobs && c.gpuCount < best.gpuCount)) best = c;
  }
  return best?.gpuCount ?? DEFAULT_MULTI_GPU_SHAPE;
}

/** True when the node holds some allocation but not everything, i.e. it can be fragmented. */
function partlyAllocated(node: Pick<NodeGpuState, "gpuMilliFree">): boolean {
  const free = node.gpuMilliFree.reduce((s, f) => s + f, 0);
  return free > 0 && free < node.gpuMilliFree.length * 1000;
}

/** GFR over a set of nodes (nodes without GPUs are ignored). */
export function gpuFragmentationRatio(nodes: readonly Pick<NodeGpuState, "gpuMilliFree">[], shapeGpus: number): GfrResult {
  let gpuNodes = 0;
  let fragmentedNodes = 0;
  for (const node of nodes) {
    if (node.gpuMilliFree.length === 0) continue;
    gpuNodes++;
    const wholeFree = node.gpuMilliFree.filter((f) => f >= 1000).length;
    if (partlyAllocated(node) && wholeFree < shapeGpus) fragmentedNodes++;
  }
  return { fragmentedNodes, gpuNodes, ratio: gpuNodes ? fragmentedNodes / gpuNodes : 0, shapeGpus };
}

export interface FgdRateResult {
  /** Sum over nodes of F_n(M), milli-GPU. */
  fragmentedMilli: number;
  /** Idle (free) milli-GPU. */
  freeMilli: number;
  /** fragmentedMilli / freeMilli; 0 when nothing is free. */
  rate: number;
}

/** FGD fragmentation rate of a set of nodes for the target workload M. */
export function fgdFragmentationRate(nodes: readonly Omit<NodeGpuState, "clusterId">[], workload: TargetWorkload): FgdRateResult {
  let fragmentedMilli = 0;
  let freeMilli = 0;
  for (const node of nodes) {
    freeMilli += node.gpuMilliFree.reduce((s, f) => s + f, 0);
    if (workload.shapes.length > 0) fragmentedMilli += nodeFragmentation(node, workload);
  }
  return { fragmentedMilli, freeMilli, rate: freeMilli ? fragmentedMilli / freeMilli : 0 };
}

/** Both metrics per cluster id. */
export function fragmentationByCluster(
  nodes: readonly NodeGpuState[],
  workload: TargetWorkload,
  shapeGpus: number,
): Map<string, { gfr: GfrResult; fgd: FgdRateResult }> {
  const groups = new Map<string, NodeGpuState[]>();
  for (const node of nodes) {
    const list = groups.get(node.clusterId) ?? [];
    list.push(node);
    groups.set(node.clusterId, list);
  }
  return new Map([...groups].map(([id, list]) => [id, { gfr: gpuFragmentationRatio(list, shapeGpus), fgd: fgdFragmentationRate(list, workload) }]));
}
