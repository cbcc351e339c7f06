/** The text and JSON of `npm run ledger:audit` from its summary. */
import type { DifferenceInterval } from "../../server/accounting/audit-difference-interval";
import type { LedgerAuditSummary } from "../../server/accounting/shadow-replay";

const kg = (g: number | null) => (g === null ? "—" : `${(g / 1000).toFixed(2)} kg`);
const pct = (p: number | null) => (p === null ? "—" : `${p.toFixed(1)} %`);

/** The human-readable report (one line per figure). */
export function ledgerAuditLines(s: LedgerAuditSummary, period: { from: Date; to: Date }, interval: DifferenceInterval | null = null): string[] {
  const methods = Object.entries(s.methods)
    .map(([m, n]) => `${m} x${n}`)
    .join(", ");
  const spread = s.ledger.baselineMinG === null ? "" : ` (candidates' range ${kg(s.ledger.baselineMinG)} - ${kg(s.ledger.baselineMaxG)})`;
  const gap = s.ledger.savedPct !== null && s.shadow.savedPct !== null ? `${(s.ledger.savedPct - s.shadow.savedPct).toFixed(1)} points` : "—";
  return [
    `ledger audit ${period.from.toISOString()} .. ${period.to.toISOString()}: ${s.entries} entries (${methods || "none"})`,
    `baseline cluster share max: ${s.baselineClusterShareMax === null ? "none (mixed baselines)" : pct(100 * s.baselineClusterShareMax)}`,
    `method 1, ledger:       actual ${kg(s.ledger.actualG)}, baseline ${kg(s.ledger.baselineG)}${spread}, saved ${pct(s.ledger.savedPct)}`,
    `method 2, shadow replay: active policy ${kg(s.shadow.activeG)}, carbon-agnostic baseline ${kg(s.shadow.baselineG)}, saved ${pct(s.shadow.savedPct)}`,
    `replay vs ledger actual: ${kg(s.shadow.activeG)} vs ${kg(s.ledger.actualG)}; jobs the replay did not finish: baseline ${s.shadow.jobsNotFinished.baseline}, active ${s.shadow.jobsNotFinished.active}`,
    `zone-hours of the period without a measurement: ${s.unmeasuredHours} (${s.forecastHours} priced at the provider's forecast, the rest at the annual average, in both methods)`,
    `difference of the two methods: ${gap}${
      interval
        ? ` (${Math.round(100 * interval.level)} % bootstrap interval over the period's jobs: ${interval.lowPts.toFixed(1)} .. ${interval.highPts.toFixed(1)} points)`
        : ""
    }`,
  ];
}

/** The last line with --json. */
export function ledgerAuditJson(s: LedgerAuditSummary): string {
  return JSON.stringify({
    entries: s.entries,
    baselineClusterShareMax: s.baselineClusterShareMax,
    ledgerSavedPct: s.ledger.savedPct,
    shadowSavedPct: s.shadow.savedPct,
  });
}
