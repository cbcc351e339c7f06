import { describe, expect, it } from "vitest";
import { ZoneBlendCache } from "../sim/zone-blend-cache";
import { fitZoneBlend, forecastZoneBlend, ZONE_BLEND_MIN_HISTORY_HOURS } from "./zone-forecast-blend";

// A daily shape plus a slow weekly drift plus a deterministic "weather" wobble, 60 days long.
const series = (days: number) =>
  Array.from({ length: days * 24 }, (_, i) => 300 + 120 * Math.sin((2 * Math.PI * i) / 24) + 40 * Math.sin((2 * Math.PI * i) / 168) + 25 * Math.sin(i / 17));
const mae = (a: readonly number[], b: readonly number[]) => a.reduce((s, v, i) => s + Math.abs(v - (b[i] as number)), 0) / a.length;

describe("learned-blend zone forecaster", () => {
  it("needs three weeks of history and then fits one weight vector per hour ahead", () => {
    const y = series(60);
    expect(fitZoneBlend(y, ZONE_BLEND_MIN_HISTORY_HOURS - 1, 24)).toBeNull();
    const model = fitZoneBlend(y, 40 * 24, 24);
    expect(model?.weights).toHaveLength(24);
    expect(model?.fittedAtHour).toBe(40 * 24);
  });

  it("beats same-hour-yesterday on a series with a daily shape, a weekly drift and persistent deviations", () => {
    const y = series(70);
    let blend = 0;
    let naive = 0;
    for (let n = 50 * 24; n + 24 <= y.length; n += 5) {
      const model = fitZoneBlend(y, Math.floor(n / 24) * 24, 24)!;
      const f = forecastZoneBlend(model, y, n, 24);
      const actual = y.slice(n, n + 24);
      blend += mae(f, actual);
      naive += mae(
        actual.map((_, k) => y[n + k - 24] as number),
        actual,
      );
    }
    expect(blend).toBeLessThan(0.5 * naive);
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
