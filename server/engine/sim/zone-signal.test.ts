import { describe, expect, it } from "vitest";
import { HOUR_MS } from "../carbon/series";
import { ForecastBook, ZoneTruth } from "./zone-signal";

const T0 = Date.UTC(2023, 0, 1);
// Hours 0..71: a rising ramp, so the mean (35.5) differs from every single hour and from zero.
const truth = new ZoneTruth({
  zone: "X",
  startMs: T0,
  gCo2ePerKwh: Array.from({ length: 72 }, (_, h) => h),
  provider: "test",
  emissionFactorType: "lifecycle",
});
const book = () => new ForecastBook(new Map([["X", truth]]), { method: "forecaster", noiseSigma: 0, horizonHours: 24 }, 1);
/** The value a policy sees for hour `h` of the truth. */
const seen = (series: { startMs: number; gCo2ePerKwh: readonly number[] }, h: number) => series.gCo2ePerKwh[(T0 + h * HOUR_MS - series.startMs) / HOUR_MS];

describe("ForecastBook", () => {
  it("before any measured hour, forecasts the zone's average (never zero, never the future hours)", () => {
    const s = book().seriesAt("X", T0, T0 + 12 * HOUR_MS);
    for (const h of [0, 1, 5, 23]) expect(seen(s, h)).toBeCloseTo(35.5);
  });

  it("once hours are measured, forecasts from them only (persistence of the last measured hour on the first day)", () => {
    const s = book().seriesAt("X", T0 + 5 * HOUR_MS, T0 + 12 * HOUR_MS);
    expect(seen(s, 4)).toBe(4);
    expect(seen(s, 5)).toBe(4);
    expect(seen(s, 9)).toBe(4);
  });
});
