/**
 * Scores candidates on the registered objectives (objectives/registry.ts): raw value per objective,
 * normalized to 0..100 (100 = best) as the objective declares, multiplied by the policy's weight for
 * its name (absent = 0), summed.
 */
import { OBJECTIVE_PLUGINS, OBJECTIVES } from "./objectives/registry";
import type { CandidatePart, ObjectiveContext, ObjectivePlugin } from "./objectives/types";
import type { ObjectiveWeights } from "./policy";

export { OBJECTIVES };
export { localityOf } from "./objectives/locality";
/** An objective name. */
export type Objective = string;

/** Raw objective values of one candidate, by objective name. */
export type RawObjectives = Readonly<Record<string, number>>;

/** One objective's contribution: raw -> normalized 0..100 -> x weight. */
export interface ObjectiveScore {
  readonly objective: Objective;
  readonly raw: number;
  readonly unit: string;
  readonly normalized: number;
  readonly weight: number;
  readonly weighted: number;
}

/** Raw values of every objective for one candidate's parts. */
export function rawObjectives(parts: readonly CandidatePart[], ctx: ObjectiveContext, plugins: readonly ObjectivePlugin[] = OBJECTIVE_PLUGINS): RawObjectives {
  return Object.fromEntries(plugins.map((p) => [p.name, p.raw(parts, ctx)]));
}

function normalize(plugin: ObjectivePlugin, value: number, min: number, max: number): number {
  if (plugin.normalization === "absolute") return Math.max(0, Math.min(100, value));
  if (max - min <= 1e-9) return 100;
  const share = plugin.direction === "lower-better" ? (max - value) / (max - min) : (value - min) / (max - min);
  // Rounding can put the best value a hair past the ends (100.00000000000001); the scale is 0..100.
  return Math.max(0, Math.min(100, 100 * share));
}

/** Scores all candidates together (min-max needs the whole set). Returns per-candidate scores and totals. */
export function scoreCandidates(
  raws: readonly RawObjectives[],
  weights: ObjectiveWeights,
  plugins: readonly ObjectivePlugin[] = OBJECTIVE_PLUGINS,
): { scores: ObjectiveScore[][]; totals: number[] } {
  const ranges = plugins.map((p) => {
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    for (const r of raws) {
      const v = r[p.name] ?? 0;
      min = Math.min(min, v);
      max = Math.max(max, v);
    }
    return { min, max };
  });
  const scores = raws.map((r) =>
    plugins.map((p, i): ObjectiveScore => {
      const raw = r[p.name] ?? 0;
      const { min, max } = ranges[i] as { min: number; max: number };
      const normalized = normalize(p, raw, min, max);
      const weight = weights[p.name] ?? 0;
      return { objective: p.name, raw, unit: p.unit, normalized, weight, weighted: normalized * weight };
    }),
  );
  return { scores, totals: scores.map((s) => s.reduce((a, x) => a + x.weighted, 0)) };
}
