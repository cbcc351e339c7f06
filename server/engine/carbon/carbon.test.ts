import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CarbonError } from "./errors";
import { estimateEnergyKwh } from "./energy";
import { estimateEmissionsGCo2e } from "./emissions";
import { searchBestStart } from "./best-start";
import { assertComparableSeries, createIntensitySeries, HOUR_MS } from "./series";
import { meanIntensityGCo2ePerKwh } from "./window";

const T0 = Date.UTC(2023, 0, 1);
const avg = { kind: "measured", provider: "p", signalType: "average", emissionFactorType: "lifecycle" } as const;

describe("intensity series", () => {
  it("refuses to mix average and marginal hours", () => {
    const fn = () => createIntensitySeries({ zone: "DE", startMs: T0, gCo2ePerKwh: [100, 200], provenance: [avg, { ...avg, signalType: "marginal" }] });
    expect(fn).toThrow(CarbonError);
    expect(fn).toThrow(/SIGNAL_TYPE_MISMATCH/);
  });
  it("refuses to compare series of different signal types", () => {
    const a = createIntensitySeries({ zone: "DE", startMs: T0, gCo2ePerKwh: [1], provenance: avg });
    const b = createIntensitySeries({ zone: "FR", startMs: T0, gCo2ePerKwh: [1], provenance: { ...avg, signalType: "marginal" } });
    expect(() => assertComparableSeries([a, b])).toThrow(/SIGNAL_TYPE_MISMATCH/);
  });
  it("weights partial hours by overlap", () => {
    const s = createIntensitySeries({ zone: "DE", startMs: T0, gCo2ePerKwh: [100, 300], provenance: avg });
    expect(meanIntensityGCo2ePerKwh(s, T0 + HOUR_MS / 2, 3600)).toBeCloseTo(200);
    expect(() => meanIntensityGCo2ePerKwh(s, T0 + HOUR_MS, 7200)).toThrow(/SERIES_NOT_COVERING/);
  });
});

describe("energy and emissions", () => {
  it("computes GPUs x (idle + (max - idle) x util) x duration x PUE with inputs and text", () => {
    const e = estimateEnergyKwh({ gpuCount: 8, idleWatts: 50, maxWatts: 400, utilization: 0.8, durationS: 3600, pue: 1.3 });
    expect(e.value).toBeCloseTo((8 * 330 * 1.3) / 1000);
    expect(e.unit).toBe("kWh");
    expect(e.inputs.itEnergyKwh?.value).toBeCloseTo(2.64);
    const s = createIntensitySeries({ zone: "DE", startMs: T0, gCo2ePerKwh: [264, 264], provenance: avg });
    const g = estimateEmissionsGCo2e(e, s, T0, 3600);
    expect(g.emissions.value).toBeCloseTo(2.64 * 1.3 * 264);
    expect(g.emissions.text).toBe("906 g CO2e = 2.64 kWh x 1.3 PUE x 264 gCO2e/kWh (DE)");
    expect(g.provenance).toEqual({
      measuredHours: 1,
      forecastHours: 0,
      providers: ["p"],
      signalType: "average",
      emissionFactorType: "lifecycle",
      sources: [{ kind: "measured", hours: 1, provider: "p" }],
    });
  });
});

describe("best start search (properties)", () => {
  const arb = fc.record({
    values: fc.array(fc.integer({ min: 0, max: 900 }), { minLength: 30, maxLength: 60 }),
    durationH: fc.integer({ min: 1, max: 6 }),
    earliestH: fc.integer({ min: 0, max: 10 }),
    windowH: fc.integer({ min: 0, max: 20 }),
    kwh: fc.double({ min: 0.1, max: 500, noNaN: true }),
  });
  it("stays inside the window and reports saving = earliest - best, recomputed independently", () => {
    fc.assert(
      fc.property(arb, ({ values, durationH, earliestH, windowH, kwh }) => {
        const s = createIntensitySeries({ zone: "Z", startMs: T0, gCo2ePerKwh: values, provenance: avg });
        const earliest = T0 + earliestH * HOUR_MS;
        const latest = earliest + windowH * HOUR_MS;
        const r = searchBestStart({ series: s, facilityEnergyKwh: kwh, durationS: durationH * 3600, earliestStartMs: earliest, latestStartMs: latest });
        expect(r.best.startMs).toBeGreaterThanOrEqual(earliest);
        expect(r.best.startMs).toBeLessThanOrEqual(latest);
        const direct = (t: number) => (kwh * values.slice((t - T0) / HOUR_MS, (t - T0) / HOUR_MS + durationH).reduce((a, b) => a + b, 0)) / durationH;
        expect(r.savingGCo2e).toBeCloseTo(direct(earliest) - direct(r.best.startMs), 6);
        expect(r.curve.every((c) => c.gCo2e >= r.best.gCo2e - 1e-9)).toBe(true);
      }),
      { numRuns: 200, seed: 7 },
    );
  });
});
