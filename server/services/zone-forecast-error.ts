/**
 * Each zone's measured forecast error by horizon, for the scheduler's deferral check: the stored
 * forecasts of the last {@link ERROR_WINDOW_DAYS} days against the values measured later for the
 * same hours (server/carbon-feeds/forecast-accuracy.ts), as a mean absolute percentage error per
 * horizon bucket. A bucket with fewer than {@link MIN_PAIRS} pairs is left out, so the engine uses its
 * conservative default there. Cached per database, zone and hour (the answer changes hourly at most).
 */
import { HOUR_MS, type ForecastErrorBucket } from "../engine";
import type { Db } from "../db/client";
import { loadForecastAccuracy } from "../carbon-feeds/forecast-accuracy";

/** Days of stored forecasts compared. */
export const ERROR_WINDOW_DAYS = 14;
/** Fewest forecast/measurement pairs for a bucket to count as measured (one day of hours). */
export const MIN_PAIRS = 24;
/** Cached answers per database before the cache is cleared. */
const CACHE_LIMIT = 256;

const cache = new WeakMap<Db, Map<string, ForecastErrorBucket[]>>();

/** The measured buckets of one zone (possibly empty). */
async function zoneBuckets(db: Db, zoneId: string, nowMs: number): Promise<ForecastErrorBucket[]> {
  const accuracy = await loadForecastAccuracy(db, zoneId, new Date(nowMs - ERROR_WINDOW_DAYS * 24 * HOUR_MS), new Date(nowMs));
  return accuracy.buckets
    .filter((b) => b.pairs >= MIN_PAIRS && b.mapePct !== null)
    .map((b) => ({ fromHours: b.fromHours, toHours: b.toHours, relativeErrorPct: b.mapePct as number }));
}

/** Measured forecast-error buckets of each zone at `nowMs` (zones without any map to an empty list). */
export async function zoneForecastErrors(db: Db, zoneIds: readonly string[], nowMs: number): Promise<Map<string, ForecastErrorBucket[]>> {
  let cached = cache.get(db);
  if (!cached || cached.size > CACHE_LIMIT) cache.set(db, (cached = new Map()));
  const hour = Math.floor(nowMs / HOUR_MS);
  const key = (zoneId: string) => `${zoneId}@${hour}`;
  const missing = zoneIds.filter((id) => !cached.has(key(id)));
  const loaded = await Promise.all(missing.map(async (id) => [id, await zoneBuckets(db, id, nowMs)] as const));
  for (const [id, buckets] of loaded) cached.set(key(id), buckets);
  return new Map(zoneIds.map((id) => [id, cached.get(key(id)) ?? []]));
}
