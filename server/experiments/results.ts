/**
 * What a finished run leaves in the experiment row: the per-policy metrics (a superset of the
 * CLI's `--json` line) and the chart series. JSON has no NaN or Infinity, so non-finite numbers
 * (e.g. emissions per GPU-hour with no GPU-hours) are stored as null on purpose, not by accident.
 */
import type { SimResult } from "../engine";

type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** A deep copy with every non-finite number replaced by null. */
export function finiteJson(value: unknown): JsonValue {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "string" || typeof value === "boolean" || value === null) return value;
  if (Array.isArray(value)) return value.map(finiteJson);
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, finiteJson(v)]),
    );
  return null;
}

/** The stored results object. */
export function storedResults(result: SimResult) {
  return finiteJson({
    scenario: result.scenario,
    seed: result.seed,
    baseline: result.baseline,
    eventsPerSec: result.eventsPerSec,
    simWallMs: result.wallMs,
    policies: result.policies,
  });
}

/** The stored chart series, per policy. */
export function storedTimeSeries(result: SimResult) {
  return finiteJson(result.timeSeries);
}

/**
 * At most `max` points, each the mean of a run of consecutive samples (charts of 149 days at 1 h
 * would otherwise draw 3,500 points per policy). Keeps the first sample's time of each run.
 */
export function downsample<T extends { atMs: number }>(rows: readonly T[], max: number, numeric: readonly (keyof T)[]): T[] {
  if (rows.length <= max) return [...rows];
  const size = Math.ceil(rows.length / max);
  const out: T[] = [];
  for (let i = 0; i < rows.length; i += size) {
    const chunk = rows.slice(i, i + size);
    const row = { ...chunk[0]! };
    for (const key of numeric) {
      const values = chunk.map((r) => r[key]).filter((v): v is T[keyof T] & number => typeof v === "number");
      (row as Record<keyof T, unknown>)[key] = values.length ? values.reduce((s, v) => s + v, 0) / values.length : null;
    }
    out.push(row);
  }
  return out;
}
