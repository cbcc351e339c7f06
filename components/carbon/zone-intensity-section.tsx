"use client";
// Intensity per grid zone: history (measured, solid) and forecast (dashed) around now, where the
// data came from, and how far off past forecasts were.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { IntensityReport } from "@/server/services/carbon-report-service";
import { LazyIntensityHistoryChart } from "@/components/charts/lazy-charts";
import { Timestamp } from "@/components/time/timestamp";
import { useTRPC } from "@/components/trpc/react";
import { QueryState, RangeSelect, SectionCard } from "./section-card";

type Zone = IntensityReport["zones"][number];
const HISTORY = [1, 7, 30].map((d) => ({ value: d, label: d === 1 ? "last 24 h" : `last ${d} days` }));
const lower = (s: string) => s.toLowerCase();

function AccuracyTable({ zone }: { zone: Zone }) {
  const rows = zone.accuracy.buckets.filter((b) => b.pairs > 0);
  if (rows.length === 0)
    return (
      <p className="text-xs text-slate-600">Forecast accuracy: no forecast hour has been measured yet (forecasts are compared once their hour is measured).</p>
    );
  return (
    <table className="mt-1 w-full text-xs">
      <caption className="text-left font-medium text-slate-700">Forecast accuracy, last 30 days</caption>
      <thead className="text-left text-slate-600">
        <tr>
          <th scope="col">Horizon</th>
          <th scope="col" className="text-right">
            Hours compared
          </th>
          <th scope="col" className="text-right">
            MAE
          </th>
          <th scope="col" className="text-right">
            MAPE
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((b) => (
          <tr key={b.fromHours} className="border-t border-slate-100">
            <td>
              {b.fromHours}–{b.toHours} h ahead
            </td>
            <td className="text-right">{b.pairs}</td>
            <td className="text-right">{b.maeGCo2ePerKwh === null ? "—" : `${b.maeGCo2ePerKwh.toFixed(1)} gCO2e/kWh`}</td>
            <td className="text-right">{b.mapePct === null ? "—" : `${b.mapePct.toFixed(1)} %`}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ZoneCard({ zone, nowMs, deferChart }: { zone: Zone; nowMs: number; deferChart: boolean }) {
  const providers = [...new Set(zone.sources.map((s) => s.provider))];
  const hours = (kind: string) => zone.sources.filter((s) => s.kind === kind).reduce((n, s) => n + s.hours, 0);
  return (
    <article className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3" data-testid="zone-intensity" aria-labelledby={`zone-${zone.id}`}>
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`zone-${zone.id}`} className="font-semibold">
          {zone.name} <span className="font-mono text-sm text-slate-600">{zone.id}</span>
        </h3>
        <p className="text-sm">
          {zone.latestMeasured ? (
            <>
              <strong>{zone.latestMeasured.gCo2ePerKwh.toFixed(0)} gCO2e/kWh</strong>{" "}
              <span className="text-slate-600">
                measured <Timestamp value={new Date(zone.latestMeasured.atMs)} />
              </span>
            </>
          ) : (
            <span className="text-slate-600">no measurement yet</span>
          )}
        </p>
      </header>
      <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700">
        <div>
          <dt className="inline text-slate-500">Signal: </dt>
          <dd className="inline">{lower(zone.signalType)}</dd>
        </div>
        <div>
          <dt className="inline text-slate-500">Emission factors: </dt>
          <dd className="inline">{lower(zone.emissionFactorType)}</dd>
        </div>
        <div>
          <dt className="inline text-slate-500">Provider: </dt>
          <dd className="inline">{providers.length ? providers.join(", ") : "none in this range"}</dd>
        </div>
        <div>
          <dt className="inline text-slate-500">Hours: </dt>
          <dd className="inline">
            {hours("MEASURED")} measured · {hours("FORECAST")} forecast
          </dd>
        </div>
        <div>
          <dt className="inline text-slate-500">Annual average: </dt>
          <dd className="inline">{zone.annualAverageGCo2ePerKwh.toFixed(1)} gCO2e/kWh</dd>
        </div>
      </dl>
      {deferChart ? (
        // The chart's own height, so nothing moves when it is drawn.
        <div className="h-64 w-full animate-pulse rounded-md bg-slate-50" aria-busy="true" data-testid="zone-chart-pending" />
      ) : (
        <LazyIntensityHistoryChart zone={zone.id} points={zone.points} nowMs={nowMs} annualAverage={zone.annualAverageGCo2ePerKwh} />
      )}
      <AccuracyTable zone={zone} />
    </article>
  );
}

/**
 * The zones' intensity panel; the first render uses the server's data for the default range. With
 * `deferCharts` the zone charts wait (drawing six of them takes the browser half a second on a busy
 * machine, which would otherwise come before the emissions and ledger below are shown).
 */
export function ZoneIntensitySection({ initial, initialDays, deferCharts = false }: { initial: IntensityReport; initialDays: number; deferCharts?: boolean }) {
  const trpc = useTRPC();
  const [days, setDays] = useState(initialDays);
  const query = useQuery({
    ...trpc.carbon.intensity.queryOptions({ historyDays: days, forecastHours: 48 }),
    initialData: days === initialDays ? initial : undefined,
    refetchInterval: 60_000,
  });
  const report = query.data;
  return (
    <SectionCard
      id="intensity"
      title="Carbon intensity by grid zone"
      description="Solid: measured. Dashed: the latest forecast for each hour. Dotted: the zone's annual average (used when there is no data)."
      actions={<RangeSelect id="history-days" label="History" value={days} options={HISTORY} onChange={setDays} />}
    >
      <QueryState isLoading={query.isLoading} error={query.error}>
        {report && report.zones.length === 0 && (
          <p className="text-sm text-slate-600">No grid zones are configured yet. An admin adds them with the clusters.</p>
        )}
        {report && (
          <div className="grid gap-4 lg:grid-cols-2">
            {report.zones.map((z) => (
              <ZoneCard key={z.id} zone={z} nowMs={report.nowMs} deferChart={deferCharts} />
            ))}
          </div>
        )}
      </QueryState>
    </SectionCard>
  );
}
