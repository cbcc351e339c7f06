/**
 * `npm run sim -- --seeds A-B`: the scenario once per seed (each seed re-samples nodes and workload
 * and reseeds the simulation), summarized per policy as mean, min and max of what an operator weighs:
 * CO2e saved, GAR change and mean-wait change against the baseline. One seed is one fleet and one
 * trace sample; the spread over seeds shows how much a single headline number can be trusted.
 */
import type { SimResult } from "@/server/engine";
import { formatDuration } from "./report";

/** Mean, min and max of one figure over the seeds. */
export interface Spread {
  mean: number;
  min: number;
  max: number;
}

/** Per policy: the spreads, over seeds, of its figures against the baseline. */
export interface SeedSweepSummary {
  seeds: number[];
  baseline: string;
  policies: Record<string, { emissionsSavedPct: Spread; garDeltaPoints: Spread; meanWaitDeltaS: Spread; deadlineMisses: Spread; wallMs: Spread }>;
}

function spread(values: readonly number[]): Spread {
  return { mean: values.reduce((a, b) => a + b, 0) / Math.max(1, values.length), min: Math.min(...values), max: Math.max(...values) };
}

/** Summarizes one result per seed (same scenario, same policies). */
export function summarizeSeeds(seeds: readonly number[], results: readonly SimResult[]): SeedSweepSummary {
  const first = results[0];
  if (!first) throw new Error("no results to summarize");
  const policies: SeedSweepSummary["policies"] = {};
  for (const name of Object.keys(first.policies)) {
    const of = (f: (m: SimResult["policies"][string]) => number) => spread(results.map((r) => f(r.policies[name] as SimResult["policies"][string])));
    policies[name] = {
      emissionsSavedPct: of((m) => m.emissionsSavedPctVsBaseline),
      garDeltaPoints: of((m) => m.garDeltaPointsVsBaseline),
      meanWaitDeltaS: of((m) => m.meanWaitDeltaSVsBaseline),
      deadlineMisses: of((m) => m.deadlineMisses),
      wallMs: of((m) => m.wallMs),
    };
  }
  return { seeds: [...seeds], baseline: first.baseline, policies };
}

const signed = (x: number, digits: number) => `${x > 0 ? "+" : ""}${x.toFixed(digits)}`;
const wait = (s: number) => `${s < 0 ? "-" : "+"}${formatDuration(Math.abs(s))}`;

/** The summary as a text table: one row per policy, "mean (min .. max)" cells. */
export function seedSweepTable(summary: SeedSweepSummary): string {
  const header = [
    "policy",
    "CO2e saved % mean (min .. max)",
    "GAR change pts mean (min .. max)",
    "mean wait change mean (min .. max)",
    "deadline misses mean",
    "wall s mean",
  ];
  const rows = Object.entries(summary.policies).map(([name, p]) => [
    name === summary.baseline ? `${name} (baseline)` : name,
    `${signed(p.emissionsSavedPct.mean, 1)} (${signed(p.emissionsSavedPct.min, 1)} .. ${signed(p.emissionsSavedPct.max, 1)})`,
    `${signed(p.garDeltaPoints.mean, 2)} (${signed(p.garDeltaPoints.min, 2)} .. ${signed(p.garDeltaPoints.max, 2)})`,
    `${wait(p.meanWaitDeltaS.mean)} (${wait(p.meanWaitDeltaS.min)} .. ${wait(p.meanWaitDeltaS.max)})`,
    p.deadlineMisses.mean.toFixed(1),
    (p.wallMs.mean / 1000).toFixed(1),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number))).join("  ");
  return [
    `${summary.seeds.length} seeds (${summary.seeds.join(", ")}); baseline "${summary.baseline}"`,
    line(header),
    widths.map((w) => "-".repeat(w)).join("  "),
    ...rows.map(line),
  ].join("\n");
}
