import { describe, expect, it } from "vitest";
import { ZoneBlendCache } from "../sim/zone-blend-cache";
import { fitZoneBlend, forecastZoneBlend, ZONE_BLEND_MIN_HISTORY_HOURS } from "./zone-forecast-blend";

// A daily shape plus a slow weekly drift plus a deterministic "weather" wobble.
const series = (days: number) =>
  Array.from({ length: days * 24 }, (_, i) => 300 + 120 * Math.sin((2 * Math.PI * i) / 24) + 40 * Math.sin((2 * Math.PI * i) / 168) + 25 * Math.sin(i / 17));
const mae = (a: readonly number[], b: readonly number[]) => a.reduce((s, v, i) => s + Math.abs(v - (b[i] as number)), 0) / a.length;

/** Seeded uniform numbers in [-0.5, 0.5), so the noisy series is the same on every run. */
function noise(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32 - 0.5;
  };
}

/**
 * A grid whose hours differ by time of day: from 08:00 to 19:59 the value is a fixed daily shape plus
 * fresh noise each hour (solar: yesterday's shape says it all, "now" nothing), at night it follows a
 * slowly wandering level (thermal: "now" carries into the next hours).
 */
function dayNightSeries(days: number): number[] {
  const rnd = noise(7);
  let level = 0;
  return Array.from({ length: days * 24 }, (_, i) => {
    level = 0.95 * level + 60 * rnd();
    const h = i % 24;
    return h >= 8 && h < 20 ? 250 - 150 * Math.sin((Math.PI * (h - 8)) / 12) + 80 * rnd() : 450 + level;
  });
}

/** Pooled 1-24 h MAE of the blend and of same-hour-yesterday over issues every `every` hours from day `fromDay`. */
function backtest(y: readonly number[], fromDay: number, every: number, options = {}): { blend: number; naive: number } {
  let blend = 0;
  let naive = 0;
  let model = null;
  for (let n = fromDay * 24; n + 24 <= y.length; n += every) {
    if (!model || Math.floor(n / 24) * 24 !== model.fittedAtHour) model = fitZoneBlend(y, Math.floor(n / 24) * 24, 24, options)!;
    const f = forecastZoneBlend(model, y, n, 24);
    const actual = y.slice(n, n + 24);
    blend += mae(f, actual);
    naive += mae(
      actual.map((_, k) => y[n + k - 24] as number),
      actual,
    );
  }
  return { blend, naive };
}

describe("learned-blend zone forecaster", () => {
  it("needs four weeks of history and then fits one weight vector per hour ahead and target hour of day", () => {
    const y = series(60);
    expect(ZONE_BLEND_MIN_HISTORY_HOURS).toBe(28 * 24);
    expect(fitZoneBlend(y, ZONE_BLEND_MIN_HISTORY_HOURS - 1, 24)).toBeNull();
    const model = fitZoneBlend(y, 40 * 24, 24);
    expect(model?.weights).toHaveLength(24);
    for (const perHour of model!.weights) expect(perHour).toHaveLength(24);
    expect(model?.fittedAtHour).toBe(40 * 24);
  });

  it("beats same-hour-yesterday on a series with a daily shape, a weekly drift and persistent deviations", () => {
    const { blend, naive } = backtest(series(70), 50, 5);
    expect(blend).toBeLessThan(0.5 * naive);
  });

  it("learns different weights by target hour of day, and that beats one weight set for all hours", () => {
    const y = dayNightSeries(90);
    const model = fitZoneBlend(y, 80 * 24, 24)!;
    // One hour ahead, a jump in the last measured hour carries into a night hour and not into a noon hour.
    const oneAhead = (n: number, bump: number) =>
      forecastZoneBlend(
        model,
        y.map((v, i) => (i === n - 1 ? v + bump : v)),
        n,
        1,
      )[0]!;
    const night = 80 * 24 + 2;
    const noon = 80 * 24 + 14;
    expect(oneAhead(night, 100) - oneAhead(night, 0)).toBeGreaterThan(50);
    expect(Math.abs(oneAhead(noon, 100) - oneAhead(noon, 0))).toBeLessThan(30);
    const perHour = backtest(y, 70, 7);
    const pooled = backtest(y, 70, 7, { hourSpread: 11 });
    expect(perHour.blend).toBeLessThan(0.98 * pooled.blend);
    expect(perHour.blend).toBeLessThan(0.95 * perHour.naive);
  });

  it("keeps the hour of day when the forecast's series starts at another hour than the fitted one", () => {
    const y = dayNightSeries(60);
    const n = 50 * 24 + 9;
    const model = fitZoneBlend(y, 50 * 24, 48)!;
    const full = forecastZoneBlend(model, y, n, 48);
    // The same hours, read from a window that starts 5 hours later: the caller says where it starts.
    expect(forecastZoneBlend(model, y.slice(5), n - 5, 48, 5)).toEqual(full);
    expect(forecastZoneBlend(model, y.slice(5), n - 5, 48)).not.toEqual(full);
    // Fitting on the shifted window (the same rows: a window inside both) with its start hour gives the same forecast.
    const options = { fitDays: 14 };
    const fullFit = forecastZoneBlend(fitZoneBlend(y, 50 * 24, 48, options)!, y, n, 48);
    const shiftedFit = fitZoneBlend(y.slice(5), 50 * 24 - 5, 48, { ...options, startHourOfDay: 5 })!;
    expect(forecastZoneBlend(shiftedFit, y.slice(5), n - 5, 48, 5)).toEqual(fullFit);
  });

  it("never uses hours at or after the issue time", () => {
    const y = series(50);
    const n = 45 * 24 + 7;
    const model = fitZoneBlend(y, 45 * 24, 24)!;
    const before = forecastZoneBlend(model, y, n, 48);
    const altered = y.map((v, i) => (i >= n ? v * 3 + 500 : v));
    expect(forecastZoneBlend(fitZoneBlend(altered, 45 * 24, 24)!, altered, n, 48)).toEqual(before);
    expect(before.every((v) => v >= 0)).toBe(true);
  });

  it("measures its own error per horizon band on the history before the simulated period, not after", () => {
    const y = series(60);
    const cache = new ZoneBlendCache(y);
    const buckets = cache.errorBuckets(50 * 24)!;
    expect(buckets.map((b) => b.fromHours)).toEqual([0, 6, 12, 24, 48, 96]);
    expect(buckets.at(-1)?.toHours).toBe(Number.POSITIVE_INFINITY);
    for (let i = 1; i < buckets.length; i++) expect(buckets[i]!.relativeErrorPct).toBeGreaterThanOrEqual(buckets[i - 1]!.relativeErrorPct);
    expect(buckets[0]!.relativeErrorPct).toBeGreaterThan(0);
    const changedFuture = new ZoneBlendCache(y.map((v, i) => (i >= 50 * 24 ? v * 2 : v))).errorBuckets(50 * 24)!;
    expect(changedFuture).toEqual(buckets);
    expect(new ZoneBlendCache(y.slice(0, 20 * 24)).errorBuckets(20 * 24)).toBeNull();
  });
});
