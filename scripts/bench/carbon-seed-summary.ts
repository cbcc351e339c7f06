/**
 * Summary of the carbon matrix over several scenario seeds: one scenario's result on one seed swings
 * by ten points between seeds (the fleet and the trace are sampled per seed), so the figures to judge
 * by are per-row means with their range, and how often the combined policy did at least as well as
 * every other policy on the same seed.
 */

/** One policy's figures on one scenario and seed. */
export interface PolicyFigures {
  readonly savedPct: number;
  readonly garDeltaPts: number;
  readonly meanWaitDeltaS: number;
}

/** One scenario (zone set, season, fleet) on one seed. */
export interface SeedRow {
  readonly set: string;
  readonly season: string;
  readonly fleet: string;
  readonly seed: number;
  readonly baselineMeanWaitS: number;
  readonly policies: Readonly<Record<string, PolicyFigures>>;
}

/** Mean, least and greatest of a list of numbers. */
export interface Spread {
  readonly mean: number;
  readonly min: number;
  readonly max: number;
}

/** One scenario over every seed. */
export interface SummaryRow {
  readonly set: string;
  readonly season: string;
  readonly fleet: string;
  readonly seeds: number;
  readonly baselineMeanWaitS: Spread;
  readonly savedPct: Readonly<Record<string, Spread>>;
  readonly meanWaitDeltaS: Readonly<Record<string, number>>;
  /** Seeds on which `combined` saved at least as much as every other policy (absent without it). */
  readonly combinedAtLeastAllOthers?: number;
}

function spread(values: readonly number[]): Spread {
  return { mean: values.reduce((a, b) => a + b, 0) / values.length, min: Math.min(...values), max: Math.max(...values) };
}

/**
 * Groups rows by scenario (in first-seen order) and summarizes each over its seeds; `combined` names
 * the policy that should never do worse than its parts (the other policies of the row).
 */
export function summarizeSeeds(rows: readonly SeedRow[], policies: readonly string[], combined = "verdant"): SummaryRow[] {
  const groups = new Map<string, SeedRow[]>();
  for (const r of rows) {
    const key = `${r.set}|${r.season}|${r.fleet}`;
    const group = groups.get(key);
    if (group) group.push(r);
    else groups.set(key, [r]);
  }
  return [...groups.values()].map((group) => {
    const first = group[0] as SeedRow;
    const others = policies.filter((p) => p !== combined);
    const withCombined = policies.includes(combined) && others.length > 0;
    return {
      set: first.set,
      season: first.season,
      fleet: first.fleet,
      seeds: group.length,
      baselineMeanWaitS: spread(group.map((r) => r.baselineMeanWaitS)),
      savedPct: Object.fromEntries(policies.map((p) => [p, spread(group.map((r) => (r.policies[p] as PolicyFigures).savedPct))])),
      meanWaitDeltaS: Object.fromEntries(policies.map((p) => [p, spread(group.map((r) => (r.policies[p] as PolicyFigures).meanWaitDeltaS)).mean])),
      ...(withCombined
        ? {
            combinedAtLeastAllOthers: group.filter((r) =>
              others.every((p) => (r.policies[combined] as PolicyFigures).savedPct >= (r.policies[p] as PolicyFigures).savedPct),
            ).length,
          }
        : {}),
    };
  });
}

/** Mean saving per fleet and policy over the summary's rows (each row weighs the same). */
export function fleetMeans(summary: readonly SummaryRow[], policies: readonly string[]): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const fleet of [...new Set(summary.map((r) => r.fleet))]) {
    const rows = summary.filter((r) => r.fleet === fleet);
    out[fleet] = Object.fromEntries(policies.map((p) => [p, rows.reduce((a, r) => a + (r.savedPct[p] as Spread).mean, 0) / rows.length]));
  }
  return out;
}
