"use client";
// Emissions of finished and running jobs, hour by hour (JobEnergyHour), by cluster, tenant and day.
import { useQuery } from "@tanstack/react-query";
import type { ComponentProps } from "react";
import { LazyCategoryBarChart } from "@/components/charts/lazy-charts";
import { formatEmissions } from "@/components/ui/format";
import { useTRPC } from "@/components/trpc/react";
import { QueryState } from "./section-card";
import { Figure, TotalsTable } from "./totals-table";
import { formatDay } from "./use-time-zone";

const kwh = (v: number) => `${v.toLocaleString(undefined, { maximumFractionDigits: v < 10 ? 2 : 0 })} kWh`;
const kg = (g: number) => g / 1000;
const SOURCE_LABEL: Record<string, string> = {
  measured: "measured intensity",
  "provider-forecast": "provider forecast",
  "verdant-forecast": "Verdant forecast",
  "annual-average": "annual average",
};

/** A chart of the panel, or while `defer` a box of its height (nothing moves when it is drawn). */
function Chart({ defer, ...props }: ComponentProps<typeof LazyCategoryBarChart> & { defer: boolean }) {
  return defer ? <div className="h-64 w-full animate-pulse rounded-md bg-slate-50" aria-busy="true" /> : <LazyCategoryBarChart {...props} />;
}

/**
 * The emissions panel for the last `days` days, grouped by the viewer's calendar days; with
 * `deferCharts` its figures and tables are shown and its charts wait.
 */
export function EmissionsSection({ days, tz, deferCharts = false }: { days: number; tz: string; deferCharts?: boolean }) {
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.carbon.emissions.queryOptions({ days, tz }), refetchInterval: 60_000 });
  const r = query.data;
  return (
    <QueryState isLoading={query.isLoading} error={query.error}>
      {r && r.total.jobs === 0 && (
        <p className="rounded-md bg-slate-50 p-4 text-sm text-slate-700" data-testid="emissions-empty">
          No job energy has been recorded in the last {days} days. Energy and emissions are accounted for every hour a job runs (its GPUs&apos; power times the
          cluster&apos;s PUE times the zone&apos;s intensity), so they appear here once jobs run.
        </p>
      )}
      {r && r.total.jobs > 0 && (
        <div className="flex flex-col gap-5" data-testid="emissions">
          <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
            <Figure label="Emissions" value={formatEmissions(r.total.emissionsGCo2e)} hint={`${r.total.jobs} jobs`} />
            <Figure label="Facility energy" value={kwh(r.total.facilityEnergyKwh)} hint={`${kwh(r.total.itEnergyKwh)} at the GPUs (IT)`} />
            <Figure
              label="Mean intensity"
              value={`${(r.total.emissionsGCo2e / Math.max(r.total.facilityEnergyKwh, 1e-9)).toFixed(0)} gCO2e/kWh`}
              hint="emissions ÷ facility energy"
            />
            <Figure
              label="Intensity basis"
              value={`${((100 * (r.bySource.find((s) => s.source === "measured")?.emissionsGCo2e ?? 0)) / Math.max(r.total.emissionsGCo2e, 1e-9)).toFixed(0)} % measured`}
              hint={r.bySource.map((s) => `${SOURCE_LABEL[s.source] ?? s.source}: ${formatEmissions(s.emissionsGCo2e)}`).join(" · ")}
            />
          </dl>
          <div className="min-w-0">
            <h3 className="mb-1 text-sm font-semibold">By day</h3>
            <Chart
              defer={deferCharts}
              rows={r.byDay.map((d) => ({ day: d.day, kg: kg(d.emissionsGCo2e) }))}
              categoryKey="day"
              series={[{ key: "kg", label: "emissions", color: "#15803d" }]}
              unit="kg CO2e"
              label="Bar chart of emissions per day in kilograms of CO2e"
              formatCategory={formatDay}
            />
          </div>
          <div className="grid gap-5 lg:grid-cols-2">
            <div className="min-w-0">
              <h3 className="mb-1 text-sm font-semibold">By cluster</h3>
              <Chart
                defer={deferCharts}
                rows={r.byCluster.map((c) => ({ name: c.name, kg: kg(c.emissionsGCo2e) }))}
                categoryKey="name"
                series={[{ key: "kg", label: "emissions", color: "#0369a1" }]}
                unit="kg CO2e"
                label="Bar chart of emissions per cluster in kilograms of CO2e"
              />
              <TotalsTable
                caption="Emissions and energy per cluster"
                columns={["Cluster", "Zone", "Jobs", "Facility energy", "Emissions"]}
                rows={r.byCluster.map((c) => ({ key: c.id, cells: [c.name, c.zoneId, c.jobs, kwh(c.facilityEnergyKwh), formatEmissions(c.emissionsGCo2e)] }))}
              />
            </div>
            <div className="min-w-0">
              <h3 className="mb-1 text-sm font-semibold">By tenant</h3>
              <Chart
                defer={deferCharts}
                rows={r.byTenant.map((t) => ({ name: t.name, kg: kg(t.emissionsGCo2e) }))}
                categoryKey="name"
                series={[{ key: "kg", label: "emissions", color: "#7c3aed" }]}
                unit="kg CO2e"
                label="Bar chart of emissions per tenant in kilograms of CO2e"
              />
              <TotalsTable
                caption="Emissions and energy per tenant"
                columns={["Tenant", "Jobs", "Facility energy", "Emissions"]}
                rows={r.byTenant.map((t) => ({ key: t.id, cells: [t.name, t.jobs, kwh(t.facilityEnergyKwh), formatEmissions(t.emissionsGCo2e)] }))}
              />
            </div>
          </div>
        </div>
      )}
    </QueryState>
  );
}
