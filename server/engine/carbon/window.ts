/**
 * Mean intensity over a run window [startMs, startMs + durationS), weighting each hour by how much of
 * the window it covers (a job draws constant power, so its emissions are energy x this mean).
 * Prefix sums make one window O(1), which keeps the start-time search cheap.
 */
import { CarbonError } from "./errors";
import { HOUR_MS, seriesEndMs, type HourProvenance, type IntensityKind, type IntensitySeries } from "./series";

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

/** Hours of one kind from one source inside a window (forecasts also by model and issue time). */
export interface ProvenanceSource {
  readonly kind: IntensityKind;
  readonly hours: number;
  readonly provider: string;
  readonly model?: string;
  readonly forecastIssuedAtMs?: number;
  readonly synthetic?: boolean;
}

/**
 * Provenance of the hours a window touches: `measuredHours`, `forecastHours` (every hour not
 * measured: provider or Verdant forecasts and the annual-average fallback, as before sources were
 * kept), the providers seen, and `sources`, the hours per kind and source.
 */
export interface WindowProvenance {
  readonly measuredHours: number;
  readonly forecastHours: number;
  readonly providers: readonly string[];
  readonly signalType: IntensitySeries["signalType"];
  readonly emissionFactorType: IntensitySeries["emissionFactorType"];
  readonly sources: readonly ProvenanceSource[];
}

const KIND_ORDER: Record<IntensityKind, number> = { measured: 0, "provider-forecast": 1, "verdant-forecast": 2, "annual-average": 3 };

/** Groups hours by kind, provider, model, issue time and synthetic flag, in a stable order. */
function groupSources(hours: readonly HourProvenance[]): ProvenanceSource[] {
  const groups = new Map<string, ProvenanceSource & { hours: number }>();
  for (const p of hours) {
    const key = [p.kind, p.provider, p.model ?? "", p.forecastIssuedAtMs ?? "", p.synthetic ? 1 : 0].join("|");
    const g = groups.get(key);
    if (g) g.hours++;
    else
      groups.set(key, {
        kind: p.kind,
        hours: 1,
        provider: p.provider,
        ...(p.model !== undefined ? { model: p.model } : {}),
        ...(p.forecastIssuedAtMs !== undefined ? { forecastIssuedAtMs: p.forecastIssuedAtMs } : {}),
        ...(p.synthetic ? { synthetic: true } : {}),
      });
  }
  return [...groups.values()].sort(
    (a, b) =>
      KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
      a.provider.localeCompare(b.provider) ||
      (a.forecastIssuedAtMs ?? 0) - (b.forecastIssuedAtMs ?? 0) ||
      (a.model ?? "").localeCompare(b.model ?? ""),
  );
}

/** Summarizes the provenance of the hours overlapping the window (assumes coverage was checked). */
export function windowProvenance(series: IntensitySeries, startMs: number, durationS: number): WindowProvenance {
  const first = Math.floor((startMs - series.startMs) / HOUR_MS);
  const last = Math.ceil((startMs + durationS * 1000 - series.startMs) / HOUR_MS);
  const hours = series.provenance.slice(Math.max(0, first), Math.min(last, series.provenance.length));
  const measuredHours = hours.filter((p) => p.kind === "measured").length;
  return {
    measuredHours,
    forecastHours: hours.length - measuredHours,
    providers: [...new Set(hours.map((p) => p.provider))].sort(),
    signalType: series.signalType,
    emissionFactorType: series.emissionFactorType,
    sources: groupSources(hours),
  };
}
