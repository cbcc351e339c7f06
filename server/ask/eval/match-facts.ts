// Whether an answer contains an expected fact: a name as a whole word, an outcome by its verbs, a
// number in any unit of its dimension to the precision written (or within 1 %), an instant as ISO
// text or as HH:MM UTC. Recall only: the claim checker, not this, refuses what an answer invents.
import type { ExpectedFact } from "./expected-facts";

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const OUTCOME_WORDS: Record<string, RegExp> = {
  placed: /\b(?:plac(?:ed|ement|ing)|start(?:ed|s)?\s+(?:now|at once|immediately|right away)|runs? (?:on|now))\b/i,
  deferred: /\b(?:defer(?:red|s|ral)?|wait(?:s|ed|ing)?|delay(?:ed|s)?|postpon\w*|held back)\b/i,
  unschedulable: /\b(?:unschedulable|cannot (?:run|be placed)|can't (?:run|be placed)|no cluster (?:can|could))\b/i,
};

/** Units a number may be written in, per expected unit, with the factor to the expected unit. */
const UNITS: Record<string, { re: RegExp; factor: number }[]> = {
  gCO2e: [
    { re: /^\s?(?:t|tonnes?)\s?CO2e?\b/i, factor: 1e6 },
    { re: /^\s?(?:kg|kilograms?)(?:\s?CO2e?)?\b/i, factor: 1000 },
    { re: /^\s?(?:g|grams?)(?:\s?CO2e?)?(?![\w/])/i, factor: 1 },
  ],
  kWh: [
    { re: /^\s?MWh\b/, factor: 1000 },
    { re: /^\s?kWh\b/i, factor: 1 },
    { re: /^\s?Wh\b/, factor: 0.001 },
  ],
  min: [
    { re: /^\s?(?:h|hours?|hrs?)\b/i, factor: 60 },
    { re: /^\s?(?:min|mins|minutes?)\b/i, factor: 1 },
    { re: /^\s?(?:s|secs?|seconds?)\b/i, factor: 1 / 60 },
  ],
  h: [
    { re: /^\s?(?:d|days?)\b/i, factor: 24 },
    { re: /^\s?(?:h|hours?|hrs?)\b/i, factor: 1 },
    { re: /^\s?(?:min|mins|minutes?)\b/i, factor: 1 / 60 },
  ],
};

const NUMBER = /(?<![\w.,-])(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?/g;

/** Every number written in `text`, in the expected unit when a unit of its dimension follows (unitless as written). */
export function numbersIn(text: string, unit: string): { value: number; tolerance: number }[] {
  const out: { value: number; tolerance: number }[] = [];
  for (const m of text.matchAll(NUMBER)) {
    const value = Number(`${m[1]!.replace(/,/g, "")}${m[2] ?? ""}`);
    const decimals = m[2] ? m[2].length - 1 : 0;
    const rest = text.slice(m.index + m[0].length);
    const u = (UNITS[unit] ?? []).find((x) => x.re.test(rest));
    const factor = u?.factor ?? 1;
    out.push({ value: value * factor, tolerance: 0.5 * 10 ** -decimals * factor });
  }
  return out;
}

/** Whether `answer` contains the fact. */
export function containsFact(answer: string, fact: ExpectedFact): boolean {
  switch (fact.kind) {
    case "name":
      return new RegExp(`(?<![\\w-])${escape(fact.value)}(?![\\w-])`, "i").test(answer);
    case "outcome":
      return OUTCOME_WORDS[fact.value]!.test(answer);
    case "number":
      return numbersIn(answer, fact.unit).some((n) => Math.abs(n.value - fact.value) <= Math.max(n.tolerance, 0.01 * Math.abs(fact.value)) + 1e-9);
    case "time": {
      // The minute written either cut off or rounded (17:35:56 as 17:35 or 17:36).
      const ms = Date.parse(fact.value);
      const minutes = [new Date(ms).toISOString(), new Date(Math.round(ms / 60_000) * 60_000).toISOString()].map((iso) => iso.slice(0, 16));
      return minutes.some((iso) => answer.includes(iso) || answer.includes(iso.replace("T", " ")) || new RegExp(`\\b${iso.slice(11)}\\b`).test(answer));
    }
  }
}
