/**
 * Concrete in-cluster requests for a fleet job on one cluster. A model-based job has one variant (the
 * in-cluster placer picks among its allowed models). A compute-native job ("N A100-equivalents, at
 * least M GiB per GPU") gets one variant per qualifying model present in the cluster:
 *   gpus = ceil(N / computeUnits(model)), laid out as one member or gangs of the model's largest node,
 *   durationS = requested durationS x N / (gpus x computeUnits)   (linear scaling with compute; more
 *   compute than asked, after rounding up to whole GPUs, shortens the run proportionally).
 * An elastic gang (minMembers below gangSize) gets one variant per member count from gangSize down to
 * minMembers; the work rate scales linearly with members, so m members need durationS x gangSize / m
 * (docs/topology.md). The agent keeps the variant that starts first, and of those the most members
 * ({@link preferOption}): an elastic job starts small rather than wait, and grows later.
 */
import type { JobRequest } from "../model/job";
import type { ClusterState } from "../model/node";
import type { PlacementOption } from "./agent-types";
import type { FleetJob, GpuModelSpec } from "./types";

/** One way to run the job on a cluster. */
export interface JobVariant {
  /** The model this variant is pinned to (compute-native), or null (placer chooses among allowed models). */
  readonly gpuModel: string | null;
  readonly request: JobRequest;
  readonly durationS: number;
  /** GPUs over all members (whole-GPU equivalents; a share counts as its fraction). */
  readonly gpusTotal: number;
  /** A100-equivalents provided (compute-native only). */
  readonly computeUnitsProvided: number | null;
}

const modelCache = new WeakMap<readonly unknown[], ReadonlyMap<string, number>>();

/** GPU models present on a cluster's nodes with the largest GPU count per node (cached per node list). */
export function modelsOnCluster(state: ClusterState): ReadonlyMap<string, number> {
  let m = modelCache.get(state.nodes);
  if (!m) {
    const out = new Map<string, number>();
    for (const n of state.nodes) if (n.gpuModel) out.set(n.gpuModel, Math.max(out.get(n.gpuModel) ?? 0, n.gpuMilliFree.length));
    m = new Map([...out.entries()].sort((a, b) => a[0].localeCompare(b[0])));
    modelCache.set(state.nodes, m);
  }
  return m;
}

/** True for a compute-native request. */
export function isComputeNative(job: FleetJob): boolean {
  return job.computeUnits !== undefined && job.computeUnits !== null && job.computeUnits > 0;
}

/** The base in-cluster request (identity fields copied, per-member resources as given). */
export function baseRequest(job: FleetJob, over: Partial<JobRequest> = {}): JobRequest {
  return {
    id: job.id,
    tenant: job.tenant,
    cpuMilli: job.cpuMilli,
    memoryMib: job.memoryMib,
    gpuCount: job.gpuCount,
    gpuMilliPerGpu: job.gpuMilliPerGpu,
    allowedGpuModels: job.allowedGpuModels,
    gangSize: job.gangSize,
    ...(job.gangSameRack !== undefined ? { gangSameRack: job.gangSameRack } : {}),
    ...over,
  };
}

/** Variants of `job` on a cluster whose nodes are `state`, cheapest in GPUs first, then by model id. */
export function variantsFor(job: FleetJob, state: ClusterState, catalog: ReadonlyMap<string, GpuModelSpec>): JobVariant[] {
  if (!isComputeNative(job)) {
    // An elastic gang offers every size from its most members down to its fewest, largest first.
    return elasticSizes(job).map((members) => ({
      gpuModel: null,
      request: baseRequest(job, { gangSize: members }),
      durationS: elasticDurationS(job, members),
      gpusTotal: (job.gpuCount * job.gpuMilliPerGpu * members) / 1000,
      computeUnitsProvided: null,
    }));
  }
  const units = job.computeUnits as number;
  const out: JobVariant[] = [];
  for (const [model, maxPerNode] of modelsOnCluster(state)) {
    const spec = catalog.get(model);
    if (!spec || spec.computeUnits <= 0) continue;
    if (job.allowedGpuModels.length > 0 && !job.allowedGpuModels.includes(model)) continue;
    if ((job.minGpuMemoryGib ?? 0) > spec.memoryGib) continue;
    // 1e-9 keeps 2 x 0.5 from rounding up to 3 on floating-point noise.
    const need = Math.max(1, Math.ceil(units / spec.computeUnits - 1e-9));
    const members = Math.ceil(need / maxPerNode);
    const perMember = members === 1 ? need : maxPerNode;
    const gpus = members * perMember;
    const provided = gpus * spec.computeUnits;
    out.push({
      gpuModel: model,
      request: baseRequest(job, { gpuCount: perMember, gpuMilliPerGpu: 1000, allowedGpuModels: [model], gangSize: members }),
      durationS: Math.round((job.estimatedDurationS * units) / provided),
      gpusTotal: gpus,
      computeUnitsProvided: provided,
    });
  }
  return out.sort((a, b) => a.gpusTotal - b.gpusTotal || (a.gpuModel as string).localeCompare(b.gpuModel as string));
}

/** Member counts an elastic gang may run with, most first; [gangSize] for a fixed-size job. */
export function elasticSizes(job: FleetJob): number[] {
  const min = job.minMembers ?? job.gangSize;
  if (isComputeNative(job) || min >= job.gangSize || min < 1) return [job.gangSize];
  return Array.from({ length: job.gangSize - min + 1 }, (_, i) => job.gangSize - i);
}

/** Run time with `members` members when the estimate is for gangSize members (work rate linear in members). */
export function elasticDurationS(job: FleetJob, members: number): number {
  return members === job.gangSize ? job.estimatedDurationS : Math.round((job.estimatedDurationS * job.gangSize) / members);
}

/** How a variant is named in filter records: its pinned model and, for an elastic size, its member count. */
export function variantLabel(variant: JobVariant, job: FleetJob): string {
  const parts = [variant.gpuModel, elasticSizes(job).length > 1 ? `${variant.request.gangSize ?? 1} members` : null].filter((p): p is string => p !== null);
  return parts.length > 0 ? ` (${parts.join(", ")})` : "";
}

/**
 * Whether option `a` beats `b` within one cluster's bid. Sizes of one elastic gang: the earlier start,
 * then more members (so it starts at its fewest members only when more do not fit as soon). Otherwise
 * the least energy (models that fit; ties keep the earlier variant, which is cheaper in GPUs).
 */
export function preferOption(a: PlacementOption, b: PlacementOption): boolean {
  const membersA = a.variant.request.gangSize ?? 1;
  const membersB = b.variant.request.gangSize ?? 1;
  if (a.variant.gpuModel === null && b.variant.gpuModel === null && membersA !== membersB)
    return a.startMs < b.startMs || (a.startMs === b.startMs && membersA > membersB);
  return a.energy.value < b.energy.value - 1e-12;
}
