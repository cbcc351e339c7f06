/**
 * The measured hourly intensity of each zone a cluster uses, read from Electricity Maps hourly CSVs
 * (one or more files per zone, e.g. consecutive years). The series must cover every hour of the
 * simulated period; it is extended on both sides as far as the files continue without a gap, so a
 * forecaster has history before the start and policies can look past the end.
 */
import { parseElectricityMapsCsv, formatIssue } from "../data/electricitymaps-csv";
import { HOUR_MS } from "../engine";
import type { SimZoneSeries } from "../engine";
import { formatPath, ScenarioError } from "./errors";
import type { LoadedText } from "./files";
import type { Scenario } from "./schema";

type Column = "lifecycle" | "direct";

/** The files and column of one zone, whichever of the three spellings the scenario used. */
export function zoneFiles(scenario: Scenario, zone: string): { files: string[]; column: Column; field: (i: number) => string } {
  const entry = scenario.carbon.zones[zone];
  const base = formatPath(["carbon", "zones", zone]);
  if (entry === undefined) throw new ScenarioError(base, "missing");
  if (typeof entry === "string") return { files: [entry], column: scenario.carbon.column, field: () => base };
  if (Array.isArray(entry)) return { files: entry, column: scenario.carbon.column, field: (i) => `${base}[${i}]` };
  return { files: entry.files, column: entry.column ?? scenario.carbon.column, field: (i) => `${base}.files[${i}]` };
}

const iso = (ms: number) => new Date(ms).toISOString().replace(".000Z", "Z");

/** Parses and joins one zone's files; checks zone ids, duplicate hours and coverage of [startMs, endMs). */
export function buildZoneSeries(
  zone: string,
  column: Column,
  inputs: readonly { loaded: LoadedText; field: string }[],
  startMs: number,
  endMs: number,
): SimZoneSeries {
  const byHour = new Map<number, { value: number; where: string }>();
  for (const { loaded, field } of inputs) {
    const parsed = parseElectricityMapsCsv(loaded.text, { file: loaded.display, column: column === "lifecycle" ? "lca" : "direct" });
    const first = parsed.issues[0];
    if (first) {
      const more = parsed.issues.length > 1 ? ` (${parsed.issues.length - 1} more problem${parsed.issues.length > 2 ? "s" : ""} in this file)` : "";
      throw new ScenarioError(field, `${formatIssue(loaded.display, first)}${more}`, loaded.display, first.line);
    }
    const other = parsed.zones.find((z) => z.zoneId !== zone);
    if (other)
      throw new ScenarioError(field, `${loaded.display}:${other.firstLine}: holds zone "${other.zoneId}", not "${zone}"`, loaded.display, other.firstLine);
    for (const s of parsed.samples) {
      const at = s.at.getTime();
      const seen = byHour.get(at);
      if (seen) throw new ScenarioError(field, `${loaded.display}:${s.line}: the hour ${iso(at)} is also given at ${seen.where}`, loaded.display, s.line);
      byHour.set(at, { value: s.gCo2ePerKwh, where: `${loaded.display}:${s.line}` });
    }
  }
  const field = inputs.length === 1 ? (inputs[0] as { field: string }).field : formatPath(["carbon", "zones", zone]);
  const firstHour = Math.floor(startMs / HOUR_MS) * HOUR_MS;
  for (let at = firstHour; at < endMs; at += HOUR_MS) {
    if (!byHour.has(at)) {
      const hours = [...byHour.keys()];
      const range = hours.length ? ` (the files cover ${iso(Math.min(...hours))} to ${iso(Math.max(...hours))})` : "";
      throw new ScenarioError(field, `no intensity for ${iso(at)}; the carbon data must cover every hour from start to start + durationDays${range}`);
    }
  }
  let from = firstHour;
  while (byHour.has(from - HOUR_MS)) from -= HOUR_MS;
  let to = firstHour;
  while (byHour.has(to + HOUR_MS)) to += HOUR_MS;
  const gCo2ePerKwh: number[] = [];
  for (let at = from; at <= to; at += HOUR_MS) gCo2ePerKwh.push((byHour.get(at) as { value: number }).value);
  return { zone, startMs: from, gCo2ePerKwh, provider: "Electricity Maps", emissionFactorType: column };
}
