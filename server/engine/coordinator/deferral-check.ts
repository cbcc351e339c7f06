/**
 * Whether waiting for a greener start is worth it. A forecast saving is only real if it is larger
 * than what the forecast could be wrong by, and only worth a wait if it is large enough to matter:
 *
 *   defer  <=>  saving > 0
 *          and  saving >= minDeferralSavingPct % of the start-now emissions   (policy)
 *          and  saving >= minDeferralSavingGCo2e                             (policy, absolute)
 *          and  saving >  relative forecast error(zone, horizon) x start-now emissions
 *
 * Units: gCO2e; the relative error is a mean absolute percentage error (%). The horizon is the hours
 * from the decision to the end of the best start's run (the farthest forecast hour the saving relies
 * on). The error is the zone's measured one for that horizon (`FleetCluster.forecastError`, stored
 * forecasts against what was measured later); without a measurement the conservative default below
 * applies. When every hour of the best start's run is measured (a replay with known values), there
 * is no forecast to be wrong and the error term is 0.
 */
import type { BestStartResult, StartCandidate } from "../carbon/best-start";
import { HOUR_MS, type IntensitySeries } from "../carbon/series";
import type { ClusterReason } from "./reasons";
import type { PolicyConstraints } from "./policy";

/**
 * Relative forecast error assumed where a zone has none measured (%): the worst 24 h-ahead mean
 * absolute error of Verdant's forecaster in the 2023 backtest (CA-ON 35 %; US-CAL-CISO 8.6 %,
 * DE 20 %, GB 28 %; docs/benchmarks/simulator.md), so an unmeasured zone never defers on noise.
 */
export const DEFAULT_FORECAST_ERROR_PCT = 35;

/** A zone's measured forecast error for horizons [fromHours, toHours). */
export interface ForecastErrorBucket {
  readonly fromHours: number;
  readonly toHours: number;
  /** Mean absolute percentage error of the forecasts in this horizon bucket. */
  readonly relativeErrorPct: number;
}

/** The numbers behind a deferral choice, as the explanation records them. */
export interface DeferralCheck {
  readonly savingGCo2e: number;
  readonly savingPct: number;
  readonly minSavingPct: number;
  readonly minSavingGCo2e: number;
  /** relativeErrorPct / 100 x the start-now emissions (0 when no forecast hour is involved). */
  readonly forecastErrorGCo2e: number;
  readonly relativeErrorPct: number;
  readonly horizonHours: number;
  /** Where the relative error came from: the zone's measurement, the default, or none needed. */
  readonly errorBasis: "measured" | "default" | "none";
  readonly worthWaiting: boolean;
  /** Why it starts as early as it can despite a saving (empty when it waits or nothing was saved). */
  readonly reasons: readonly ClusterReason[];
}

/** The relative error for a horizon from the zone's buckets, else the default. */
export function relativeErrorFor(buckets: readonly ForecastErrorBucket[] | undefined, horizonHours: number) {
  const hit = buckets?.find((b) => horizonHours >= b.fromHours && horizonHours < b.toHours);
  return hit ? { pct: hit.relativeErrorPct, basis: "measured" as const } : { pct: DEFAULT_FORECAST_ERROR_PCT, basis: "default" as const };
}

/** True when every hour the run [startMs, startMs + durationS) touches is measured. */
function allMeasured(series: IntensitySeries, startMs: number, durationS: number): boolean {
  const first = Math.max(0, Math.floor((startMs - series.startMs) / HOUR_MS));
  const last = Math.ceil((startMs + durationS * 1000 - series.startMs) / HOUR_MS);
  for (let h = first; h < last; h++) if (series.provenance[h]?.kind !== "measured") return false;
  return true;
}

/** Inputs of {@link checkDeferral}. */
export interface DeferralCheckInput {
  readonly search: BestStartResult;
  readonly series: IntensitySeries;
  readonly forecastError: readonly ForecastErrorBucket[] | undefined;
  readonly durationS: number;
  readonly nowMs: number;
  readonly constraints: Pick<PolicyConstraints, "minDeferralSavingPct" | "minDeferralSavingGCo2e">;
}

/** Decides whether waiting for `candidate` (default: the search's best start) is worth it, with the numbers and reasons. */
export function checkDeferral(input: DeferralCheckInput, candidate: StartCandidate = input.search.best): DeferralCheck {
  const { search, constraints } = input;
  const best = candidate;
  const horizonHours = Math.max(0, (best.startMs + input.durationS * 1000 - input.nowMs) / HOUR_MS);
  const known = allMeasured(input.series, best.startMs, input.durationS);
  const error = known ? { pct: 0, basis: "none" as const } : relativeErrorFor(input.forecastError, horizonHours);
  const forecastErrorGCo2e = (error.pct / 100) * search.earliest.gCo2e;
  const saving = search.earliest.gCo2e - best.gCo2e;
  const savingPct = search.earliest.gCo2e > 0 ? (100 * saving) / search.earliest.gCo2e : 0;
  const reasons: ClusterReason[] = [];
  if (saving > 0) {
    const belowPct = savingPct < constraints.minDeferralSavingPct;
    const belowAbs = saving < constraints.minDeferralSavingGCo2e;
    if (belowPct || belowAbs) {
      const limit = Math.max(constraints.minDeferralSavingGCo2e, (constraints.minDeferralSavingPct / 100) * search.earliest.gCo2e);
      reasons.push({ code: "DEFERRAL_BELOW_MINIMUM_SAVING", resource: "carbon-saving", unit: "gCo2e", requested: saving, limit });
    }
    if (saving <= forecastErrorGCo2e)
      reasons.push({ code: "DEFERRAL_WITHIN_FORECAST_ERROR", resource: "carbon-saving", unit: "gCo2e", requested: saving, limit: forecastErrorGCo2e });
  }
  return {
    savingGCo2e: saving,
    savingPct,
    minSavingPct: constraints.minDeferralSavingPct,
    minSavingGCo2e: constraints.minDeferralSavingGCo2e,
    forecastErrorGCo2e,
    relativeErrorPct: error.pct,
    horizonHours,
    errorBasis: error.basis,
    worthWaiting: saving > 0 && reasons.length === 0,
    reasons,
  };
}
