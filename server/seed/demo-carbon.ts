/**
 * Demo carbon intensity from the real 2023 Electricity Maps hourly series (lifecycle, gCO2e/kWh).
 * "Now" always has data: each real hour is mapped onto the dataset's same hour-of-year, so the demo
 * shows the seasonal and daily shape of the real grid. Past hours are stored as measured; the next
 * 48 hours as a forecast issued at the current hour (the true value times seeded noise, so a
 * forecast is never the future truth itself).
 */
import { parse } from "csv-parse/sync";
import { createRng } from "../engine";
import { CsvInputError } from "../data/openb-csv";

export interface HourlySeries {
  zoneId: string;
  /** 8,760 hourly values of one year, index 0 = Jan 1 00:00 UTC. */
  values: Float64Array;
}

/** Parses a wide hourly CSV (`datetime_utc,<zone>,<zone>...`) into one series per requested zone. */
export function parseWideHourlyCsv(text: string, file: string, zoneIds: string[]): HourlySeries[] {
  const rows = parse(text, { columns: true, skip_empty_lines: true, bom: true }) as Record<string, string>[];
  return zoneIds.map((zoneId) => {
    if (rows[0] && !(zoneId in rows[0])) throw new CsvInputError(file, 1, zoneId, "zone column missing");
    const values = new Float64Array(rows.length);
    rows.forEach((row, i) => {
      const v = Number(row[zoneId]);
      if (!Number.isFinite(v) || v < 0) throw new CsvInputError(file, i + 2, zoneId, `"${row[zoneId]}" is not a non-negative number`);
      values[i] = v;
    });
    return { zoneId, values };
  });
}

const HOUR_MS = 3_600_000;

/** Index into an 8,760-hour year for a UTC instant (Feb 29 reuses Feb 28). */
export function hourOfYear(at: Date): number {
  const start = Date.UTC(at.getUTCFullYear(), 0, 1);
  let hour = Math.floor((at.getTime() - start) / HOUR_MS);
  const isLeap = new Date(Date.UTC(at.getUTCFullYear(), 1, 29)).getUTCMonth() === 1;
  if (isLeap && hour >= 59 * 24) hour = Math.max(59 * 24 - 24, hour - 24);
  return Math.min(hour, 8759);
}

export interface DemoSample {
  zoneId: string;
  at: Date;
  gCo2ePerKwh: number;
  kind: "MEASURED" | "FORECAST";
  estimated: boolean;
  forecastIssuedAt: Date | null;
}

/** Measured samples for the `historyHours` before `now` and a `forecastHours` forecast after it. */
export function buildDemoSamples(series: HourlySeries[], now: Date, historyHours: number, forecastHours: number, seed: number): DemoSample[] {
  const currentHour = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  const rng = createRng(seed);
  const samples: DemoSample[] = [];
  for (const { zoneId, values } of series) {
    for (let h = -historyHours; h < forecastHours; h++) {
      const at = new Date(currentHour + h * HOUR_MS);
      const truth = values[hourOfYear(at)] ?? 0;
      const forecast = h >= 0;
      // Forecast error grows with the horizon: about +/-3% in the first hours, +/-10% at 48 h.
      const spread = 0.03 + (0.07 * h) / Math.max(1, forecastHours);
      const value = forecast ? truth * (1 + (rng.next() * 2 - 1) * spread) : truth;
      samples.push({
        zoneId,
        at,
        gCo2ePerKwh: Math.round(value * 100) / 100,
        kind: forecast ? "FORECAST" : "MEASURED",
        estimated: forecast,
        forecastIssuedAt: forecast ? new Date(currentHour) : null,
      });
    }
  }
  return samples;
}
