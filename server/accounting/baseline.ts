/**
 * The carbon-agnostic baseline a job is compared with in the savings ledger (pure).
 *
 * Method `capacity-weighted-start-at-submit@2` — the estimator. For job j with IT energy profile
 * E_j(h) (the kWh it actually drew in each hour h of its run, which started at r_j) and submission
 * time s_j, let C_j be every active cluster that could hold j on an idle fleet (models, sizes,
 * regions, gang; the coordinator's own filters) and w_c the GPU capacity of c usable by j (GPUs of an
 * allowed model; CPU capacity for a CPU-only job). Then
 *
 *   e_c   = PUE_c x sum_h E_j(h) x I_{zone(c)}(h + s_j - r_j)     (the same profile shifted to start at submission)
 *   B_j   = sum_{c in C_j} w_c x e_c / sum_{c in C_j} w_c
 *   spread = [min_c e_c, max_c e_c]
 *
 * B_j is the exact expectation of the emissions of a carbon-agnostic policy that starts the job at
 * submission on a feasible cluster chosen with probability proportional to its capacity (a
 * load-balancer's long-run share of the work), so it is an unbiased estimate of that policy's mean
 * per job. It reads no allocation state: Verdant's own placements cannot shape it (the method it
 * replaces, `least-loaded-start-at-submit@1`, picked the cluster Verdant left emptiest, i.e. the
 * dirtiest one). I is the intensity measured for the shifted hours; an hour without a measurement
 * uses what the lookup gives and the estimate carries the least certain source it used.
 *
 * Limits: the IT energy is the job's own on every candidate (a different GPU model would draw
 * differently), queueing is not modelled (the baseline starts at submission even when the fleet was
 * full: `npm run ledger:audit` replays the period with queueing to bound this), and the weights are a
 * model of the carbon-agnostic scheduler, not a measurement of one.
 */
import { hourSlices, type HourIntensity, type IntensityLookup, type IntensitySource, type JobHour } from "./energy-hours";

/** Method string stored on new ledger entries (bump the version when the method changes). */
export const BASELINE_METHOD = "capacity-weighted-start-at-submit@2";

/** The single-cluster method of older entries, still shown with their rows. */
export const LEGACY_BASELINE_METHOD = "least-loaded-start-at-submit@1";

/** A cluster the baseline mixes. */
export interface BaselineCandidate {
  clusterId: string;
  zoneId: string;
  pue: number;
  /** Capacity usable by the job (GPUs of an allowed model, or CPU cores for a CPU-only job); the weight. */
  capacity: number;
}

/** The job's actual hours and the instants the shift is measured between. */
export interface ShiftedRun {
  /** The job's actual hours (their IT energy and wall-clock extent). */
  hours: readonly Pick<JobHour, "hourStartMs" | "wallSeconds" | "itEnergyKwh">[];
  runStartMs: number;
  submittedAtMs: number;
}

/** Emissions of the shifted run on one cluster, with the least certain intensity source used. */
export interface ShiftedEmissions {
  gCo2e: number;
  intensitySource: IntensitySource;
}

const SOURCE_RANK: Record<IntensitySource, number> = { measured: 0, "provider-forecast": 1, "verdant-forecast": 2, "annual-average": 3 };

/** The less certain of two intensity sources. */
export function lessCertain(a: IntensitySource, b: IntensitySource): IntensitySource {
  return SOURCE_RANK[b] > SOURCE_RANK[a] ? b : a;
}

/**
 * Emissions (gCO2e) of the same IT energy profile shifted to start at submission on one cluster: each
 * actual hour's energy is spread evenly over its shifted interval and priced per hour.
 */
export function shiftedEmissions(run: ShiftedRun, pue: number, intensity: (hourStartMs: number) => HourIntensity): ShiftedEmissions {
  const shift = run.submittedAtMs - run.runStartMs;
  let grams = 0;
  let source: IntensitySource = "measured";
  for (const h of run.hours) {
    if (h.wallSeconds <= 0 || h.itEnergyKwh === 0) continue;
    // The part of the run inside this hour (the first and last hours are partial).
    const fromMs = Math.max(h.hourStartMs, run.runStartMs);
    const toMs = fromMs + h.wallSeconds * 1000;
    for (const s of hourSlices(fromMs + shift, toMs + shift)) {
      const part = (s.toMs - s.fromMs) / (h.wallSeconds * 1000);
      const hour = intensity(s.hourStartMs);
      grams += h.itEnergyKwh * part * pue * hour.gCo2ePerKwh;
      source = lessCertain(source, hour.source);
    }
  }
  return { gCo2e: grams, intensitySource: source };
}

/** The baseline of one job under {@link BASELINE_METHOD}. */
export interface BaselineEstimate {
  /** Capacity-weighted mean over the candidates (B_j). */
  gCo2e: number;
  minGCo2e: number;
  maxGCo2e: number;
  candidates: number;
  intensitySource: IntensitySource;
  /** Each candidate's weight (0..1, summing to 1) and emissions. */
  mix: { clusterId: string; weight: number; gCo2e: number }[];
}

/**
 * B_j (see the file header) over `candidates`, or null when there is none. Candidates without
 * capacity get no weight; when none has any, they count equally.
 */
export function estimateBaseline(
  run: ShiftedRun,
  candidates: readonly BaselineCandidate[],
  intensityOf: (zoneId: string) => IntensityLookup,
): BaselineEstimate | null {
  if (candidates.length === 0) return null;
  for (const c of candidates)
    if (!(c.capacity >= 0)) throw new RangeError(`capacity of candidate ${c.clusterId} must be a non-negative number, got ${c.capacity}`);
  const total = candidates.reduce((t, c) => t + c.capacity, 0);
  const weightOf = (c: BaselineCandidate) => (total > 0 ? c.capacity / total : 1 / candidates.length);
  let mean = 0;
  let source: IntensitySource = "measured";
  const mix = candidates.map((c) => {
    const e = shiftedEmissions(run, c.pue, intensityOf(c.zoneId));
    const weight = weightOf(c);
    mean += weight * e.gCo2e;
    if (weight > 0) source = lessCertain(source, e.intensitySource);
    return { clusterId: c.clusterId, weight, gCo2e: e.gCo2e };
  });
  const weighted = mix.filter((m) => m.weight > 0).map((m) => m.gCo2e);
  return { gCo2e: mean, minGCo2e: Math.min(...weighted), maxGCo2e: Math.max(...weighted), candidates: weighted.length, intensitySource: source, mix };
}

/** One node as the capacity weight sees it. */
export interface CapacityNode {
  gpuModel: string | null;
  /** Its GPU count. */
  gpus: number;
  cpuMilli: number;
}

/**
 * A cluster's capacity usable by a job: GPUs of a model the job allows (any model when it names
 * none), or CPU cores for a CPU-only job. Ignores what is allocated on purpose (see the file header).
 */
export function usableCapacity(nodes: readonly CapacityNode[], job: { gpuCount: number; allowedGpuModels: readonly string[] }): number {
  if (job.gpuCount === 0) return nodes.reduce((t, n) => t + n.cpuMilli / 1000, 0);
  const allowed = new Set(job.allowedGpuModels);
  return nodes.reduce((t, n) => t + (n.gpuModel !== null && (allowed.size === 0 || allowed.has(n.gpuModel)) ? n.gpus : 0), 0);
}
