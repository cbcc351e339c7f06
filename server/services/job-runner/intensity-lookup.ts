/** Carbon intensity per hour of a zone, as the energy accounting reads it, with each hour's provenance. */
import { hourFloor, HOUR_MS, type HourIntensity } from "../../accounting/energy-hours";
import { isSyntheticProvider } from "../../carbon-feeds/synthetic";
import type { Db } from "../../db/client";
import { findZoneHours } from "../../repositories/control-loop-repository";

/**
 * Intensity per hour of a zone over [from, to): measured, else the newest provider forecast (with its
 * issue time; demo forecasts marked synthetic), else the zone's annual average.
 */
export async function intensityLookup(db: Db, zoneId: string, fromMs: number, toMs: number): Promise<(hourMs: number) => HourIntensity> {
  const { annual, samples } = await findZoneHours(db, zoneId, new Date(hourFloor(fromMs)), new Date(hourFloor(toMs) + HOUR_MS));
  const measured = new Map<number, number>();
  const forecast = new Map<number, HourIntensity>();
  for (const s of samples) {
    // Sorted by issue time ascending: the newest forecast of an hour is set last.
    if (s.kind === "MEASURED") measured.set(s.at.getTime(), s.gCo2ePerKwh);
    else
      forecast.set(s.at.getTime(), {
        gCo2ePerKwh: s.gCo2ePerKwh,
        source: "provider-forecast",
        ...(s.forecastIssuedAt ? { issuedAtMs: s.forecastIssuedAt.getTime() } : {}),
        ...(isSyntheticProvider(s.provider) ? { synthetic: true } : {}),
      });
  }
  return (hourMs) => {
    const m = measured.get(hourMs);
    if (m !== undefined) return { gCo2ePerKwh: m, source: "measured" };
    return forecast.get(hourMs) ?? { gCo2ePerKwh: annual, source: "annual-average" };
  };
}
