/**
 * Fills the hours of a zone's scheduling series that neither a measured value nor a feed forecast
 * covers, using a forecaster fitted on that zone's own measured history (so a fleet whose feed
 * stopped, or a demo days after its seed, schedules on a daily pattern instead of a flat annual
 * average). With four weeks of history the zone gets the learned blend (the forecaster measured on
 * held-out 2023 data in docs/benchmarks/carbon-held-out.md); with one day to four weeks, the
 * seasonal-level forecaster; with less, no fill and the caller keeps the annual average. Each fill
 * names its model. Results are cached per database, zone and series hour: the scheduling loop runs
 * every few seconds, a fit needs one query and a few milliseconds, and the answer changes hourly.
 */
import {
  fitZoneBlend,
  forecastZoneBlend,
  forecastZoneIntensity,
  HOUR_MS,
  ZONE_BLEND_FORECAST_MODEL,
  ZONE_BLEND_MIN_HISTORY_HOURS,
  ZONE_FORECAST_MODEL,
  type ZoneBlendModel,
} from "../engine";
import type { Db } from "../db/client";
import { findMeasuredHistory, type MeasuredSample } from "../repositories/fleet-repository";

/** Provider named in the provenance of forecaster hours. */
export const FORECASTER_PROVIDER = "verdant-forecaster";
/**
 * Days of measured history read: the blend's four weeks of features plus 168 days to fit on (its
 * default, the setting measured held out). The seasonal-level forecaster reads only the last 8 days.
 */
const HISTORY_DAYS = ZONE_BLEND_MIN_HISTORY_HOURS / 24 + 168;
/** Days the seasonal-level forecaster sees (its 7-day profile plus a day for gaps). */
const SEASONAL_HISTORY_DAYS = 8;
/** Hours ahead the blend's weights are fitted for; later hours repeat its last fitted day (as in the simulator). */
const BLEND_FIT_HORIZON_HOURS = 48;
/** Fewer measured hours than this (one day) in the window: no fill, the annual average stays. */
export const MIN_HISTORY_HOURS = 24;
/** Cached fills per database before the cache is cleared (zones x distinct series hours). */
const CACHE_LIMIT = 512;

/** Forecaster values for every hour of the series window, and when they were computed. */
export interface ZoneFill {
  values: number[];
  issuedAtMs: number;
  /** Versioned name of the forecaster that made the values. */
  model: string;
}

const cache = new WeakMap<Db, Map<string, ZoneFill | null>>();

/** A zone's measured history as a gap-free hourly array (gaps carry the previous hour forward). */
function hourlyHistory(rows: { at: Date; gCo2ePerKwh: number }[]): { startMs: number; values: number[] } {
  const startMs = rows[0]!.at.getTime();
  const values = new Array<number>((rows.at(-1)!.at.getTime() - startMs) / HOUR_MS + 1);
  for (const r of rows) values[(r.at.getTime() - startMs) / HOUR_MS] = r.gCo2ePerKwh;
  for (let i = 1; i < values.length; i++) values[i] ??= values[i - 1]!;
  return { startMs, values };
}

/**
 * Blend weights per zone and UTC day: refitted once a day, as the simulator does, because a fit over
 * 196 days takes tens of milliseconds per zone while a forecast with fitted weights takes microseconds.
 */
const blendModels = new WeakMap<Db, Map<string, ZoneBlendModel | null>>();

function dailyBlend(db: Db, zoneId: string, values: number[], startHourOfDay: number, endMs: number): ZoneBlendModel | null {
  let models = blendModels.get(db);
  if (!models || models.size > CACHE_LIMIT) blendModels.set(db, (models = new Map()));
  const key = `${zoneId}@${Math.floor(endMs / (24 * HOUR_MS))}`;
  if (!models.has(key)) models.set(key, fitZoneBlend(values, values.length, BLEND_FIT_HORIZON_HOURS, { startHourOfDay }));
  return models.get(key)!;
}

/** The forecast of `horizon` hours after a gap-free history: the blend when it can be fitted, else the seasonal level. */
function forecastAfter(
  db: Db,
  zoneId: string,
  history: { startMs: number; values: number[] },
  measuredHours: number,
  horizon: number,
): { forecast: number[]; model: string } {
  const n = history.values.length;
  const endMs = history.startMs + n * HOUR_MS;
  // The weights are kept per UTC hour of day, and this window's first hour moves as the day goes on.
  const startHourOfDay = new Date(history.startMs).getUTCHours();
  // Four weeks of actually measured hours (not carried-forward gaps) before the blend is trusted.
  const blend = measuredHours >= ZONE_BLEND_MIN_HISTORY_HOURS ? dailyBlend(db, zoneId, history.values, startHourOfDay, endMs) : null;
  if (blend) return { forecast: forecastZoneBlend(blend, history.values, n, horizon, startHourOfDay), model: ZONE_BLEND_FORECAST_MODEL };
  const recent = history.values.slice(Math.max(0, n - SEASONAL_HISTORY_DAYS * 24));
  return { forecast: forecastZoneIntensity(recent, endMs - recent.length * HOUR_MS, endMs, horizon), model: ZONE_FORECAST_MODEL };
}

/** The fill of one zone for hours [startMs, startMs + hours h), or null with too little recent history. */
function fillFrom(db: Db, zoneId: string, rows: { at: Date; gCo2ePerKwh: number }[], startMs: number, hours: number, nowMs: number): ZoneFill | null {
  const recentFromMs = startMs - SEASONAL_HISTORY_DAYS * 24 * HOUR_MS;
  if (rows.filter((r) => r.at.getTime() >= recentFromMs).length < MIN_HISTORY_HOURS) return null;
  const history = hourlyHistory(rows);
  const endMs = history.startMs + history.values.length * HOUR_MS;
  const horizon = Math.max(0, (startMs + hours * HOUR_MS - endMs) / HOUR_MS);
  const { forecast, model } = forecastAfter(db, zoneId, history, rows.length, horizon);
  const values = Array.from({ length: hours }, (_, h) => {
    const at = startMs + h * HOUR_MS;
    // Hours after the history are forecast; a gap inside it takes the carried-forward value.
    return at >= endMs ? forecast[(at - endMs) / HOUR_MS]! : history.values[Math.max(0, (at - history.startMs) / HOUR_MS)]!;
  });
  return { values, issuedAtMs: nowMs, model };
}

/**
 * Forecaster fills for `zones` over the hourly window starting at `startMs` (hour-aligned), from each
 * zone's measured samples of its own signal type before `nowMs`. A zone maps to null when it has
 * fewer than {@link MIN_HISTORY_HOURS} measured hours in the days read.
 */
export async function forecastFills(
  db: Db,
  zones: { id: string; signalType: MeasuredSample["signalType"] }[],
  startMs: number,
  hours: number,
  nowMs: number,
): Promise<Map<string, ZoneFill | null>> {
  let cached = cache.get(db);
  if (!cached || cached.size > CACHE_LIMIT) cache.set(db, (cached = new Map()));
  const key = (zoneId: string) => `${zoneId}@${startMs}@${hours}`;
  const missing = zones.filter((z) => !cached.has(key(z.id)));
  if (missing.length > 0) {
    const rows = await findMeasuredHistory(
      db,
      missing.map((z) => z.id),
      new Date(startMs - HISTORY_DAYS * 24 * HOUR_MS),
      new Date(nowMs),
    );
    for (const zone of missing) {
      const own = rows.filter((r) => r.zoneId === zone.id && r.signalType === zone.signalType);
      cached.set(key(zone.id), fillFrom(db, zone.id, own, startMs, hours, nowMs));
    }
  }
  return new Map(zones.map((z) => [z.id, cached.get(key(z.id)) ?? null]));
}
