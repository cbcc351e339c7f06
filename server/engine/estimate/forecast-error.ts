/**
 * Forecast accuracy against the measured series: mean absolute error, root mean square error, bias
 * (mean of forecast - actual) and mean absolute percentage error, over the hours both cover.
 */

import { HOUR_MS } from "../carbon/series";
import { forecastZoneIntensity, type ZoneForecastOptions } from "./zone-forecast";

/** Error figures of a forecast (gCO2e/kWh unless named %). */
export interface ForecastError {
  readonly hours: number;
  readonly maeG: number;
  readonly rmseG: number;
  readonly biasG: number;
  /** Over hours whose actual value is > 0. */
  readonly mapePct: number;
}

/** Compares a forecast with the actual values hour by hour (the shorter length wins). */
export function measureForecastError(forecast: readonly number[], actual: readonly number[]): ForecastError {
  const n = Math.min(forecast.length, actual.length);
  let abs = 0;
  let sq = 0;
  let bias = 0;
  let pct = 0;
  let pctN = 0;
  for (let i = 0; i < n; i++) {
    const e = (forecast[i] as number) - (actual[i] as number);
    abs += Math.abs(e);
    sq += e * e;
    bias += e;
    if ((actual[i] as number) > 0) {
      pct += Math.abs(e) / (actual[i] as number);
      pctN++;
    }
  }
  return n === 0
    ? { hours: 0, maeG: 0, rmseG: 0, biasG: 0, mapePct: 0 }
    : { hours: n, maeG: abs / n, rmseG: Math.sqrt(sq / n), biasG: bias / n, mapePct: pctN > 0 ? (100 * pct) / pctN : 0 };
}

/**
 * Backtest of {@link forecastZoneIntensity} on one measured series: a forecast issued every
 * `issueEveryHours` (after `warmupHours` of history) for `horizonHours`, all errors pooled.
 */
export function backtestZoneForecast(
  series: readonly number[],
  startMs: number,
  horizonHours: number,
  options: ZoneForecastOptions & { readonly issueEveryHours?: number; readonly warmupHours?: number } = {},
): ForecastError {
  const every = options.issueEveryHours ?? 24;
  const forecast: number[] = [];
  const actual: number[] = [];
  for (let h = options.warmupHours ?? 7 * 24; h + horizonHours <= series.length; h += every) {
    forecast.push(...forecastZoneIntensity(series, startMs, startMs + h * HOUR_MS, horizonHours, options));
    actual.push(...series.slice(h, h + horizonHours));
  }
  return measureForecastError(forecast, actual);
}
