/**
 * Forecast accuracy per zone for the Carbon page, computed again only when its samples change.
 * Accuracy compares 30 days of forecasts with what was then measured: reading and pairing those
 * series for every zone on every page view and every minute's refresh was most of the page's server
 * time on a busy fleet, although the samples change at most a few times an hour.
 */
import type { Db } from "../db/client";
import { loadForecastAccuracy, type ForecastAccuracy } from "../carbon-feeds";

/** Cached entries per database before the cache is cleared (zones x distinct windows). */
const CACHE_LIMIT = 512;

const cache = new WeakMap<Db, Map<string, Promise<ForecastAccuracy>>>();

/**
 * `loadForecastAccuracy` for [from, to), reused while the zone's samples in that window have the
 * same `fingerprint` (see readIntensityFingerprints), so the answer is never older than the data.
 */
export function cachedForecastAccuracy(db: Db, zoneId: string, from: Date, to: Date, fingerprint: string): Promise<ForecastAccuracy> {
  let entries = cache.get(db);
  if (!entries || entries.size > CACHE_LIMIT) cache.set(db, (entries = new Map()));
  const key = `${zoneId}@${from.getTime()}@${to.getTime()}@${fingerprint}`;
  const hit = entries.get(key);
  if (hit) return hit;
  const value = loadForecastAccuracy(db, zoneId, from, to);
  entries.set(key, value);
  // A failed read is not kept: the next view tries again.
  value.catch(() => entries.get(key) === value && entries.delete(key));
  return value;
}
