/**
 * Best start time inside a flexibility window: the start that minimizes the job's emissions over its
 * duration. Candidates are the earliest start and then every `stepS` after it up to the latest start;
 * the whole curve is returned so the explanation can show what was considered.
 * Formula per candidate: gCO2e(t) = facilityEnergyKwh x mean intensity over [t, t + durationS).
 * Saving = gCO2e(earliest) - gCO2e(best), in gCO2e and as % of gCO2e(earliest).
 */
import { CarbonError } from "./errors";
import { HOUR_MS, seriesEndMs, type IntensitySeries } from "./series";
import { meanIntensityGCo2ePerKwh } from "./window";

/** Inputs of {@link searchBestStart}. */
export interface BestStartInput {
  readonly series: IntensitySeries;
  readonly facilityEnergyKwh: number;
  readonly durationS: number;
  /** First allowed start, epoch ms (e.g. now, or when capacity frees up). */
  readonly earliestStartMs: number;
  /** Last allowed start, epoch ms (deadline minus duration, capped by the policy's maximum deferral). */
  readonly latestStartMs: number;
  /** Candidate spacing; default one hour. */
  readonly stepS?: number;
}

/** One point of the considered curve. */
export interface StartCandidate {
  readonly startMs: number;
  readonly meanGCo2ePerKwh: number;
  readonly gCo2e: number;
}

/** Result of the search: the best start, the start-now baseline and the whole curve. */
export interface BestStartResult {
  readonly best: StartCandidate;
  /** The candidate at earliestStartMs (the carbon-agnostic choice). */
  readonly earliest: StartCandidate;
  readonly savingGCo2e: number;
  readonly savingPct: number;
  readonly curve: readonly StartCandidate[];
  /** Latest start actually searched (the window, clipped to the series coverage). */
  readonly searchedUntilMs: number;
}

/** Searches the window; ties go to the earlier start (waiting without a saving is pointless). */
export function searchBestStart(input: BestStartInput): BestStartResult {
  const stepMs = (input.stepS ?? 3600) * 1000;
  if (!(stepMs > 0)) throw new CarbonError("INVALID_ENERGY_INPUT", `stepS must be > 0`);
  // Forecasts end somewhere: never choose a start whose run the series cannot price.
  const lastCovered = seriesEndMs(input.series) - input.durationS * 1000;
  const until = Math.min(input.latestStartMs, lastCovered);
  const at = (startMs: number): StartCandidate => {
    const mean = meanIntensityGCo2ePerKwh(input.series, startMs, input.durationS);
    return { startMs, meanGCo2ePerKwh: mean, gCo2e: input.facilityEnergyKwh * mean };
  };
  const earliest = at(input.earliestStartMs);
  const curve: StartCandidate[] = [earliest];
  let best = earliest;
  for (let t = input.earliestStartMs + stepMs; t <= until; t += stepMs) {
    const c = at(t);
    curve.push(c);
    if (c.gCo2e < best.gCo2e) best = c;
  }
  const savingGCo2e = earliest.gCo2e - best.gCo2e;
  return {
    best,
    earliest,
    savingGCo2e,
    savingPct: earliest.gCo2e > 0 ? (100 * savingGCo2e) / earliest.gCo2e : 0,
    curve,
    searchedUntilMs: Math.max(input.earliestStartMs, until),
  };
}

/** Rounds an epoch ms up to the next hour boundary (used to align deferred starts to forecast hours). */
export function ceilToHourMs(ms: number): number {
  return Math.ceil(ms / HOUR_MS) * HOUR_MS;
}
