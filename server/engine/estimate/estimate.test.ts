import { describe, expect, it } from "vitest";
import { createRng } from "../model/rng";
import { createDurationPredictor, durationShapeKey, type DurationFeatures } from "./duration-predictor";
import { backtestZoneForecast, measureForecastError } from "./forecast-error";
import { noisyTruthForecast } from "./noisy-forecast";
import { median, quantile } from "./quantile";
import { forecastZoneIntensity } from "./zone-forecast";

const H = 3_600_000;
const job = (over: Partial<DurationFeatures> = {}): DurationFeatures => ({
  tenant: "a",
  cpuMilli: 4000,
  gpuCount: 1,
  gpuMilliPerGpu: 1000,
  gangSize: 1,
  userEstimateS: null,
  ...over,
});
const sine = (hours: number, phase = 0) => Array.from({ length: hours }, (_, i) => 300 + 100 * Math.sin((2 * Math.PI * (i + phase)) / 24));

describe("quantiles", () => {
  it("interpolates between order statistics", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([10, 20], 0.9)).toBeCloseTo(19);
    expect(Number.isNaN(median([]))).toBe(true);
  });
});

describe("duration predictor", () => {
  it("falls back from tenant+shape to shape to the user estimate to global to the default", () => {
    const p = createDurationPredictor({ minSamples: 2, defaultS: 999 });
    expect(p.predict(job())).toEqual({ estimateS: 999, source: "default", samples: 0 });
    expect(p.predict(job({ userEstimateS: 50 }))).toMatchObject({ estimateS: 50, source: "user" });
    p.observe(job({ tenant: "b", gpuCount: 0, gpuMilliPerGpu: 0 }), 10);
    p.observe(job({ tenant: "b", gpuCount: 0, gpuMilliPerGpu: 0 }), 30);
    expect(p.predict(job())).toMatchObject({ estimateS: 20, source: "global", samples: 2 });
    p.observe(job({ tenant: "b" }), 100);
    p.observe(job({ tenant: "b" }), 300);
    expect(p.predict(job())).toMatchObject({ estimateS: 200, source: "shape" });
    p.observe(job(), 1000);
    p.observe(job(), 2000);
    p.observe(job(), 4000);
    expect(p.predict(job({ userEstimateS: 5 }))).toMatchObject({ estimateS: 2000, source: "tenant-shape", samples: 3 });
    expect(p.observed).toBe(7);
  });
  it("uses the configured quantile and keeps only recent samples", () => {
    const p = createDurationPredictor({ quantile: 0.9, minSamples: 1, maxSamplesPerGroup: 10 });
    for (let i = 1; i <= 10; i++) p.observe(job(), i * 100);
    expect(p.predict(job()).estimateS).toBeCloseTo(910);
    for (let i = 0; i < 10; i++) p.observe(job(), 5);
    expect(p.predict(job()).estimateS).toBe(5);
  });
  it("groups CPU requests in power-of-two buckets", () => {
    expect(durationShapeKey(job({ cpuMilli: 4000 }))).toBe(durationShapeKey(job({ cpuMilli: 5000 })));
    expect(durationShapeKey(job({ cpuMilli: 4000 }))).not.toBe(durationShapeKey(job({ cpuMilli: 32000 })));
  });
  it("learns a known log-normal duration: median estimate within 10% of the true median", () => {
    const rng = createRng(5);
    const p = createDurationPredictor({ maxSamplesPerGroup: 512 });
    for (let i = 0; i < 500; i++) {
      const z = Math.sqrt(-2 * Math.log(Math.max(rng.next(), 1e-12))) * Math.cos(2 * Math.PI * rng.next());
      p.observe(job(), 3600 * Math.exp(0.5 * z));
    }
    expect(Math.abs(p.predict(job()).estimateS - 3600) / 3600).toBeLessThan(0.1);
  });
});

describe("zone forecaster", () => {
  it("forecasts a pure 24 h sine exactly from history only", () => {
    const series = sine(24 * 10);
    const from = 8 * 24 + 5;
    const f = forecastZoneIntensity(series.slice(0, from), 0, from * H, 40);
    f.forEach((v, k) => expect(v).toBeCloseTo(series[from + k] as number, 9));
  });
  it("never looks at values at or after the issue time", () => {
    const series = sine(24 * 10);
    const spoiled = series.map((v, i) => (i >= 200 ? v * 10 : v));
    expect(forecastZoneIntensity(spoiled, 0, 200 * H, 24)).toEqual(forecastZoneIntensity(series, 0, 200 * H, 24));
  });
  it("first hours follow a level shift (damped persistence), later hours return to the pattern", () => {
    const series = sine(24 * 8).map((v, i) => (i === 24 * 8 - 1 ? v + 100 : v));
    const f = forecastZoneIntensity(series, 0, 24 * 8 * H, 48, { phi: 0.5 });
    expect((f[0] as number) - (sine(24 * 9)[24 * 8] as number)).toBeGreaterThan(40);
    // Hour 40 ahead is another hour of day: only the small level change (one spike in a day) remains.
    expect(Math.abs((f[40] as number) - (sine(24 * 10)[24 * 8 + 40] as number))).toBeLessThan(5);
  });
  it("with short history falls back to persistence; empty history to 0", () => {
    expect(forecastZoneIntensity([5, 7], 0, 2 * H, 3)).toEqual([7, 7, 7]);
    expect(forecastZoneIntensity([], 0, 0, 2)).toEqual([0, 0]);
  });
  it("measures errors against the actual series and backtests to zero on a periodic series", () => {
    expect(measureForecastError([110, 90], [100, 100])).toEqual({ hours: 2, maeG: 10, rmseG: 10, biasG: 0, mapePct: 10 });
    expect(backtestZoneForecast(sine(24 * 20), 0, 24).maeG).toBeLessThan(1e-9);
    const noisy = sine(24 * 20).map((v, i) => v + (i % 7) * 3);
    expect(backtestZoneForecast(noisy, 0, 24).maeG).toBeGreaterThan(0);
  });
});

describe("noisy-truth forecast", () => {
  it("is seeded, non-negative and its error grows with the horizon", () => {
    const truth = Array.from({ length: 48 }, () => 100);
    expect(noisyTruthForecast(truth, 0, 48, 0.2, createRng(1))).toEqual(noisyTruthForecast(truth, 0, 48, 0.2, createRng(1)));
    let near = 0;
    let far = 0;
    for (let s = 0; s < 300; s++) {
      const f = noisyTruthForecast(truth, 0, 48, 0.2, createRng(s));
      expect(f.every((v) => v >= 0)).toBe(true);
      near += Math.abs((f[0] as number) - 100);
      far += Math.abs((f[47] as number) - 100);
    }
    expect(far / near).toBeGreaterThan(3);
    expect(noisyTruthForecast(truth, 40, 48, 0.1, createRng(1))).toHaveLength(8);
  });
});
