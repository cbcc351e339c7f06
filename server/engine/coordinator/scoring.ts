/**
 * Cross-cluster objectives. Each candidate (a cluster, or a pair for a split) gets a raw value per
 * objective, normalized to 0..100 (100 = best), multiplied by the policy weight, summed.
 * - carbon (gCO2e, lower better): emissions over the chosen run window; min-max over candidates.
 * - fragmentation (milli-GPU, lower better): FGD F(M) increment of the placement; min-max.
 * - waiting (s, lower better): chosen start minus now; min-max.
 * - locality (0..100, higher better, absolute): the tier preference of the policy; when the job names a
 *   data region, 100 inside it and half the tier preference elsewhere.
 * - load (%, lower better): the cluster's GPU allocation after the placement (least-loaded spreading,
 *   the carbon-agnostic baseline's rule); min-max; weight 0 unless the policy sets it.
 * Min-max with all candidates equal gives 100 to each (the objective does not separate them).
 */
import type { ObjectiveWeights, PolicyConstraints } from "./policy";
import type { FleetCluster, FleetJob } from "./types";

/** The objectives, in report order. */
export const OBJECTIVES = ["carbon", "fragmentation", "waiting", "locality", "load"] as const;
/** An objective name. */
export type Objective = (typeof OBJECTIVES)[number];
const UNITS: Record<Objective, string> = { carbon: "gCO2e", fragmentation: "milliGpu", waiting: "s", locality: "score", load: "pct" };

/** Raw objective values of one candidate. */
export type RawObjectives = Record<Objective, number>;

/** One objective's contribution: raw -> normalized 0..100 -> x weight. */
export interface ObjectiveScore {
  readonly objective: Objective;
  readonly raw: number;
  readonly unit: string;
  readonly normalized: number;
  readonly weight: number;
  readonly weighted: number;
}

/** Locality raw score of a cluster for a job (see header). */
export function localityOf(cluster: FleetCluster, job: FleetJob, constraints: PolicyConstraints): number {
  const tier = constraints.tierPreference[cluster.tier];
  if (!job.dataRegion) return tier;
  return cluster.region === job.dataRegion ? 100 : tier / 2;
}

/** Scores all candidates together (min-max needs the whole set). Returns per-candidate scores and totals. */
export function scoreCandidates(raws: readonly RawObjectives[], weights: ObjectiveWeights): { scores: ObjectiveScore[][]; totals: number[] } {
  const range = (o: Objective) => {
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    for (const r of raws) {
      min = Math.min(min, r[o]);
      max = Math.max(max, r[o]);
    }
    return { min, max };
  };
  const ranges = Object.fromEntries(OBJECTIVES.map((o) => [o, range(o)])) as Record<Objective, { min: number; max: number }>;
  const scores = raws.map((r) =>
    OBJECTIVES.map((o): ObjectiveScore => {
      const { min, max } = ranges[o];
      const normalized = o === "locality" ? Math.max(0, Math.min(100, r[o])) : max - min <= 1e-9 ? 100 : (100 * (max - r[o])) / (max - min);
      const weight = weights[o] ?? 0;
      return { objective: o, raw: r[o], unit: UNITS[o], normalized, weight, weighted: normalized * weight };
    }),
  );
  return { scores, totals: scores.map((s) => s.reduce((a, x) => a + x.weighted, 0)) };
}
