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

  it("states the noisy-truth forecast's error per horizon band (sigma x sqrt(h/24) x sqrt(2/pi) at the band's far end) and leaves the forecaster's unknown", () => {
    const noisy = new ForecastBook(new Map([["X", truth]]), { method: "noisy-truth", noiseSigma: 0.2, horizonHours: 48 }, 1);
    const at24 = noisy.forecastError?.find((b) => b.fromHours === 12);
    expect(at24?.toHours).toBe(24);
    expect(at24?.relativeErrorPct).toBeCloseTo(20 * Math.sqrt(2 / Math.PI), 6);
    const errors = noisy.forecastError?.map((b) => b.relativeErrorPct) ?? [];
    for (let i = 1; i < errors.length; i++) expect(errors[i]).toBeGreaterThanOrEqual(errors[i - 1] as number);
    expect(book().forecastError).toBeUndefined();
  });

  it("gives the forecaster's deferral checks its error measured before the simulated period, per zone", () => {
    const days = 60;
    const long = new ZoneTruth({
      zone: "Y",
      startMs: T0,
      gCo2ePerKwh: Array.from({ length: days * 24 }, (_, h) => 300 + 100 * Math.sin((2 * Math.PI * h) / 24) + 30 * Math.sin(h / 13)),
      provider: "test",
      emissionFactorType: "lifecycle",
    });
    const startMs = T0 + 50 * 24 * HOUR_MS;
    const measured = new ForecastBook(new Map([["Y", long]]), { method: "forecaster", noiseSigma: 0, horizonHours: 48 }, 1, startMs).errorFor("Y");
    expect(measured?.map((b) => b.fromHours)).toEqual([0, 6, 12, 24, 48, 96]);
    expect(measured?.[0]?.relativeErrorPct).toBeGreaterThan(0);
    // Without the period's start, or with too little history, the coordinator's default applies.
    expect(new ForecastBook(new Map([["Y", long]]), { method: "forecaster", noiseSigma: 0, horizonHours: 48 }, 1).errorFor("Y")).toBeUndefined();
    expect(book().errorFor("X")).toBeUndefined();
    // Once four weeks are measured, the forecast comes from the learned blend.
    const s = new ForecastBook(new Map([["Y", long]]), { method: "forecaster", noiseSigma: 0, horizonHours: 48 }, 1, startMs).seriesAt(
      "Y",
      startMs,
      startMs + HOUR_MS,
    );
    const at = s.provenance[(startMs - s.startMs) / HOUR_MS];
    expect(at?.kind === "verdant-forecast" ? at.model : null).toBe("seasonal-blend-ls@3");
  });
});
