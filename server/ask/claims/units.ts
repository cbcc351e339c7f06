// Units a generated answer may write a number in, grouped by what they measure, with the factor to
// one base unit per group, so "2.3 kg CO2e" can be compared with a record that holds 2,320 gCO2e.

/** What a number measures; numbers are compared only within one dimension (or as written when unitless). */
export type Dimension = "mass" | "energy" | "time" | "percent" | "intensity" | "gpu" | "distance" | "bandwidth" | "none";

/** A unit: its dimension and the factor that turns a value in it into the dimension's base unit. */
export interface UnitInfo {
  dimension: Dimension;
  /** Base units: g CO2e, kWh, s, %, gCO2e/kWh, GPUs, km, Gbps. */
  factor: number;
}

const CO2 = String.raw`(?:\s?CO(?:2|₂)e?)?`;

/**
 * Written units, longest first; each pattern is anchored at the number's end (after optional space).
 * Mass symbols are case-sensitive so "8 GPUs" is never read as grams.
 */
const WRITTEN_UNITS: { pattern: RegExp; unit: UnitInfo }[] = [
  { pattern: new RegExp(String.raw`^\s?g${CO2}\s?(?:\/|per\s)\s?kWh\b`), unit: { dimension: "intensity", factor: 1 } },
  { pattern: new RegExp(String.raw`^\s?(?:tonnes?|tons?)${CO2}(?![\w])`, "i"), unit: { dimension: "mass", factor: 1e6 } },
  { pattern: new RegExp(String.raw`^\s?t${CO2}(?![\w])`), unit: { dimension: "mass", factor: 1e6 } },
  { pattern: new RegExp(String.raw`^\s?(?:kg|kilograms?)${CO2}(?![\w])`), unit: { dimension: "mass", factor: 1e3 } },
  { pattern: new RegExp(String.raw`^\s?(?:g|grams?)${CO2}(?![\w])`), unit: { dimension: "mass", factor: 1 } },
  { pattern: /^\s?MWh\b/, unit: { dimension: "energy", factor: 1000 } },
  { pattern: /^\s?kWh\b/, unit: { dimension: "energy", factor: 1 } },
  { pattern: /^\s?Wh\b/, unit: { dimension: "energy", factor: 0.001 } },
  { pattern: /^\s?(?:%|percent\b|per\s?cent\b)/i, unit: { dimension: "percent", factor: 1 } },
  { pattern: /^\s?(?:ms|milliseconds?)\b/i, unit: { dimension: "time", factor: 0.001 } },
  { pattern: /^\s?(?:s|secs?|seconds?)\b/i, unit: { dimension: "time", factor: 1 } },
  { pattern: /^\s?(?:min|mins|minutes?)\b/i, unit: { dimension: "time", factor: 60 } },
  { pattern: /^\s?(?:h|hrs?|hours?)\b/i, unit: { dimension: "time", factor: 3600 } },
  { pattern: /^\s?(?:d|days?)\b/i, unit: { dimension: "time", factor: 86_400 } },
  { pattern: /^\s?(?:GPU-hours?|GPU\s?h)\b/i, unit: { dimension: "none", factor: 1 } },
  { pattern: /^\s?GPUs?\b/i, unit: { dimension: "gpu", factor: 1 } },
  { pattern: /^\s?km\b/i, unit: { dimension: "distance", factor: 1 } },
  { pattern: /^\s?Gbps\b/i, unit: { dimension: "bandwidth", factor: 1 } },
];

/** The unit written right after a number in `rest` (the text following the digits), with its length; null when none. */
export function writtenUnitAt(rest: string): { unit: UnitInfo; length: number } | null {
  for (const { pattern, unit } of WRITTEN_UNITS) {
    const m = pattern.exec(rest);
    if (m) return { unit, length: m[0].length };
  }
  return null;
}

/** Units as records name them ("gCO2e", "kWh", "%", "h", "GPU", "min", "s", "gCO2e/kWh"); unknown units compare only as written. */
export function recordUnit(unit: string | undefined): UnitInfo {
  if (!unit) return { dimension: "none", factor: 1 };
  const found = writtenUnitAt(unit.trim());
  if (found && found.length === unit.trim().length) return found.unit;
  return { dimension: "none", factor: 1 };
}
