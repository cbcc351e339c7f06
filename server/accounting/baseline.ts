/**
 * The carbon-agnostic baseline a job is compared with in the savings ledger (pure):
 * it would have started at submission on the least-loaded cluster that could ever hold it (lowest
 * GPU allocation ratio at submission, ties by cluster id), drawing the same IT energy with the same
 * hour-by-hour profile, times that cluster's PUE and its zone's intensity in the shifted hours.
 */
import { hourSlices, type HourIntensity, type JobHour } from "./energy-hours";

/** Method string stored on every ledger entry (bump the version when the method changes). */
export const BASELINE_METHOD = "least-loaded-start-at-submit@1";

/** A cluster the baseline may choose. */
export interface BaselineCandidate {
  clusterId: string;
  zoneId: string;
  pue: number;
  /** Could this cluster hold the job when empty (models, sizes, regions, status)? */
  feasible: boolean;
  /** Allocated / capacity GPU milli at submission, 0..1. */
  allocationRatio: number;
}

/** The least-loaded feasible cluster, or null when none is feasible. */
export function chooseBaselineCluster(candidates: readonly BaselineCandidate[]): BaselineCandidate | null {
  let best: BaselineCandidate | null = null;
  for (const c of candidates) {
    if (!c.feasible) continue;
    if (!best || c.allocationRatio < best.allocationRatio || (c.allocationRatio === best.allocationRatio && c.clusterId < best.clusterId)) best = c;
  }
  return best;
}

/** Inputs of {@link baselineEmissions}. */
export interface BaselineInput {
  /** The job's actual hours (their IT energy and wall-clock extent). */
  hours: readonly Pick<JobHour, "hourStartMs" | "wallSeconds" | "itEnergyKwh">[];
  runStartMs: number;
  submittedAtMs: number;
  pue: number;
  /** Intensity of the baseline cluster's zone per hour. */
  intensity: (hourStartMs: number) => HourIntensity;
}

/**
 * Emissions (gCO2e) of the same IT energy profile shifted to start at submission on the baseline
 * cluster: each actual hour's energy is spread evenly over its shifted interval and priced per hour.
 */
export function baselineEmissions(input: BaselineInput): number {
  const shift = input.submittedAtMs - input.runStartMs;
  let grams = 0;
  for (const h of input.hours) {
    if (h.wallSeconds <= 0 || h.itEnergyKwh === 0) continue;
    // The part of the run inside this hour (the first and last hours are partial).
    const fromMs = Math.max(h.hourStartMs, input.runStartMs);
    const toMs = fromMs + h.wallSeconds * 1000;
    for (const s of hourSlices(fromMs + shift, toMs + shift)) {
      const part = (s.toMs - s.fromMs) / (h.wallSeconds * 1000);
      grams += h.itEnergyKwh * part * input.pue * input.intensity(s.hourStartMs).gCo2ePerKwh;
    }
  }
  return grams;
}
