"use client";
// The operator overview, refreshed every 5 seconds: KPIs, intensity per zone, latest decisions.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import type { Overview } from "@/server/services/overview-service";
import { ZoneIntensityChart } from "@/components/charts/zone-intensity-chart";
import { LocalTime } from "@/components/ui/local-time";
import { StatusBadge } from "@/components/ui/status-badge";
import { formatDuration, formatEmissions } from "@/components/ui/format";
import { useTRPC } from "@/components/trpc/react";


function Kpi({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900">{value}</dd>
      {hint && <dd className="text-xs text-slate-600">{hint}</dd>}
    </div>
  );
}

export function OverviewDashboard({ initial }: { initial: Overview }) {
  const trpc = useTRPC();
  const { data } = useQuery({ ...trpc.overview.get.queryOptions(), initialData: initial, refetchInterval: 5_000 });
  const o = data ?? initial;
  const wait = (s: number | null) => (s === null ? "—" : formatDuration(Math.round(s)));
  return (
    <div className="flex flex-col gap-6">
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4" data-testid="kpis">
        <Kpi label="GPU allocation (GAR)" value={`${(o.gar * 100).toFixed(1)} %`} hint={`of ${o.gpus.toLocaleString("en-US")} GPUs`} />
        <Kpi label="Queued jobs" value={String(o.jobs.queued)} hint={`${o.jobs.running} running · ${o.jobs.placed} placed`} />
        <Kpi label="Wait p50 / p90" value={`${wait(o.wait.p50S)} / ${wait(o.wait.p90S)}`} hint={`${o.wait.jobs} jobs placed this week`} />
        <Kpi label="CO2e today" value={formatEmissions(o.today.emissionsGCo2e)} hint={`${o.today.energyKwh.toFixed(1)} kWh estimated`} />
        <Kpi label="CO2e this week" value={formatEmissions(o.week.emissionsGCo2e)} hint={`${o.week.energyKwh.toFixed(1)} kWh estimated`} />
        <Kpi label="Saved by waiting (week)" value={formatEmissions(o.week.savedByWaitingGCo2e)} hint="vs starting each job at once" />
        <Kpi label="Completed jobs" value={String(o.jobs.succeeded)} hint={`${o.jobs.expired} expired`} />
      </dl>

      <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby="intensity-title">
        <h2 id="intensity-title" className="mb-3 text-lg font-semibold">Carbon intensity by grid zone</h2>
        <ZoneIntensityChart rows={o.intensity} zones={o.zones} nowMs={o.nowMs} />
        <table className="mt-4 min-w-full text-sm">
          <caption className="sr-only">Intensity now and the cleanest hour in the next 24 hours per zone</caption>
          <thead className="text-left text-xs uppercase text-slate-600">
            <tr><th scope="col" className="py-1">Zone</th><th scope="col" className="py-1 text-right">Now (gCO2e/kWh)</th><th scope="col" className="py-1 text-right">Cleanest next 24 h</th></tr>
          </thead>
          <tbody>
            {o.nowIntensity.map((z) => (
              <tr key={z.zone} className="border-t border-slate-100">
                <td className="py-1 font-medium">{z.zone}</td>
                <td className="py-1 text-right">{z.gCo2ePerKwh === null ? "—" : `${z.gCo2ePerKwh.toFixed(0)}${z.kind === "FORECAST" ? " (forecast)" : ""}`}</td>
                <td className="py-1 text-right">{z.next24hMin ? <>{z.next24hMin.gCo2ePerKwh.toFixed(0)} at <LocalTime value={new Date(z.next24hMin.atMs)} /></> : "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby="decisions-title">
        <h2 id="decisions-title" className="mb-3 text-lg font-semibold">Latest decisions</h2>
        {o.decisions.length === 0 ? (
          <p className="text-sm text-slate-600">No decisions yet: the scheduler decides within seconds of a submission.</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm">
            {o.decisions.map((d) => (
              <li key={d.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2" data-testid="latest-decision">
                <StatusBadge status={d.outcome} />
                <Link href={`/decisions/${d.id}`} className="font-medium text-leaf-700 underline">{d.jobName}</Link>
                <span className="text-slate-600">{d.tenantName}</span>
                <span className="text-slate-600">{d.clusterName ?? "no cluster"}</span>
                <span className="ml-auto text-slate-600"><LocalTime value={d.createdAt} /></span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
