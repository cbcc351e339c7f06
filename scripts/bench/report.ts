/** Output of bench:placement: a text table, or (with --json) one JSON object on the last line. */
import type { ReplayResult } from "./run-replay";

/** Mean of a list (0 for an empty list). */
const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

/** Per policy (and trace) aggregates. */
export interface SummaryRow {
  policy: string;
  trace: string;
  runs: number;
  unallocatedGpuPctAt100: number;
  decisionLatencyMsP50: number;
  decisionLatencyMsP99: number;
  decisionsPerSec: number;
  wallMs: number;
}

/** Aggregates runs by (trace, policy) in first-seen order. */
export function summarize(results: readonly ReplayResult[]): SummaryRow[] {
  const keys: string[] = [];
  const byKey = new Map<string, ReplayResult[]>();
  for (const r of results) {
    const key = `${r.trace}\u0000${r.policy}`;
    if (!byKey.has(key)) {
      keys.push(key);
      byKey.set(key, []);
    }
    byKey.get(key)?.push(r);
  }
  return keys.map((key) => {
    const runs = byKey.get(key) ?? [];
    const first = runs[0] as ReplayResult;
    return {
      policy: first.policy,
      trace: first.trace,
      runs: runs.length,
      unallocatedGpuPctAt100: mean(runs.map((r) => r.unallocatedGpuPctAt100)),
      decisionLatencyMsP50: mean(runs.map((r) => r.decisionLatencyMsP50)),
      decisionLatencyMsP99: Math.max(...runs.map((r) => r.decisionLatencyMsP99)),
      decisionsPerSec: mean(runs.map((r) => r.decisionsPerSec)),
      wallMs: runs.reduce((a, r) => a + r.wallMs, 0),
    };
  });
}

/** The --json object (single trace: summary keyed by policy; several traces: "<trace>/<policy>"). */
export function toJson(results: readonly ReplayResult[], multiTrace: boolean): string {
  const summary: Record<string, { unallocatedGpuPctAt100: number; decisionLatencyMsP99: number; decisionLatencyMsP50: number; decisionsPerSec: number }> = {};
  for (const row of summarize(results)) {
    summary[multiTrace ? `${row.trace}/${row.policy}` : row.policy] = {
      unallocatedGpuPctAt100: round(row.unallocatedGpuPctAt100, 3),
      decisionLatencyMsP99: round(row.decisionLatencyMsP99, 3),
      decisionLatencyMsP50: round(row.decisionLatencyMsP50, 3),
      decisionsPerSec: Math.round(row.decisionsPerSec),
    };
  }
  return JSON.stringify({
    results: results.map((r) => ({
      policy: r.policy,
      trace: r.trace,
      seed: r.seed,
      unallocatedGpuPctAt100: round(r.unallocatedGpuPctAt100, 3),
      decisionLatencyMsP50: round(r.decisionLatencyMsP50, 3),
      decisionLatencyMsP99: round(r.decisionLatencyMsP99, 3),
      decisionsPerSec: Math.round(r.decisionsPerSec),
    })),
    summary,
  });
}

function round(v: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
}

/** A text table, one row per (trace, policy). */
export function toTable(results: readonly ReplayResult[]): string {
  const rows = summarize(results);
  const header = ["trace", "policy", "seeds", "unalloc% @100", "p50 ms", "p99 ms", "decisions/s", "wall s"];
  const lines = rows.map((r) => [
    r.trace,
    r.policy,
    String(r.runs),
    r.unallocatedGpuPctAt100.toFixed(2),
    r.decisionLatencyMsP50.toFixed(3),
    r.decisionLatencyMsP99.toFixed(3),
    String(Math.round(r.decisionsPerSec)),
    (r.wallMs / 1000).toFixed(1),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] as string).length)));
  const fmt = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number))).join("  ");
  return [fmt(header), ...lines.map(fmt)].join("\n");
}
