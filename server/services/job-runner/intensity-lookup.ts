/** Carbon intensity per hour of a zone, as the energy accounting reads it. */
import { hourFloor, HOUR_MS, type HourIntensity } from "../../accounting/energy-hours";
import type { Db } from "../../db/client";
import { findZoneHours } from "../../repositories/control-loop-repository";

/** Intensity per hour of a zone over [from, to): measured, else the newest forecast, else the annual average. */
export async function intensityLookup(db: Db, zoneId: string, fromMs: number, toMs: number): Promise<(hourMs: number) => HourIntensity> {
  const { annual, samples } = await findZoneHours(db, zoneId, new Date(hourFloor(fromMs)), new Date(hourFloor(toMs) + HOUR_MS));
  const measured = new Map<number, number>();
  const forecast = new Map<number, number>();
  for (const s of samples) (s.kind === "MEASURED" ? measured : forecast).set(s.at.getTime(), s.gCo2ePerKwh);
  return (hourMs) => {
    const m = measured.get(hourMs);
    if (m !== undefined) return { gCo2ePerKwh: m, source: "measured" };
    const f = forecast.get(hourMs);
    return f !== undefined ? { gCo2ePerKwh: f, source: "forecast" } : { gCo2ePerKwh: annual, source: "annual-average" };
  };
}
