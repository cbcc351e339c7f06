// The facts a context holds, read off the JSON the model sees: every number with the unit its field
// name or its sibling `unit` gives (savingGCo2e → gCO2e, durationS → s, savingPct → %), and every ISO
// instant. Reading what is sent, rather than listing fields by hand, keeps the checker in step with
// the context as sections are added.
import { findNumberClaims } from "../claims/check-claims";
import { findTimeClaims } from "../claims/times";
import type { AllowedNumber } from "../contract";
import type { Dimension } from "../claims/units";

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** Fields whose numbers are no claim anyone would write (seeds, indices, versions). */
const SKIPPED = new Set(["seed", "version", "nodeIndex", "gpuIndices", "member", "evaluations"]);

/** The unit a field's name implies, or undefined for a plain count or score. */
export function unitOfField(key: string): string | undefined {
  if (/PerKwh$/i.test(key)) return "gCO2e/kWh";
  if (/(^g|G)Co2e$/.test(key)) return "gCO2e";
  if (/Pct$/.test(key)) return "%";
  if (/Kwh$/i.test(key)) return "kWh";
  if (/Km$/.test(key)) return "km";
  if (/Gbps$/.test(key)) return "Gbps";
  if (/LatencyMs$/.test(key)) return "ms";
  if (/GpuHours$/i.test(key)) return undefined;
  if (/Hours$/.test(key) || key === "hours") return "h";
  if (/[a-z]S$/.test(key)) return "s";
  if (/^(gpus|gpuCount|gpusTotal|gpuCountPerMember)$/.test(key)) return "GPU";
  return undefined;
}

/** Numbers and instants found anywhere in a JSON value. */
export function collectFacts(value: unknown): { numbers: AllowedNumber[]; times: string[] } {
  const numbers: AllowedNumber[] = [];
  const times = new Set<string>();
  const visit = (v: unknown, path: string, key: string, siblingUnit: string | undefined) => {
    if (typeof v === "number" && Number.isFinite(v)) {
      if (SKIPPED.has(key)) return;
      const unit = unitOfField(key) ?? siblingUnit;
      numbers.push({ value: v, ...(unit ? { unit } : {}), label: path });
      // A delta may be written without its sign ("120 g more").
      if (v < 0) numbers.push({ value: -v, ...(unit ? { unit } : {}), label: `${path} (magnitude)` });
      return;
    }
    if (typeof v === "string") {
      if (ISO_INSTANT.test(v) && !Number.isNaN(Date.parse(v))) times.add(new Date(v).toISOString());
      return;
    }
    if (Array.isArray(v)) {
      if (key === "gpuIndices") return;
      v.forEach((item, i) => visit(item, `${path}[${i}]`, key, siblingUnit));
      return;
    }
    if (v && typeof v === "object") {
      const record = v as Record<string, unknown>;
      const unit = typeof record.unit === "string" ? record.unit : undefined;
      for (const [k, child] of Object.entries(record)) visit(child, path ? `${path}.${k}` : k, k, unit);
    }
  };
  visit(value, "", "", undefined);
  return { numbers, times: [...times] };
}

/** The base unit of each dimension, as records name it. */
const BASE_UNIT: Record<Dimension, string | undefined> = {
  mass: "gCO2e",
  energy: "kWh",
  time: "s",
  percent: "%",
  intensity: "gCO2e/kWh",
  gpu: "GPU",
  distance: "km",
  bandwidth: "Gbps",
  none: undefined,
};

/**
 * Numbers Verdant itself wrote in a record's rendered text ("energy 1.09 kWh = 1 GPU x 330 W x 3 h"):
 * derived figures the structured fields do not hold one by one, allowed as written.
 */
export function numbersInText(text: string, label: string): AllowedNumber[] {
  // Dates and times are blanked first, so "2023-01-01 10:00" adds no 2023 or 10.
  let rest = text;
  for (const t of findTimeClaims(text)) rest = rest.slice(0, t.start) + " ".repeat(t.end - t.start) + rest.slice(t.end);
  return findNumberClaims(rest).map((n) => {
    const unit = n.unit ? BASE_UNIT[n.unit.dimension] : undefined;
    return { value: n.unit ? n.value * n.unit.factor : n.value, ...(unit ? { unit } : {}), label: `${label}: ${n.text}` };
  });
}

/** The facts of a grounding: every number and instant of the given JSON values, and the numbers of the rendered texts. */
export function groundingFacts(values: readonly unknown[], texts: readonly string[]): { numbers: AllowedNumber[]; times: string[] } {
  const found = values.map(collectFacts);
  return {
    numbers: [...found.flatMap((f) => f.numbers), ...texts.flatMap((t, i) => numbersInText(t, `text ${i + 1}`))],
    times: [...new Set(found.flatMap((f) => f.times))],
  };
}
