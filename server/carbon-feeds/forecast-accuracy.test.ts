import { describe, expect, it } from "vitest";
import { computeForecastAccuracy } from "./forecast-accuracy";

const H = 3_600_000;
const T0 = Date.UTC(2026, 0, 1);
const d = (h: number) => new Date(T0 + h * H);

describe("forecast accuracy", () => {
  it("computes MAE and MAPE per horizon bucket, skipping zero truths for MAPE and counting unmatched hours", () => {
    const measured = [
      { at: d(2), gCo2ePerKwh: 100 },
      { at: d(3), gCo2ePerKwh: 200 },
      { at: d(10), gCo2ePerKwh: 0 },
    ];
    const forecasts = [
      { at: d(2), gCo2ePerKwh: 110, forecastIssuedAt: d(0) }, // 2 h ahead: |10|, 10%
      { at: d(3), gCo2ePerKwh: 170, forecastIssuedAt: d(0) }, // 3 h ahead: |30|, 15%
      { at: d(10), gCo2ePerKwh: 5, forecastIssuedAt: d(0) }, // 10 h ahead: |5|, MAPE undefined
      { at: d(40), gCo2ePerKwh: 5, forecastIssuedAt: d(0) }, // not measured yet
    ];
    const report = computeForecastAccuracy(forecasts, measured);
    expect(report.unmatched).toBe(1);
    expect(report.buckets[0]).toEqual({ fromHours: 0, toHours: 6, pairs: 2, maeGCo2ePerKwh: 20, mapePct: 12.5, excludedFromMape: 0 });
    expect(report.buckets[1]).toEqual({ fromHours: 6, toHours: 12, pairs: 1, maeGCo2ePerKwh: 5, mapePct: null, excludedFromMape: 1 });
    expect(report.buckets[2]).toMatchObject({ pairs: 0, maeGCo2ePerKwh: null, mapePct: null });
  });
});
