/**
 * Learns the target workload M online, as a live scheduler must: a decayed histogram of the job shapes
 * seen so far (each new job weighs 1, older ones fade with a half-life counted in jobs), optionally seeded
 * with a prior job list, turned into M the same way as {@link buildTargetWorkload} (most frequent shapes
 * up to the coverage share, renormalized). Pure: the caller feeds jobs in arrival order.
 */
import { constrainedDemandOf, type ShapeJob, type TargetWorkload } from "./target-workload";

/** Options of a learner. */
export interface WorkloadLearnerOptions {
  /** Jobs assumed seen before the first observation (e.g. recent history); each weighs `priorWeight`. */
  readonly prior?: readonly ShapeJob[];
  readonly priorWeight?: number;
  /** After this many further observations a job's weight has halved (Infinity = plain counts). */
  readonly halfLifeJobs?: number;
  /** Share of the (weighted) jobs M must cover, as in buildTargetWorkload. */
  readonly coverage?: number;
}

/** An online workload learner. */
export interface WorkloadLearner {
  /** Records one arrival. */
  observe(job: ShapeJob): void;
  /** Jobs observed so far (the prior not included). */
  readonly observed: number;
  /** M from the histogram now (no shapes before anything was seen). */
  workload(): TargetWorkload;
}

/** Default half-life: the live scheduler learns from its last 5,000 jobs. */
export const DEFAULT_HALF_LIFE_JOBS = 5000;

/** Creates a learner. */
export function createWorkloadLearner(options: WorkloadLearnerOptions = {}): WorkloadLearner {
  const coverage = options.coverage ?? 0.95;
  const halfLife = options.halfLifeJobs ?? DEFAULT_HALF_LIFE_JOBS;
  // Instead of decaying every entry, later jobs weigh more: weight of job t = growth^t; renormalizing
  // makes that the same histogram. Rescaled now and then so the numbers stay finite.
  const growth = Number.isFinite(halfLife) ? 2 ** (1 / halfLife) : 1;
  const counts = new Map<string, { job: ShapeJob; models: string[]; weight: number; first: number }>();
  let scale = 1;
  let observed = 0;
  let seq = 0;
  const add = (job: ShapeJob, weight: number) => {
    const models = [...job.allowedGpuModels].sort();
    const key = `${job.cpuMilli}/${job.gpuCount}/${job.gpuMilliPerGpu}/${models.join("|")}`;
    const entry = counts.get(key);
    if (entry) entry.weight += weight;
    else counts.set(key, { job, models, weight, first: seq });
    seq++;
  };
  for (const job of options.prior ?? []) add(job, options.priorWeight ?? 1);
  return {
    get observed() {
      return observed;
    },
    observe(job) {
      add(job, scale);
      observed++;
      scale *= growth;
      if (scale > 1e100) {
        for (const e of counts.values()) e.weight /= scale;
        scale = 1;
      }
    },
    workload() {
      const sorted = [...counts.values()].sort((a, b) => b.weight - a.weight || a.first - b.first);
      const total = sorted.reduce((s, e) => s + e.weight, 0);
      const kept: typeof sorted = [];
      let covered = 0;
      for (const entry of sorted) {
        if (total > 0 && covered / total >= coverage) break;
        kept.push(entry);
        covered += entry.weight;
      }
      return {
        shapes: kept.map((e) => ({
          cpuMilli: e.job.cpuMilli,
          gpuCount: e.job.gpuCount,
          gpuMilliPerGpu: e.job.gpuMilliPerGpu,
          allowedGpuModels: e.models,
          probability: e.weight / covered,
        })),
        distinctShapes: counts.size,
        coveredShare: total > 0 ? covered / total : 0,
        constrainedDemand: constrainedDemandOf(counts.values()),
      };
    },
  };
}
