"use client";
// The savings ledger: per finished job, what it emitted against what the carbon-agnostic baseline
// would have, with totals per day, tenant and cluster and one page of entries.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { LazyCategoryBarChart } from "@/components/charts/lazy-charts";
import { Button } from "@/components/ui/button";
import { formatEmissions } from "@/components/ui/format";
import { useTRPC } from "@/components/trpc/react";
import { LedgerEntriesTable } from "./ledger-entries-table";
import { LedgerMethodDisclosure } from "./ledger-method-disclosure";
import { LedgerSummary } from "./ledger-summary";
import { QueryState } from "./section-card";
import { TotalsTable } from "./totals-table";
import { formatDay } from "./use-time-zone";

const PAGE_SIZE = 20;
type Totals = { key: string; name: string; actualGCo2e: number; baselineGCo2e: number; savedGCo2e: number; jobs: number };
const pct = (t: { savedGCo2e: number; baselineGCo2e: number }) => (t.baselineGCo2e > 0 ? `${((100 * t.savedGCo2e) / t.baselineGCo2e).toFixed(1)} %` : "—");
const totalsRows = (rows: Totals[]) =>
  rows.map((t) => ({
    key: t.key,
    cells: [t.name, t.jobs, formatEmissions(t.actualGCo2e), formatEmissions(t.baselineGCo2e), formatEmissions(t.savedGCo2e), pct(t)],
  }));
const COLUMNS = ["Jobs", "Actual", "Baseline", "Saved", "Saved %"];

/** The ledger panel for the last `days` days, grouped by the viewer's calendar days; `onShown` once its first answer (or error) is on screen. */
export function SavingsLedgerSection({ days, tz, onShown }: { days: number; tz: string; onShown?: () => void }) {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const query = useQuery({
    // In a request of its own: batched with the emissions it would wait for them, and both would be drawn in one task.
    ...trpc.carbon.ledger.queryOptions({ days, tz, page, pageSize: PAGE_SIZE }, { trpc: { context: { skipBatch: true } } }),
    placeholderData: (previous) => previous,
    refetchInterval: 60_000,
  });
  const l = query.data;
  const settled = query.data !== undefined || query.error !== null;
  useEffect(() => {
    if (settled) onShown?.();
  }, [settled, onShown]);
  const pages = l ? Math.max(1, Math.ceil(l.totalEntries / PAGE_SIZE)) : 1;
  return (
    <QueryState isLoading={query.isLoading} error={query.error}>
      {l && l.total.jobs === 0 && (
        <p className="rounded-md bg-slate-50 p-4 text-sm text-slate-700" data-testid="ledger-empty">
          No job has finished in the last {days} days, so the ledger is empty. When a job finishes, its emissions are recorded beside what a carbon-agnostic
          scheduler would have emitted: the same run started at submission on the clusters that could hold it, weighted by their capacity.
        </p>
      )}
      {l && l.total.jobs > 0 && (
        <div className="flex flex-col gap-5" data-testid="ledger">
          <LedgerSummary l={l} />
          <LedgerMethodDisclosure methods={l.methods} />
          <div>
            <h3 className="mb-1 text-sm font-semibold">Actual vs baseline by day</h3>
            <LazyCategoryBarChart
              rows={l.byDay.map((d) => ({ day: d.key, actual: d.actualGCo2e / 1000, baseline: d.baselineGCo2e / 1000 }))}
              categoryKey="day"
              series={[
                { key: "baseline", label: "baseline", color: "#94a3b8" },
                { key: "actual", label: "actual", color: "#15803d" },
              ]}
              unit="kg CO2e"
              label="Bar chart per day of the emissions of finished jobs against the carbon-agnostic baseline, in kilograms of CO2e"
              formatCategory={formatDay}
            />
          </div>
          <div className="grid gap-5 lg:grid-cols-2">
            <div className="min-w-0">
              <h3 className="mb-1 text-sm font-semibold">By tenant</h3>
              <TotalsTable caption="Savings per tenant" columns={["Tenant", ...COLUMNS]} rows={totalsRows(l.byTenant)} />
            </div>
            <div className="min-w-0">
              <h3 className="mb-1 text-sm font-semibold">By cluster</h3>
              <TotalsTable caption="Savings per cluster where the jobs ran" columns={["Cluster", ...COLUMNS]} rows={totalsRows(l.byCluster)} />
            </div>
          </div>
          <div>
            <h3 className="mb-1 text-sm font-semibold">Entries</h3>
            <LedgerEntriesTable entries={l.entries} />
            <div className="mt-2 flex items-center justify-between text-sm text-slate-600">
              <span>
                {l.totalEntries} entries · page {page} of {pages}
              </span>
              <span className="flex gap-2">
                <Button variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                  Previous
                </Button>
                <Button variant="secondary" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
                  Next
                </Button>
              </span>
            </div>
          </div>
        </div>
      )}
    </QueryState>
  );
}
