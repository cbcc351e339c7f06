/**
 * Mean intensity over a run window [startMs, startMs + durationS), weighting each hour by how much of
 * the window it covers (a job draws constant power, so its emissions are energy x this mean).
 * Prefix sums make one window O(1), which keeps the start-time search cheap.
 */
import { CarbonError } from "./errors";
import { HOUR_MS, seriesEndMs, type IntensitySeries } from "./series";

const prefixCache = new WeakMap<IntensitySeries, Float64Array>();

/** prefix[i] = sum of the first i hourly values (gCO2e/kWh x h). Cached by series identity. */
function prefixOf(series: IntensitySeries): Float64Array {
  let p = prefixCache.get(series);
  if (!p) {
    p = new Float64Array(series.gCo2ePerKwh.length + 1);
    for (let i = 0; i < series.gCo2ePerKwh.length; i++) p[i + 1] = (p[i] as number) + (series.gCo2ePerKwh[i] as number);
    prefixCache.set(series, p);
  }
  return p;
}

/** Integral of intensity from the series start to t (ms), in gCO2e/kWh x hours. */
function integralTo(series: IntensitySeries, prefix: Float64Array, tMs: number): number {
  const hours = (tMs - series.startMs) / HOUR_MS;
  const whole = Math.floor(hours);
  const frac = hours - whole;
  return (prefix[whole] as number) + (whole < series.gCo2ePerKwh.length ? frac * (series.gCo2ePerKwh[whole] as number) : 0);
}

/** True when the series covers the whole window. */
export function coversWindow(series: IntensitySeries, startMs: number, durationS: number): boolean {
  return startMs >= series.startMs && startMs + durationS * 1000 <= seriesEndMs(series);
}

/** Mean gCO2e/kWh over the window; throws SERIES_NOT_COVERING when the series does not cover it. */
export function meanIntensityGCo2ePerKwh(series: IntensitySeries, startMs: number, durationS: number): number {
  if (!(durationS > 0)) throw new CarbonError("INVALID_ENERGY_INPUT", `durationS must be > 0, got ${durationS}`);
  if (!coversWindow(series, startMs, durationS)) {
    throw new CarbonError("SERIES_NOT_COVERING", `${series.zone}: window ${startMs}+${durationS}s outside ${series.startMs}..${seriesEndMs(series)}`, {
      zone: series.zone,
      startMs,
      durationS,
    });
  }
  const prefix = prefixOf(series);
  const endMs = startMs + durationS * 1000;
  return (integralTo(series, prefix, endMs) - integralTo(series, prefix, startMs)) / (durationS / 3600);
}

/** Provenance of the hours a window touches: counts by kind and the providers seen. */
export interface WindowProvenance {
  readonly measuredHours: number;
  readonly forecastHours: number;
  readonly providers: readonly string[];
  readonly signalType: IntensitySeries["signalType"];
  readonly emissionFactorType: IntensitySeries["emissionFactorType"];
}

/** Summarizes the provenance of the hours overlapping the window (assumes coverage was checked). */
export function windowProvenance(series: IntensitySeries, startMs: number, durationS: number): WindowProvenance {
  const first = Math.floor((startMs - series.startMs) / HOUR_MS);
  const last = Math.ceil((startMs + durationS * 1000 - series.startMs) / HOUR_MS);
  let measuredHours = 0;
  let forecastHours = 0;
  const providers = new Set<string>();
  for (let h = Math.max(0, first); h < Math.min(last, series.provenance.length); h++) {
    const p = series.provenance[h];
    if (!p) continue;
    if (p.kind === "measured") measuredHours++;
    else forecastHours++;
    providers.add(p.provider);
  }
  return { measuredHours, forecastHours, providers: [...providers].sort(), signalType: series.signalType, emissionFactorType: series.emissionFactorType };
}
