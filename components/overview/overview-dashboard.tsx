"use client";
// The operator overview, live (polled every 2 s): KPIs, allocation over time, intensity per zone,
// latest decisions. The slow-moving allocation history polls once a minute.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState, type ReactNode } from "react";
import type { Overview } from "@/server/services/overview-service";
import type { HistoryRange } from "@/server/services/sample-series";
import { AllocationHistoryChart } from "@/components/charts/allocation-history-chart";
import { RangeToggle } from "@/components/charts/range-toggle";
import { ZoneIntensityChart } from "@/components/charts/zone-intensity-chart";
import { InfoTip } from "@/components/ui/info-tip";
import { LiveStatus, HISTORY_POLL_MS, LIVE_POLL_MS } from "@/components/ui/live-status";
import { LocalTime } from "@/components/ui/local-time";
import { StatusBadge } from "@/components/ui/status-badge";
import { formatDuration, formatEmissions, formatPercent, formatSavingHint } from "@/components/ui/format";
import { useTRPC } from "@/components/trpc/react";
import { savingRangeHint, savingTip } from "./saving-figure";

function Kpi({ label, value, hint, tip, testId }: { label: string; value: string; hint?: string; tip?: ReactNode; testId?: string }) {
  return (
    <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200" data-testid={testId}>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{tip ? <InfoTip tip={tip}>{label}</InfoTip> : label}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900">{value}</dd>
      {hint && <dd className="text-xs text-slate-600">{hint}</dd>}
    </div>
  );
}

export function OverviewDashboard({ initial }: { initial: Overview }) {
  const trpc = useTRPC();
  const live = useQuery({ ...trpc.overview.get.queryOptions(), initialData: initial, refetchInterval: LIVE_POLL_MS });
  const [range, setRange] = useState<HistoryRange>("24h");
  const history = useQuery({ ...trpc.overview.allocationHistory.queryOptions({ range }), refetchInterval: HISTORY_POLL_MS });
  // The SOR KPI always covers the last 24 h (the same query as the chart's default window).
  const day = useQuery({ ...trpc.overview.allocationHistory.queryOptions({ range: "24h" }), refetchInterval: HISTORY_POLL_MS });
  const o = live.data ?? initial;
  const wait = (s: number | null) => (s === null ? "—" : formatDuration(Math.round(s)));
  const sor = day.data?.sor;
  return (
    <div className="flex flex-col gap-6">
      <LiveStatus updatedAt={live.dataUpdatedAt} error={live.error} />
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4" data-testid="kpis">
        <Kpi
          label="GPU allocation (GAR)"
          value={formatPercent(o.gar)}
          hint={`of ${o.gpus.toLocaleString("en-US")} GPUs`}
          tip="Allocated GPUs over schedulable GPUs right now; a shared GPU counts by its allocated share."
        />
        <Kpi
          testId="kpi-sor"
          label="Occupancy 24 h (SOR)"
          value={sor?.ratio == null ? "—" : formatPercent(sor.ratio)}
          hint={
            sor?.ratio == null
              ? day.isLoading
                ? "loading…"
                : "no GPUs held yet"
              : `${Math.round(sor.countedGpuHours).toLocaleString("en-US")} of ${Math.round(sor.heldGpuHours).toLocaleString("en-US")} GPU-hours held`
          }
          tip="Scheduling occupancy rate over the last 24 hours: GPU time of runs that succeeded or are running, over the GPU time placements held (start-up time and failed or cancelled runs count as held)."
        />
        <Kpi
          testId="kpi-gfr"
          label="Fragmented nodes (GFR)"
          value={formatPercent(o.gfr.ratio)}
          hint={`${o.gfr.fragmentedNodes.toLocaleString("en-US")} of ${o.gfr.gpuNodes.toLocaleString("en-US")} GPU nodes`}
          tip={`GPU node fragmentation ratio: the share of GPU nodes that are partly allocated and whose free whole GPUs cannot host the most common multi-GPU request (${o.gfr.shapeGpus} GPUs).`}
        />
        <Kpi label="Queued jobs" value={String(o.jobs.queued)} hint={`${o.jobs.running} running · ${o.jobs.placed} placed`} />
        <Kpi label="Wait p50 / p90" value={`${wait(o.wait.p50S)} / ${wait(o.wait.p90S)}`} hint={`${o.wait.jobs} jobs placed this week`} />
        <Kpi label="CO2e today" value={formatEmissions(o.today.emissionsGCo2e)} hint={`${o.today.energyKwh.toFixed(1)} kWh estimated`} />
        <Kpi label="CO2e this week" value={formatEmissions(o.week.emissionsGCo2e)} hint={`${o.week.energyKwh.toFixed(1)} kWh estimated`} />
        <Kpi
          testId="kpi-saved-today"
          label="Saved vs baseline today"
          value={o.savings.today.jobs ? formatEmissions(o.savings.today.savedGCo2e) : "—"}
          hint={[formatSavingHint(o.savings.today), savingRangeHint(o.savings.today)].filter(Boolean).join(" · ")}
          tip={savingTip(o.savings.today, "today")}
        />
        <Kpi
          testId="kpi-saved-week"
          label="Saved vs baseline (7 days)"
          value={o.savings.week.jobs ? formatEmissions(o.savings.week.savedGCo2e) : "—"}
          hint={[formatSavingHint(o.savings.week), savingRangeHint(o.savings.week), `planned by waiting: ${formatEmissions(o.week.savedByWaitingGCo2e)}`]
            .filter(Boolean)
            .join(" · ")}
          tip={`${savingTip(o.savings.week, "today and the six days before")} 'Planned by waiting' is what the scheduler expected to save by deferring jobs placed this week.`}
        />
        <Kpi label="Completed jobs" value={String(o.jobs.succeeded)} hint={`${o.jobs.expired} expired`} />
      </dl>

      <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby="allocation-title">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h2 id="allocation-title" className="text-lg font-semibold">
            GPU allocation over time
          </h2>
          <RangeToggle value={range} onChange={setRange} label="Allocation chart window" />
        </div>
        {history.error ? (
          <p role="alert" className="text-sm text-red-700">
            Could not load the allocation history: {history.error.message}
          </p>
        ) : history.data ? (
          <AllocationHistoryChart history={history.data} />
        ) : (
          <p className="text-sm text-slate-600">Loading the allocation history…</p>
        )}
      </section>

      <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby="intensity-title">
        <h2 id="intensity-title" className="mb-3 text-lg font-semibold">
          Carbon intensity by grid zone
        </h2>
        <ZoneIntensityChart rows={o.intensity} zones={o.zones} nowMs={o.nowMs} />
        <div className="relative mt-4 overflow-x-auto">
          <table className="min-w-full text-sm">
            <caption className="sr-only">Intensity now and the cleanest hour in the next 24 hours per zone</caption>
            <thead className="text-left text-xs uppercase text-slate-600">
              <tr>
                <th scope="col" className="py-1">
                  Zone
                </th>
                <th scope="col" className="py-1 text-right">
                  Now (gCO2e/kWh)
                </th>
                <th scope="col" className="py-1 text-right">
                  Cleanest next 24 h
                </th>
              </tr>
            </thead>
            <tbody>
              {o.nowIntensity.map((z) => (
                <tr key={z.zone} className="border-t border-slate-100">
                  <td className="py-1 font-medium">{z.zone}</td>
                  <td className="py-1 text-right">
                    {z.gCo2ePerKwh === null ? "—" : `${z.gCo2ePerKwh.toFixed(0)}${z.kind === "FORECAST" ? " (forecast)" : ""}`}
                  </td>
                  <td className="py-1 text-right">
                    {z.next24hMin ? (
                      <>
                        {z.next24hMin.gCo2ePerKwh.toFixed(0)} at <LocalTime value={new Date(z.next24hMin.atMs)} />
                      </>
                    ) : (
                      "—"
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby="decisions-title">
        <h2 id="decisions-title" className="mb-3 text-lg font-semibold">
          Latest decisions
        </h2>
        {o.decisions.length === 0 ? (
          <p className="text-sm text-slate-600">No decisions yet: the scheduler decides within seconds of a submission.</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm">
            {o.decisions.map((d) => (
              <li key={d.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2" data-testid="latest-decision">
                <StatusBadge status={d.outcome} />
                <Link href={`/decisions/${d.id}`} className="font-medium text-leaf-700 underline">
                  {d.jobName}
                </Link>
                <span className="text-slate-600">{d.tenantName}</span>
                <span className="text-slate-600">{d.clusterName ?? "no cluster"}</span>
                <span className="ml-auto text-slate-600">
                  <LocalTime value={d.createdAt} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
