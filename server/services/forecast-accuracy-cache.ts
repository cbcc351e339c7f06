/**
 * Forecast accuracy per zone for the Carbon page, cached for a few minutes. Accuracy compares 30 days
 * of forecasts with what was then measured, in hour-aligned windows: within an hour it changes only
 * when a late sample lands, yet computing it reads two month-long series per zone on every page
 * view and every minute's refresh (most of the page's server time on a busy fleet).
 */
import type { Db } from "../db/client";
import { loadForecastAccuracy, type ForecastAccuracy } from "../carbon-feeds";

/** How long one computed accuracy is served before it is read again. */
export const ACCURACY_TTL_MS = 5 * 60_000;
/** Cached entries per database before the cache is cleared (zones x distinct windows). */
const CACHE_LIMIT = 512;

const cache = new WeakMap<Db, Map<string, { atMs: number; value: Promise<ForecastAccuracy> }>>();

/** `loadForecastAccuracy` for [from, to), reused for {@link ACCURACY_TTL_MS} of `nowMs` per zone and window. */
export function cachedForecastAccuracy(db: Db, zoneId: string, from: Date, to: Date, nowMs: number): Promise<ForecastAccuracy> {
  let entries = cache.get(db);
  if (!entries || entries.size > CACHE_LIMIT) cache.set(db, (entries = new Map()));
  const key = `${zoneId}@${from.getTime()}@${to.getTime()}`;
  const hit = entries.get(key);
  if (hit && nowMs - hit.atMs >= 0 && nowMs - hit.atMs < ACCURACY_TTL_MS) return hit.value;
  const value = loadForecastAccuracy(db, zoneId, from, to);
  entries.set(key, { atMs: nowMs, value });
  // A failed read is not kept: the next view tries again.
  value.catch(() => entries.get(key)?.value === value && entries.delete(key));
  return value;
}
