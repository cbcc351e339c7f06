// The overview's "saved vs baseline" figures: the range the baseline's spread allows and which
// method computed it, rendered from the ledger sums (the method words live in components/carbon).
import { formatEmissions } from "@/components/ui/format";
import { ledgerMethodInfo } from "@/components/carbon/ledger-methods";

/** Ledger sums as the overview reads them. */
export interface SavingSums {
  jobs: number;
  actualGCo2e: number;
  baselineGCo2e: number;
  baselineMinGCo2e: number;
  baselineMaxGCo2e: number;
  savedGCo2e: number;
  methods: string[];
}

const pctOf = (s: SavingSums, baseline: number) => (baseline > 0 ? `${((100 * (baseline - s.actualGCo2e)) / baseline).toFixed(1)} %` : "—");

/** "range a % to b % · method": the saved share if every baseline were its cleanest / dirtiest candidate. */
export function savingRangeHint(s: SavingSums): string {
  if (s.jobs === 0) return "";
  const method = s.methods.map((m) => ledgerMethodInfo(m).label).join(" + ");
  if (s.baselineMaxGCo2e - s.baselineMinGCo2e <= 1e-9) return method;
  // The cleanest candidates give the smallest saving, the dirtiest the largest.
  return `range ${pctOf(s, s.baselineMinGCo2e)} to ${pctOf(s, s.baselineMaxGCo2e)} · ${method}`;
}

/** The tip: what the figure compares, how the baseline is computed and its limits. */
export function savingTip(s: SavingSums, period: string): string {
  const spread =
    s.baselineMaxGCo2e - s.baselineMinGCo2e > 1e-9
      ? ` Baseline ${formatEmissions(s.baselineGCo2e)}, between ${formatEmissions(s.baselineMinGCo2e)} and ${formatEmissions(s.baselineMaxGCo2e)} by candidate.`
      : "";
  return `From the savings ledger, ${period}: what finished jobs emitted against a carbon-agnostic scheduler for the same jobs — the same run started at submission on the clusters that could hold it, weighted by their capacity (it ignores queueing; Carbon > Savings ledger explains the method and its limits).${spread}`;
}
