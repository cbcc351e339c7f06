/**
 * Parser for Electricity Maps' hourly CSV exports (one zone, one year per file). Pure function over
 * text (the caller gunzips with node:zlib). Instead of stopping at the first bad line it returns a
 * validation report (line, column, message) next to the good samples, so an operator sees every
 * problem of a file at once; the import decides whether anything may be written.
 *
 * The format has no quoted newlines, so it is read line by line: a broken quote spoils one line, not
 * the rest of the file.
 */
import { parse } from "csv-parse/sync";

/** The export's header, exactly (note the subscript ₂ in gCO₂eq). */
export const ELECTRICITYMAPS_HEADER = [
  "Datetime (UTC)",
  "Country",
  "Zone Name",
  "Zone Id",
  "Carbon Intensity gCO₂eq/kWh (direct)",
  "Carbon Intensity gCO₂eq/kWh (LCA)",
  "Low Carbon Percentage",
  "Renewable Percentage",
  "Data Source",
  "Data Estimated",
  "Data Estimation Method",
] as const;

/** Which intensity column to read: direct (combustion) or LCA (lifecycle) emission factors. */
export type ElectricityMapsColumn = "direct" | "lca";

const VALUE_COLUMN: Record<ElectricityMapsColumn, (typeof ELECTRICITYMAPS_HEADER)[number]> = {
  direct: "Carbon Intensity gCO₂eq/kWh (direct)",
  lca: "Carbon Intensity gCO₂eq/kWh (LCA)",
};

/** One hour of one zone. */
export interface ElectricityMapsSample {
  zoneId: string;
  /** Start of the hour (UTC). */
  at: Date;
  gCo2ePerKwh: number;
  estimated: boolean;
  /** e.g. "ESTIMATED_MODE_BREAKDOWN"; null for measured data. */
  estimationMethod: string | null;
  /** The "Data Source" column (the grid operator the value is derived from). */
  source: string;
  /** 1-based line in the file. */
  line: number;
}

/** One problem found in the file. */
export interface CsvIssue {
  line: number;
  /** Column name, or null for a problem with the whole line. */
  column: string | null;
  message: string;
}

/** Good samples and the validation report of one file. */
export interface ElectricityMapsParseResult {
  file: string;
  column: ElectricityMapsColumn;
  samples: ElectricityMapsSample[];
  issues: CsvIssue[];
  /** Zone ids seen, in first-seen order, each with its first line. */
  zones: { zoneId: string; firstLine: number }[];
  /** Data lines read (header and blank lines excluded). */
  dataLines: number;
}

const DATETIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.0+)?)?(?:Z|\+00:00)?$/;

/** Formats an issue as "file:line column "X": message". */
export function formatIssue(file: string, issue: CsvIssue): string {
  return `${file}:${issue.line}${issue.column ? ` column "${issue.column}"` : ""}: ${issue.message}`;
}

function splitLine(line: string): string[] {
  if (!line.includes('"')) return line.split(",").map((c) => c.trim());
  return (parse(line, { trim: true, relax_column_count: true }) as string[][])[0] ?? [];
}

function parseHour(raw: string): Date | string {
  const m = DATETIME.exec(raw);
  if (!m) return `"${raw}" is not a UTC date-time like 2023-01-01 00:00:00`;
  const [, y, mo, d, h, mi, s = "00"] = m;
  const at = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)));
  if (at.getUTCMonth() !== Number(mo) - 1 || at.getUTCDate() !== Number(d) || at.getUTCHours() !== Number(h)) return `"${raw}" is not a valid date-time`;
  if (mi !== "00" || s !== "00") return `"${raw}" is not the start of an hour; hourly data is expected`;
  return at;
}

/** Parses one Electricity Maps hourly CSV, reading the direct or LCA intensity column. */
export function parseElectricityMapsCsv(text: string, options: { file: string; column: ElectricityMapsColumn }): ElectricityMapsParseResult {
  const { file, column } = options;
  const result: ElectricityMapsParseResult = { file, column, samples: [], issues: [], zones: [], dataLines: 0 };
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const header = splitLine(lines[0] ?? "");
  if (header.length === 1 && header[0] === "") {
    result.issues.push({ line: 1, column: null, message: "the file is empty; expected the Electricity Maps header" });
    return result;
  }
  const missing = ELECTRICITYMAPS_HEADER.filter((name) => !header.includes(name));
  if (missing.length > 0 || header.length !== ELECTRICITYMAPS_HEADER.length) {
    const extra = header.filter((name) => !(ELECTRICITYMAPS_HEADER as readonly string[]).includes(name));
    result.issues.push({
      line: 1,
      column: missing[0] ?? extra[0] ?? null,
      message: `the header is not the Electricity Maps hourly format${missing.length ? `; missing: ${missing.join(", ")}` : ""}${extra.length ? `; unexpected: ${extra.join(", ")}` : ""}`,
    });
    return result;
  }
  const index = Object.fromEntries(header.map((name, i) => [name, i])) as Record<string, number>;
  const valueColumn = VALUE_COLUMN[column];
  const seenHours = new Map<number, number>();
  const seenZones = new Map<string, number>();

  for (let i = 1; i < lines.length; i++) {
    const raw = lines[i] as string;
    if (raw.trim() === "") continue;
    const line = i + 1;
    result.dataLines++;
    const issue = (col: string | null, message: string) => result.issues.push({ line, column: col, message });
    let cells: string[];
    try {
      cells = splitLine(raw);
    } catch (error) {
      issue(null, `malformed CSV (${(error as Error).message.split(" at line")[0]})`);
      continue;
    }
    if (cells.length !== header.length) {
      issue(null, `has ${cells.length} fields; the header has ${header.length}`);
      continue;
    }
    const cell = (name: string) => cells[index[name] as number] ?? "";
    const before = result.issues.length;

    const at = parseHour(cell("Datetime (UTC)"));
    if (typeof at === "string") issue("Datetime (UTC)", at);
    const zoneId = cell("Zone Id");
    if (!zoneId) issue("Zone Id", "is empty");
    const rawValue = cell(valueColumn);
    const value = Number(rawValue);
    if (rawValue === "") issue(valueColumn, "is empty; expected gCO2eq/kWh");
    else if (!Number.isFinite(value)) issue(valueColumn, `"${rawValue}" is not a number`);
    else if (value < 0) issue(valueColumn, `${value} is negative`);
    else if (value > 5000) issue(valueColumn, `${value} gCO2eq/kWh is implausible (above 5000)`);
    const rawEstimated = cell("Data Estimated").toLowerCase();
    if (rawEstimated !== "true" && rawEstimated !== "false") issue("Data Estimated", `"${cell("Data Estimated")}" is not true or false`);
    if (result.issues.length > before || typeof at === "string") continue;

    const first = seenHours.get(at.getTime());
    if (first !== undefined) {
      issue("Datetime (UTC)", `${cell("Datetime (UTC)")} repeats the hour of line ${first}`);
      continue;
    }
    seenHours.set(at.getTime(), line);
    if (!seenZones.has(zoneId)) {
      seenZones.set(zoneId, line);
      result.zones.push({ zoneId, firstLine: line });
    }
    result.samples.push({
      zoneId,
      at,
      gCo2ePerKwh: value,
      estimated: rawEstimated === "true",
      estimationMethod: cell("Data Estimation Method") || null,
      source: cell("Data Source"),
      line,
    });
  }
  return result;
}
