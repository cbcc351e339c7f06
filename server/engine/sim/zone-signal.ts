/**
 * What the simulator knows about a zone's grid: the measured truth (used for accounting only) and the
 * intensity series a policy sees at decision time: the last 24 measured hours, then a forecast issued
 * at the start of the current hour (noisy truth or the history-only forecaster: the learned blend once
 * the zone has four weeks of history, the seasonal-level forecaster before), then, past the
 * forecast horizon, the forecast's last day repeated (a seasonal-naive tail, so long jobs can be
 * priced at all). The forecast never contains the future truth itself. Forecasts depend only on
 * (seed, zone, hour), so every policy sees the same forecasts.
 * Hours outside the measured series (e.g. a drain after the period) repeat its first/last week.
 */
import { createIntensitySeries, HOUR_MS, type HourProvenance, type IntensitySeries } from "../carbon/series";
import type { ForecastErrorBucket } from "../coordinator/deferral-check";
import { noisyTruthForecast } from "../estimate/noisy-forecast";
import { forecastZoneIntensity, ZONE_FORECAST_MODEL } from "../estimate/zone-forecast";
import { ZONE_BLEND_FORECAST_MODEL } from "../estimate/zone-forecast-blend";
import { createRng, mixSeed } from "../model/rng";
import type { SimForecastOptions, SimZoneSeries } from "./types";
import { ZoneBlendCache } from "./zone-blend-cache";

const WEEK = 168;

/** Measured truth of one zone with wrap-around outside its range. */
export class ZoneTruth {
  readonly values: readonly number[];
  /** Mean of the whole series (the fallback "annual average" before any hour is measured). */
  readonly mean: number;
  /** The learned-blend forecaster's daily fits and measured error, shared by every policy run. */
  readonly blend: ZoneBlendCache;
  constructor(readonly series: SimZoneSeries) {
    this.blend = new ZoneBlendCache(series.gCo2ePerKwh);
    this.values = series.gCo2ePerKwh;
    this.mean = this.values.reduce((a, b) => a + b, 0) / Math.max(1, this.values.length);
  }
  /** Hour index of an instant (relative to the series start). */
  hourOf(ms: number): number {
    return Math.floor((ms - this.series.startMs) / HOUR_MS);
  }
  /** Measured gCO2e/kWh of hour `i` (wraps by whole weeks outside the series). */
  at(i: number): number {
    const n = this.values.length;
    if (i >= 0 && i < n) return this.values[i] as number;
    const w = Math.min(WEEK, n);
    if (i < 0) return this.values[(((i % w) + w) % w) as number] as number;
    return this.values[n - w + ((i - n) % w)] as number;
  }
}

/** Builds and caches the series policies see, per zone and issue hour. */
export class ForecastBook {
  private readonly cache = new Map<string, { hour: number; forecast: number[]; model: string; series: IntensitySeries | null; hours: number }>();
  /** Position of each zone in the truths map (seeds each zone's noise stream). */
  private readonly zoneIndex: ReadonlyMap<string, number>;
  constructor(
    private readonly truths: ReadonlyMap<string, ZoneTruth>,
    private readonly options: SimForecastOptions,
    private readonly seed: number,
    /** Start of the simulated period: the forecaster's error is measured on the history before it. */
    private readonly startMs?: number,
  ) {
    this.zoneIndex = new Map([...truths.keys()].map((zone, i) => [zone, i]));
    this.forecastError = this.noisyTruthErrorBuckets();
  }

  private forecastFor(zone: string, truth: ZoneTruth, hour: number): { forecast: number[]; model: string } {
    const horizon = Math.max(1, this.options.horizonHours);
    const zoneIndex = this.zoneIndex.get(zone) ?? -1;
    if (this.options.method === "noisy-truth") {
      const window = Array.from({ length: horizon }, (_, k) => truth.at(hour + k));
      const forecast = noisyTruthForecast(window, 0, horizon, this.options.noiseSigma, createRng(mixSeed(mixSeed(this.seed, zoneIndex), hour)));
      return { forecast, model: "" };
    }
    const blended = truth.blend.forecast(hour, horizon);
    if (blended) return { forecast: blended, model: ZONE_BLEND_FORECAST_MODEL };
    const from = Math.max(0, hour - 14 * 24);
    // No measured hour yet (a run that starts with its data): the zone's average over its whole series,
    // like the control loop's annual-average fallback; never the future hours themselves.
    if (hour - from <= 0) return { forecast: new Array<number>(horizon).fill(truth.mean), model: ZONE_FORECAST_MODEL };
    const history = Array.from({ length: hour - from }, (_, k) => truth.at(from + k));
    const forecast = forecastZoneIntensity(history, truth.series.startMs + from * HOUR_MS, truth.series.startMs + hour * HOUR_MS, horizon);
    return { forecast, model: ZONE_FORECAST_MODEL };
  }

  /**
   * The forecast error a deferral check should allow for, per horizon band. For the noisy-truth
   * method it is known exactly: the mean absolute value of N(0, sigma x sqrt(h / 24)) is
   * sigma x sqrt(h / 24) x sqrt(2 / pi), taken at each band's far end (the conservative side). For the
   * history-only forecaster it is per zone ({@link errorFor}); this field is then undefined.
   */
  readonly forecastError: readonly ForecastErrorBucket[] | undefined;

  /**
   * The error a zone's deferral checks allow for. Noisy truth: {@link forecastError}. Forecaster: the
   * learned blend's error measured on the two weeks before the simulated period (the same rule the
   * control loop applies with a zone's stored forecast errors); undefined without that history, so the
   * coordinator's conservative default applies, as live for a zone without measurements.
   */
  errorFor(zone: string): readonly ForecastErrorBucket[] | undefined {
    if (this.options.method === "noisy-truth") return this.forecastError;
    const truth = this.truths.get(zone);
    if (!truth || this.startMs === undefined) return undefined;
    return truth.blend.errorBuckets(truth.hourOf(this.startMs)) ?? undefined;
  }

  private noisyTruthErrorBuckets(): ForecastErrorBucket[] | undefined {
    if (this.options.method !== "noisy-truth") return undefined;
    const bands = [0, 6, 12, 24, 48, 96, 168];
    const mae = (hours: number) => 100 * this.options.noiseSigma * Math.sqrt(hours / 24) * Math.sqrt(2 / Math.PI);
    return bands.map((from, i) => {
      const to = bands[i + 1] ?? Number.POSITIVE_INFINITY;
      // Past the forecast horizon the tail repeats the last forecast day, whose error is the horizon's.
      const farEnd = Math.min(Number.isFinite(to) ? to : from * 2, Math.max(1, this.options.horizonHours));
      return { fromHours: from, toHours: to, relativeErrorPct: mae(farEnd) };
    });
  }

  /** The series a decision at `nowMs` sees, covering at least until `coverUntilMs`. */
  seriesAt(zone: string, nowMs: number, coverUntilMs: number): IntensitySeries {
    const truth = this.truths.get(zone);
    if (!truth) throw new Error(`zone ${zone} has no series`);
    const hour = truth.hourOf(nowMs);
    let entry = this.cache.get(zone);
    if (!entry || entry.hour !== hour) {
      entry = { hour, ...this.forecastFor(zone, truth, hour), series: null, hours: 0 };
      this.cache.set(zone, entry);
    }
    const needHours = Math.ceil((coverUntilMs - (truth.series.startMs + hour * HOUR_MS)) / HOUR_MS) + 1;
    if (!entry.series || entry.hours < needHours) {
      let hours = Math.max(entry.forecast.length, 64);
      while (hours < needHours) hours *= 2;
      entry.series = this.build(truth, hour, entry.forecast, entry.model, hours);
      entry.hours = hours;
    }
    return entry.series;
  }

  private build(truth: ZoneTruth, hour: number, forecast: readonly number[], model: string, hours: number): IntensitySeries {
    const s = truth.series;
    const base = { provider: s.provider, signalType: "average" as const, emissionFactorType: s.emissionFactorType };
    const measured: HourProvenance = { kind: "measured", ...base };
    // Noisy truth stands for a provider's forecast but is made up from the measured values (synthetic);
    // the history-only method is Verdant's own forecaster.
    const issued = { ...base, forecastIssuedAtMs: s.startMs + hour * HOUR_MS };
    const predicted: HourProvenance =
      this.options.method === "noisy-truth" ? { kind: "provider-forecast", ...issued, synthetic: true } : { kind: "verdant-forecast", ...issued, model };
    const values: number[] = [];
    const provenance: HourProvenance[] = [];
    for (let k = 24; k > 0; k--) {
      values.push(truth.at(hour - k));
      provenance.push(measured);
    }
    const f = forecast.length;
    for (let k = 0; k < hours; k++) {
      values.push(k < f ? (forecast[k] as number) : (forecast[f - Math.min(24, f) + ((k - f) % Math.min(24, f))] as number));
      provenance.push(predicted);
    }
    return createIntensitySeries({ zone: s.zone, startMs: s.startMs + (hour - 24) * HOUR_MS, gCo2ePerKwh: values, provenance });
  }
}
