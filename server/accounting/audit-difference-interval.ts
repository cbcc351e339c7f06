/**
 * How far the ledger's saved share and the shadow replay's may differ because of which jobs the period
 * happens to hold (pure). A few large jobs with two candidate clusters can carry a third of a short
 * period's emissions; method 1 prices each at the expectation over its candidates, the replay at the
 * one cluster its baseline picked, so the difference swings with those few jobs. A percentile
 * bootstrap over jobs measures that swing: jobs are drawn with replacement (each keeps its four
 * figures, so the comparison stays paired), both shares are recomputed, and the interval holds the
 * middle 95 % of the differences. Seeded, so an audit prints the same interval every time.
 */
import { createRng, type SimInput, type SimRunPart } from "../engine";
import { partsEmissions, simZoneLookup } from "./ledger-validation";
import type { ShadowJob } from "./shadow-replay";

/** One ledger job's grams under both methods. */
export interface JobGrams {
  actualG: number;
  ledgerBaselineG: number;
  replayActiveG: number;
  replayBaselineG: number;
}

/** The bootstrap interval of ledger-minus-replay saved share, in percentage points. */
export interface DifferenceInterval {
  lowPts: number;
  highPts: number;
  level: number;
  resamples: number;
}

/** Each ledger job's actual and method-1 grams beside its grams under the replay's two policies. */
export function perJobGrams(jobs: readonly ShadowJob[], scenario: SimInput, parts: ReadonlyMap<string, readonly SimRunPart[]>): JobGrams[] {
  const lookups = new Map(scenario.zones.map((z) => [z.zone, simZoneLookup(scenario, z.zone)] as const));
  const byJob = (policy: string) => {
    const map = new Map<string, SimRunPart[]>();
    for (const p of parts.get(policy) ?? []) {
      const list = map.get(p.jobId) ?? [];
      list.push(p);
      map.set(p.jobId, list);
    }
    return map;
  };
  const active = byJob("active");
  const baseline = byJob("baseline");
  return jobs.map((j) => ({
    actualG: j.entry.actualGCo2e,
    ledgerBaselineG: j.entry.baselineGCo2e,
    replayActiveG: partsEmissions(active.get(j.id) ?? [], scenario, lookups),
    replayBaselineG: partsEmissions(baseline.get(j.id) ?? [], scenario, lookups),
  }));
}

/** Ledger saved share minus replay saved share (points) over the given sums, or null when a baseline is empty. */
function differencePts(actual: number, ledgerBaseline: number, replayActive: number, replayBaseline: number): number | null {
  if (!(ledgerBaseline > 0) || !(replayBaseline > 0)) return null;
  return 100 * ((ledgerBaseline - actual) / ledgerBaseline - (replayBaseline - replayActive) / replayBaseline);
}

/**
 * The percentile bootstrap interval of the difference (file header); null with fewer than two jobs or
 * when no resample has both baselines above zero.
 */
export function differenceInterval(rows: readonly JobGrams[], options: { resamples?: number; level?: number; seed?: number } = {}): DifferenceInterval | null {
  const resamples = options.resamples ?? 2000;
  const level = options.level ?? 0.95;
  if (rows.length < 2) return null;
  const rng = createRng(options.seed ?? 1);
  const diffs: number[] = [];
  for (let r = 0; r < resamples; r++) {
    let actual = 0;
    let ledgerBaseline = 0;
    let replayActive = 0;
    let replayBaseline = 0;
    for (let i = 0; i < rows.length; i++) {
      const row = rows[rng.nextInt(rows.length)]!;
      actual += row.actualG;
      ledgerBaseline += row.ledgerBaselineG;
      replayActive += row.replayActiveG;
      replayBaseline += row.replayBaselineG;
    }
    const d = differencePts(actual, ledgerBaseline, replayActive, replayBaseline);
    if (d !== null) diffs.push(d);
  }
  if (diffs.length === 0) return null;
  diffs.sort((a, b) => a - b);
  const at = (q: number) => diffs[Math.min(diffs.length - 1, Math.max(0, Math.round(q * (diffs.length - 1))))]!;
  return { lowPts: at((1 - level) / 2), highPts: at(1 - (1 - level) / 2), level, resamples };
}
