/**
 * The 16 grid zones of `../shared/data/carbon/electricitymaps_raw` (Electricity Maps hourly exports,
 * 2021-2023) as one gap-free hourly series per zone, for the forecaster backtest and the carbon
 * scenario matrix. Files are read once and joined in year order; a missing hour is an error.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { gunzipSync } from "node:zlib";
import { HOUR_MS } from "../../server/engine";
import { parseElectricityMapsCsv } from "../../server/data/electricitymaps-csv";

/** Where the shared raw exports live (override with VERDANT_CARBON_DIR). */
export const CARBON_RAW_DIR = resolve(process.env.VERDANT_CARBON_DIR ?? join(process.cwd(), "..", "shared", "data", "carbon", "electricitymaps_raw"));

/** One zone's joined series. */
export interface ZoneHistory {
  readonly zone: string;
  /** File prefix (e.g. DE-LU for zone DE), as scenario files need it. */
  readonly filePrefix: string;
  readonly startMs: number;
  readonly values: number[];
}

/** Reads every zone found in the directory (LCA column unless told otherwise), years joined. */
export function loadCarbonZones(options: { dir?: string; column?: "lca" | "direct"; zones?: readonly string[] } = {}): ZoneHistory[] {
  const dir = options.dir ?? CARBON_RAW_DIR;
  const byPrefix = new Map<string, string[]>();
  for (const f of readdirSync(dir).sort()) {
    const m = /^(.+)_(\d{4})_hourly\.csv(\.gz)?$/.exec(f);
    if (!m) continue;
    byPrefix.set(m[1]!, [...(byPrefix.get(m[1]!) ?? []), f]);
  }
  const out: ZoneHistory[] = [];
  for (const [prefix, files] of byPrefix) {
    const byHour = new Map<number, number>();
    let zone = "";
    for (const f of files) {
      const raw = readFileSync(join(dir, f));
      const text = (f.endsWith(".gz") ? gunzipSync(raw) : raw).toString("utf8");
      const parsed = parseElectricityMapsCsv(text, { file: f, column: options.column ?? "lca" });
      if (parsed.issues.length > 0) throw new Error(`${f}: ${parsed.issues.length} bad lines`);
      zone = parsed.zones[0]?.zoneId ?? prefix;
      for (const s of parsed.samples) byHour.set(s.at.getTime(), s.gCo2ePerKwh);
    }
    if (options.zones && !options.zones.includes(zone)) continue;
    const hours = [...byHour.keys()].sort((a, b) => a - b);
    const startMs = hours[0]!;
    const n = (hours.at(-1)! - startMs) / HOUR_MS + 1;
    const values = new Array<number>(n);
    for (let i = 0; i < n; i++) {
      const v = byHour.get(startMs + i * HOUR_MS);
      if (v === undefined) throw new Error(`${zone}: no value for ${new Date(startMs + i * HOUR_MS).toISOString()}`);
      values[i] = v;
    }
    out.push({ zone, filePrefix: prefix, startMs, values });
  }
  return out.sort((a, b) => a.zone.localeCompare(b.zone));
}
