/**
 * Carbon-intensity forecaster for a zone without a forecast feed: seasonal profile + level + damped
 * persistence, fitted on the measured history only (never on values at or after the issue time).
 *
 *   forecast(t) = level + season[hourOfDay(t)] + residual x phi^(hours ahead)
 *
 * - season[h]: mean over the last `seasonDays` whole days of (value at hour h - that day's mean), the
 *   daily shape (solar dip, evening peak);
 * - level: exponentially weighted mean of those days' means (recent days weigh more), the slow drift
 *   (weather systems, seasons);
 * - residual: how far the last measured hour sat from level + season; it decays with `phi` per hour
 *   ahead, so the first hours follow what is happening now and later ones fall back to the pattern.
 * A pure 24 h periodic series is forecast exactly (every day equal: residual 0, season exact).
 * With less than one day of history it falls back to persistence of the last value (or 0 when empty).
 */

import { HOUR_MS } from "../carbon/series";

/** Name and version of this forecaster, recorded with every hour it fills ("verdant-forecast" provenance). */
export const ZONE_FORECAST_MODEL = "seasonal-level-persistence@1";

/** Tuning of {@link forecastZoneIntensity}. */
export interface ZoneForecastOptions {
  /** Whole days of history the daily profile averages over (default 7). */
  readonly seasonDays?: number;
  /** Weight of the newest day in the level's exponential smoothing, 0..1 (default 0.5). */
  readonly levelAlpha?: number;
  /** Per-hour decay of the last residual, 0..1 (default 0.85). */
  readonly phi?: number;
}

/**
 * Forecasts `horizonHours` hourly values starting with the hour that contains `fromMs` (aligned to
 * the history's hour grid). Only history hours that ended by then are used. Values are gCO2e/kWh >= 0.
 */
export function forecastZoneIntensity(
  history: readonly number[],
  historyStartMs: number,
  fromMs: number,
  horizonHours: number,
  options: ZoneForecastOptions = {},
): number[] {
  const firstHour = Math.floor((fromMs - historyStartMs) / HOUR_MS);
  const usable = Math.max(0, Math.min(history.length, firstHour));
  const out = new Array<number>(Math.max(0, horizonHours));
  if (usable === 0) return out.fill(0);
  const last = history[usable - 1] as number;
  const days = Math.min(options.seasonDays ?? 7, Math.floor(usable / 24));
  if (days === 0) return out.fill(last);
  const alpha = options.levelAlpha ?? 0.5;
  const phi = options.phi ?? 0.85;
  // Profiles are taken over the last `days` x 24 hours, indexed by hour of day of the grid.
  const begin = usable - days * 24;
  const season = new Float64Array(24);
  let level = 0;
  for (let d = 0; d < days; d++) {
    let sum = 0;
    for (let h = 0; h < 24; h++) sum += history[begin + d * 24 + h] as number;
    const mean = sum / 24;
    for (let h = 0; h < 24; h++) {
      const i = begin + d * 24 + h;
      const hod = ((i % 24) + 24) % 24;
      season[hod] = (season[hod] as number) + ((history[i] as number) - mean) / days;
    }
    level = d === 0 ? mean : alpha * mean + (1 - alpha) * level;
  }
  const hourOfDay = (i: number) => ((i % 24) + 24) % 24;
  const residual = last - (level + (season[hourOfDay(usable - 1)] as number));
  for (let k = 0; k < out.length; k++) {
    const i = firstHour + k;
    const ahead = i - (usable - 1);
    out[k] = Math.max(0, level + (season[hourOfDay(i)] as number) + residual * Math.pow(phi, ahead));
  }
  return out;
}
