/** The per-cluster and waiting-time lines of `npm run ledger:audit` (see server/accounting/shadow-breakdown). */
import type { ClusterLoad, Concurrency, ShadowBreakdown, WaitSummary } from "../../server/accounting/shadow-breakdown";

const load = (l: ClusterLoad, total: number) =>
  `${l.jobs} jobs (${total > 0 ? ((100 * l.jobs) / total).toFixed(1) : "0.0"} %) ${(l.grams / 1000).toFixed(2)} kg`;
const minutes = (s: number) => `${(s / 60).toFixed(1)} min`;
const waits = (w: WaitSummary) => `mean ${minutes(w.meanS)}, median ${minutes(w.p50S)}, p90 ${minutes(w.p90S)} over ${w.jobs} jobs`;

const conc = (c: Concurrency) => `${c.meanJobs.toPrecision(4)} / ${c.peakJobs}`;

/** One line per cluster (live, replayed baseline, replayed active), then the waits of each. */
export function breakdownLines(b: ShadowBreakdown): string[] {
  const totals = (pick: (c: ShadowBreakdown["clusters"][number]) => ClusterLoad) => b.clusters.reduce((t, c) => t + pick(c).jobs, 0);
  const live = totals((c) => c.live);
  const base = totals((c) => c.baseline);
  const active = totals((c) => c.active);
  return [
    "per cluster (jobs first started there, grams drawn there): live | replay baseline | replay active",
    ...b.clusters.map((c) => `  ${c.name}: ${load(c.live, live)} | ${load(c.baseline, base)} | ${load(c.active, active)}`),
    `wait from submission to start, live: ${waits(b.waits.live)}`,
    `wait from submission to start, replay baseline: ${waits(b.waits.baseline)}`,
    `wait from submission to start, replay active: ${waits(b.waits.active)}`,
    `jobs running at once (mean over the period, peak): live ${conc(b.concurrency.live)}, replay baseline ${conc(b.concurrency.baseline)}, replay active ${conc(b.concurrency.active)}`,
  ];
}
