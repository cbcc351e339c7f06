/**
 * The target workload M of FGD: the most frequent job shapes covering a share (95%) of a job list,
 * with renormalized probabilities. Shape = (cpuMilli, gpuCount, gpuMilliPerGpu, allowed models).
 */
import type { JobRequest } from "./job";

/** One job shape of the target workload with its probability p_m. */
export interface WorkloadShape {
  readonly cpuMilli: number;
  readonly gpuCount: number;
  readonly gpuMilliPerGpu: number;
  /** Allowed GPU models, sorted; empty = any. */
  readonly allowedGpuModels: readonly string[];
  /** Renormalized probability; the shapes of one workload sum to 1. */
  readonly probability: number;
}

/** A target workload: shapes sorted by descending frequency. */
export interface TargetWorkload {
  readonly shapes: readonly WorkloadShape[];
  /** How many distinct shapes the source job list had. */
  readonly distinctShapes: number;
  /** Share of source jobs covered by `shapes` before renormalization (>= coverage asked). */
  readonly coveredShare: number;
  /**
   * Every GPU-model constraint of the source jobs with its share of their GPU request, before the coverage
   * cut (constrained shapes are many and each rare, so the cut drops much of their demand). Absent on
   * workloads built elsewhere; empty when no job is constrained.
   */
  readonly constrainedDemand?: readonly ConstrainedDemand[];
}

/** One allowed-model set and its share of the source jobs' GPU request. */
export interface ConstrainedDemand {
  /** Allowed models, sorted. */
  readonly models: readonly string[];
  readonly gpuShare: number;
}

/** Constrained demand of weighted jobs: per allowed-model set, its share of the total GPU request. */
export function constrainedDemandOf(
  entries: Iterable<{ readonly job: ShapeJob; readonly models: readonly string[]; readonly weight: number }>,
): ConstrainedDemand[] {
  let total = 0;
  const bySet = new Map<string, { models: readonly string[]; gpu: number }>();
  for (const { job, models, weight } of entries) {
    const gpu = job.gpuCount * job.gpuMilliPerGpu * weight;
    total += gpu;
    if (gpu === 0 || models.length === 0) continue;
    const key = models.join("|");
    const e = bySet.get(key);
    if (e) e.gpu += gpu;
    else bySet.set(key, { models, gpu });
  }
  return total > 0 ? [...bySet.values()].map((e) => ({ models: e.models, gpuShare: e.gpu / total })) : [];
}

/** The fields of a job that make its shape. */
export type ShapeJob = Pick<JobRequest, "cpuMilli" | "gpuCount" | "gpuMilliPerGpu" | "allowedGpuModels">;

/**
 * Builds M from a job list: count shapes, sort by count (descending; ties by first appearance so the
 * result is deterministic), keep shapes until their cumulative share reaches `coverage`.
 */
export function buildTargetWorkload(jobs: readonly ShapeJob[], coverage = 0.95): TargetWorkload {
  const counts = new Map<string, { job: ShapeJob; models: string[]; count: number; first: number }>();
  jobs.forEach((job, i) => {
    const models = [...job.allowedGpuModels].sort();
    const key = `${job.cpuMilli}/${job.gpuCount}/${job.gpuMilliPerGpu}/${models.join("|")}`;
    const entry = counts.get(key);
    if (entry) entry.count += 1;
    else counts.set(key, { job, models, count: 1, first: i });
  });
  const sorted = [...counts.values()].sort((a, b) => b.count - a.count || a.first - b.first);
  const kept: typeof sorted = [];
  let covered = 0;
  for (const entry of sorted) {
    if (jobs.length > 0 && covered / jobs.length >= coverage) break;
    kept.push(entry);
    covered += entry.count;
  }
  return {
    shapes: kept.map((e) => ({
      cpuMilli: e.job.cpuMilli,
      gpuCount: e.job.gpuCount,
      gpuMilliPerGpu: e.job.gpuMilliPerGpu,
      allowedGpuModels: e.models,
      probability: e.count / covered,
    })),
    distinctShapes: counts.size,
    coveredShare: jobs.length > 0 ? covered / jobs.length : 0,
    constrainedDemand: constrainedDemandOf([...counts.values()].map((e) => ({ job: e.job, models: e.models, weight: e.count }))),
  };
}
