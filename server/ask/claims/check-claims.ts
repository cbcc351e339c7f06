// The checker every generated text passes before anyone sees it: each number (with its unit, to the
// precision written), each date or time, and each named cluster, GPU model or tenant must be one the
// grounding record holds. Pure and deterministic, so narrative sentences and answers share it.
import type { AllowedFacts, ClaimCheck, FailedClaim } from "../contract";
import { findTimeClaims, timeClaimMatches } from "./times";
import { recordUnit, writtenUnitAt, type UnitInfo } from "./units";

/** A number written in the text: its value, the half-precision it was written to, and its unit when one follows. */
export interface NumberClaim {
  text: string;
  value: number;
  tolerance: number;
  unit: UnitInfo | null;
}

/** Tokens that look like GPU model names (A100, H800, V100M16, L40S, T4) even when the fleet vocabulary is not given. */
const MODEL_LIKE = /(?<![\w-])(?:[ABHLTV]\d{1,3}[A-Z]?(?:M\d{1,3})?|P100|P40|P4|MI\d{3}X?|G[23])(?![\w-])/g;
const NUMBER = /(?<![\w.,/-]|\d[.,])(-?)(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?/g;

/** Replaces spans with spaces (keeping offsets) so a later pass does not read them again. */
function blank(text: string, spans: { start: number; end: number }[]): string {
  let out = text;
  for (const s of spans) out = out.slice(0, s.start) + " ".repeat(s.end - s.start) + out.slice(s.end);
  return out;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Where each vocabulary name occurs (whole words, case-insensitive), longest names first so "A100 80GB" wins over "A100". */
function findNames(text: string, names: readonly string[]): { name: string; start: number; end: number }[] {
  const found: { name: string; start: number; end: number }[] = [];
  for (const name of [...new Set(names)].filter((n) => n.trim().length >= 2).sort((a, b) => b.length - a.length)) {
    const re = new RegExp(`(?<![\\w-])${escape(name)}(?![\\w-])`, "gi");
    for (const m of text.matchAll(re)) {
      const start = m.index;
      const end = start + m[0].length;
      if (!found.some((f) => start < f.end && end > f.start)) found.push({ name, start, end });
    }
  }
  return found;
}

/** Numbers in a text (dates, times and names already blanked), skipping list markers and ordinals' suffixes. */
export function findNumberClaims(text: string): NumberClaim[] {
  const claims: NumberClaim[] = [];
  for (const m of text.matchAll(NUMBER)) {
    const [whole, sign, int, fraction] = m;
    const start = m.index;
    const end = start + whole.length;
    // "1. " or "2) " opening a line is a list marker, not a claim.
    const lineStart = text.lastIndexOf("\n", start - 1) + 1;
    if (!sign && !fraction && /^\s*$/.test(text.slice(lineStart, start)) && /^[.)]\s/.test(text.slice(end, end + 2))) continue;
    const rest = text.slice(end);
    // Digits glued to letters that are no unit ("3x", "v2") are part of a word.
    const unit = writtenUnitAt(rest);
    if (!unit && /^[A-Za-z]/.test(rest) && !/^(?:st|nd|rd|th)\b/.test(rest)) continue;
    const decimals = fraction ? fraction.length - 1 : 0;
    const value = Number(`${sign}${int!.replace(/,/g, "")}${fraction ?? ""}`);
    claims.push({
      text: (whole + (unit ? rest.slice(0, unit.length) : "")).trim(),
      value,
      tolerance: 0.5 * 10 ** -decimals,
      unit: unit?.unit ?? null,
    });
  }
  return claims;
}

/** Whether a written number matches an allowed one: same dimension (converted), within the precision written. */
export function numberMatches(claim: NumberClaim, allowed: AllowedFacts["numbers"]): boolean {
  const eps = (v: number) => 1e-9 * Math.max(1, Math.abs(v));
  return allowed.some((a) => {
    const unit = recordUnit(a.unit);
    // A unitless claim compares as written; a count in the record ("3 clusters") backs a count ("3 GPUs") but never a
    // measured quantity ("3 h").
    const physical = (u: UnitInfo | null) => u !== null && u.dimension !== "none" && u.dimension !== "gpu";
    if (!claim.unit || unit.dimension === "none" || claim.unit.dimension === "none") {
      if (claim.unit && unit.dimension !== "none" && claim.unit.dimension !== unit.dimension) return false;
      if (unit.dimension === "none" && physical(claim.unit)) return false;
      return Math.abs(a.value - claim.value) <= claim.tolerance + eps(a.value);
    }
    if (claim.unit.dimension !== unit.dimension) return false;
    const inWritten = (a.value * unit.factor) / claim.unit.factor;
    return Math.abs(inWritten - claim.value) <= claim.tolerance + eps(inWritten);
  });
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Checks every number, date, time and name in `text` against the facts a grounding record allows. */
export function checkClaims(text: string, allowed: AllowedFacts): ClaimCheck {
  const failed: FailedClaim[] = [];
  let checked = 0;
  const vocabulary = allowed.vocabulary ?? { clusters: [], models: [], tenants: [] };

  // Names first, so digits inside "tor-hub-1" or "A100" are not read as numbers.
  const nameKinds = [
    { kind: "cluster" as const, names: [...vocabulary.clusters, ...allowed.clusters], allowed: allowed.clusters, label: "cluster" },
    { kind: "tenant" as const, names: [...vocabulary.tenants, ...allowed.tenants], allowed: allowed.tenants, label: "tenant" },
    { kind: "model" as const, names: [...vocabulary.models, ...allowed.models], allowed: allowed.models, label: "GPU model" },
  ];
  let rest = text;
  for (const { kind, names, allowed: ok, label } of nameKinds) {
    const found = findNames(rest, names);
    for (const f of found) {
      checked++;
      if (!ok.some((n) => sameName(n, f.name)))
        failed.push({ kind, text: rest.slice(f.start, f.end), reason: `the record does not mention the ${label} ${f.name}` });
    }
    rest = blank(rest, found);
  }
  const modelLike = [...rest.matchAll(MODEL_LIKE)].map((m) => ({ start: m.index, end: m.index + m[0].length, text: m[0] }));
  for (const m of modelLike) {
    checked++;
    if (!allowed.models.some((n) => sameName(n, m.text)))
      failed.push({ kind: "model", text: m.text, reason: `the record does not mention the GPU model ${m.text}` });
  }
  rest = blank(rest, modelLike);

  const instants = allowed.times.map((t) => Date.parse(t)).filter((ms) => !Number.isNaN(ms));
  const times = findTimeClaims(rest);
  for (const t of times) {
    checked++;
    if (!timeClaimMatches(t, instants)) failed.push({ kind: "time", text: t.text, reason: "no time in the record renders as this" });
  }
  rest = blank(rest, times);

  for (const n of findNumberClaims(rest)) {
    checked++;
    if (!numberMatches(n, allowed.numbers))
      failed.push({ kind: "number", text: n.text, reason: "no number in the record matches this to the precision written" });
  }
  return { ok: failed.length === 0, checkedClaims: checked, failed };
}
