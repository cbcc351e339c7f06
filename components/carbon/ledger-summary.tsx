// The ledger's headline figures: saved (with the range the baseline's spread allows), actual,
// baseline (with its range) and the method(s) of the period.
import type { RouterOutputs } from "@/components/trpc/router-types";
import { formatEmissions } from "@/components/ui/format";
import { ledgerMethodInfo } from "./ledger-methods";
import { Figure } from "./totals-table";

const pct = (p: number | null) => (p === null ? "—" : `${p.toFixed(1)} %`);

/** The four figures above the ledger's charts. */
export function LedgerSummary({ l }: { l: RouterOutputs["carbon"]["ledger"] }) {
  const { total } = l;
  const ranged = total.baselineMaxGCo2e - total.baselineMinGCo2e > 1e-9;
  const savedHint =
    total.savedPct === null
      ? undefined
      : `${pct(total.savedPct)} of the baseline${ranged ? ` (range ${pct(total.savedPctRange.low)} to ${pct(total.savedPctRange.high)})` : ""}`;
  const main = l.methods[0];
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-4" data-testid="ledger-summary">
      <Figure label="Saved vs baseline" value={formatEmissions(total.savedGCo2e)} hint={savedHint} />
      <Figure label="Actual" value={formatEmissions(total.actualGCo2e)} hint={`${total.jobs} finished jobs`} />
      <Figure
        label="Baseline"
        value={formatEmissions(total.baselineGCo2e)}
        hint={
          ranged ? `candidates' range ${formatEmissions(total.baselineMinGCo2e)} – ${formatEmissions(total.baselineMaxGCo2e)}` : "carbon-agnostic placement"
        }
      />
      <Figure
        label="Method"
        value={main ? ledgerMethodInfo(main.method).label : "—"}
        hint={l.methods.map((m) => `${m.method} (${m.jobs} ${m.jobs === 1 ? "job" : "jobs"})`).join(" · ")}
      />
    </dl>
  );
}
