/**
 * The simulator's use of the learned-blend forecaster for one zone: weights refitted once per day at
 * midnight of the series' hour grid on the hours measured by then (as a live fleet would refit
 * nightly), and the forecaster's own error per horizon band, measured by a backtest on the two weeks
 * before the simulated period (so deferral checks allow for the error the forecaster really has, not
 * a default). Kept per zone series and shared by every policy run of a simulation.
 */
import type { ForecastErrorBucket } from "../coordinator/deferral-check";
import { fitZoneBlend, forecastZoneBlend, ZONE_BLEND_MIN_HISTORY_HOURS, type ZoneBlendModel } from "../estimate/zone-forecast-blend";

/** Hours ahead the weights are fitted for; later hours repeat the last fitted day. */
export const BLEND_FIT_HORIZON_HOURS = 48;
/** Horizon bands of the measured error, as the live loop stores them (hours ahead of the issue). */
export const ERROR_BANDS_HOURS = [0, 6, 12, 24, 48, 96, 168] as const;
/** Days before the simulated period the error is measured on, and hours between backtest issues. */
const ERROR_DAYS = 14;
const ERROR_ISSUE_EVERY_HOURS = 6;

/** Blend models and error buckets of one zone's measured series. */
export class ZoneBlendCache {
  private readonly models = new Map<number, ZoneBlendModel | null>();
  private errors: readonly ForecastErrorBucket[] | null | undefined;
  constructor(private readonly values: readonly number[]) {}

  /** The model a forecast issued at hour `hour` uses (fitted at that day's first hour), or null without enough history. */
  modelAt(hour: number): ZoneBlendModel | null {
    const day = Math.floor(hour / 24);
    const fitAt = day * 24;
    if (fitAt < ZONE_BLEND_MIN_HISTORY_HOURS || fitAt > this.values.length) return null;
    let model = this.models.get(day);
    if (model === undefined) {
      model = fitZoneBlend(this.values, fitAt, BLEND_FIT_HORIZON_HOURS);
      this.models.set(day, model);
    }
    return model;
  }

  /** Forecast of `horizonHours` hours from `hour` on, or null when the blend cannot be used there. */
  forecast(hour: number, horizonHours: number): number[] | null {
    if (hour > this.values.length) return null;
    const model = this.modelAt(hour);
    return model ? forecastZoneBlend(model, this.values, hour, horizonHours) : null;
  }

  /**
   * Relative mean absolute error (sum |forecast - actual| / sum actual, %) per horizon band, from
   * forecasts issued every 6 h over the 14 days before `startHour` (targets before it too), each
   * extended to 168 h with the seasonal tail the simulator uses. Null when that history is too short.
   */
  errorBuckets(startHour: number): readonly ForecastErrorBucket[] | null {
    if (this.errors !== undefined) return this.errors;
    const last = ERROR_BANDS_HOURS[ERROR_BANDS_HOURS.length - 1] as number;
    const abs = new Float64Array(ERROR_BANDS_HOURS.length - 1);
    const act = new Float64Array(ERROR_BANDS_HOURS.length - 1);
    const end = Math.min(startHour, this.values.length);
    let issues = 0;
    for (let n = end - ERROR_DAYS * 24; n < end; n += ERROR_ISSUE_EVERY_HOURS) {
      const f = n >= 0 ? this.forecast(n, last) : null;
      if (!f) continue;
      issues++;
      for (let k = 0; k < f.length && n + k < end; k++) {
        const band = ERROR_BANDS_HOURS.findIndex((from, i) => k + 1 > from && k + 1 <= (ERROR_BANDS_HOURS[i + 1] ?? Infinity));
        if (band < 0 || band >= abs.length) continue;
        const actual = this.values[n + k] as number;
        abs[band] = (abs[band] as number) + Math.abs((f[k] as number) - actual);
        act[band] = (act[band] as number) + actual;
      }
    }
    let previous = 0;
    this.errors =
      issues === 0
        ? null
        : ERROR_BANDS_HOURS.slice(0, -1).map((from, i) => {
            // A band no backtest target reached (far hours near the start) takes the nearer band's error.
            const pct = (act[i] as number) > 0 ? (100 * (abs[i] as number)) / (act[i] as number) : previous;
            previous = Math.max(previous, pct);
            const to = i === ERROR_BANDS_HOURS.length - 2 ? Number.POSITIVE_INFINITY : (ERROR_BANDS_HOURS[i + 1] as number);
            return { fromHours: from, toHours: to, relativeErrorPct: previous };
          });
    return this.errors;
  }
}
