"use client";
// The savings ledger: per finished job, what it emitted against what the carbon-agnostic baseline
// would have, with totals per day, tenant and cluster and one page of entries.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { CategoryBarChart } from "@/components/charts/category-bar-chart";
import { Button } from "@/components/ui/button";
import { LocalTime } from "@/components/ui/local-time";
import { formatEmissions } from "@/components/ui/format";
import { useTRPC } from "@/components/trpc/react";
import { QueryState } from "./section-card";
import { Figure, TotalsTable } from "./totals-table";
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

/** The ledger panel for the last `days` days, grouped by the viewer's calendar days. */
export function SavingsLedgerSection({ days, tz }: { days: number; tz: string }) {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const query = useQuery({
    ...trpc.carbon.ledger.queryOptions({ days, tz, page, pageSize: PAGE_SIZE }),
    placeholderData: (previous) => previous,
    refetchInterval: 60_000,
  });
  const l = query.data;
  const pages = l ? Math.max(1, Math.ceil(l.totalEntries / PAGE_SIZE)) : 1;
  return (
    <QueryState isLoading={query.isLoading} error={query.error}>
      {l && l.total.jobs === 0 && (
        <p className="rounded-md bg-slate-50 p-4 text-sm text-slate-700" data-testid="ledger-empty">
          No job has finished in the last {days} days, so the ledger is empty. When a job finishes, its emissions are recorded beside what the carbon-agnostic
          baseline (the least-loaded cluster, started at submission) would have emitted.
        </p>
      )}
      {l && l.total.jobs > 0 && (
        <div className="flex flex-col gap-5" data-testid="ledger">
          <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
            <Figure
              label="Saved vs baseline"
              value={formatEmissions(l.total.savedGCo2e)}
              hint={l.total.savedPct === null ? undefined : `${l.total.savedPct.toFixed(1)} % of the baseline`}
            />
            <Figure label="Actual" value={formatEmissions(l.total.actualGCo2e)} hint={`${l.total.jobs} finished jobs`} />
            <Figure label="Baseline" value={formatEmissions(l.total.baselineGCo2e)} hint="carbon-agnostic placement" />
            <Figure label="Method" value={l.methods[0]?.method.split("@")[0] ?? "—"} hint={l.methods.map((m) => `${m.method} (${m.jobs} jobs)`).join(" · ")} />
          </dl>
          <div>
            <h3 className="mb-1 text-sm font-semibold">Actual vs baseline by day</h3>
            <CategoryBarChart
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
            <div className="overflow-x-auto">
              <table className="min-w-full text-sm">
                <caption className="sr-only">Savings ledger entries, newest first</caption>
                <thead className="text-left text-xs uppercase text-slate-600">
                  <tr>
                    <th scope="col" className="py-1 pr-3">
                      Job
                    </th>
                    <th scope="col" className="py-1 pr-3">
                      Tenant
                    </th>
                    <th scope="col" className="py-1 pr-3">
                      Finished
                    </th>
                    <th scope="col" className="py-1 pr-3">
                      Ran on
                    </th>
                    <th scope="col" className="py-1 pr-3">
                      Baseline
                    </th>
                    <th scope="col" className="py-1 pr-3 text-right">
                      Actual
                    </th>
                    <th scope="col" className="py-1 pr-3 text-right">
                      Baseline
                    </th>
                    <th scope="col" className="py-1 pr-3 text-right">
                      Saved
                    </th>
                    <th scope="col" className="py-1">
                      Method
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {l.entries.map((e) => (
                    <tr key={e.id} className="border-t border-slate-100 align-top" data-testid="ledger-row">
                      <td className="py-1 pr-3">
                        {e.decisionId ? (
                          <Link href={`/decisions/${e.decisionId}`} className="font-medium text-leaf-700 underline">
                            {e.jobName}
                          </Link>
                        ) : (
                          e.jobName
                        )}
                      </td>
                      <td className="py-1 pr-3">{e.tenantName}</td>
                      <td className="whitespace-nowrap py-1 pr-3">
                        <LocalTime value={e.finishedAt ?? e.day} />
                      </td>
                      <td className="py-1 pr-3">{e.clusterName}</td>
                      <td className="py-1 pr-3">
                        {e.baselineClusterName ?? "—"}
                        {e.baselineStartAt && (
                          <span className="block text-xs text-slate-600">
                            start <LocalTime value={e.baselineStartAt} />
                          </span>
                        )}
                      </td>
                      <td className="py-1 pr-3 text-right tabular-nums">{formatEmissions(e.actualGCo2e)}</td>
                      <td className="py-1 pr-3 text-right tabular-nums">{formatEmissions(e.baselineGCo2e)}</td>
                      <td className={`py-1 pr-3 text-right tabular-nums ${e.savedGCo2e < 0 ? "text-red-700" : "text-leaf-700"}`}>
                        {formatEmissions(e.savedGCo2e)}
                      </td>
                      <td className="py-1 font-mono text-xs">{e.method}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
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
