"use client";
// Usage this month: a tenant's days against its monthly limit with the linear month-end projection,
// or every tenant's days stacked; GPU-hours, average GPUs in use (absolute counts) or kg CO2e.
import { useState } from "react";
import { Area, Bar, CartesianGrid, ComposedChart, Legend, Line, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { FleetTrend, TenantTrend } from "@/server/services/usage-trend-service";

type Metric = "gpuHours" | "gpus" | "co2e";
const METRIC_WORDS: Record<Metric, string> = { gpuHours: "GPU-hours", gpus: "Average GPUs in use", co2e: "kg CO2e" };
const COLORS = ["#15803d", "#0369a1", "#b45309", "#7c3aed", "#be123c", "#0f766e", "#4d7c0f", "#9333ea", "#475569"];
const dayLabel = (ms: number) => new Date(ms).toISOString().slice(5, 10);

/** Buttons that pick one of a few options (pressed state for screen readers). */
function Toggle<T extends string>({ value, options, onChange, label }: { value: T; options: [T, string][]; onChange: (v: T) => void; label: string }) {
  return (
    <div role="group" aria-label={label} className="inline-flex overflow-hidden rounded-md ring-1 ring-slate-300">
      {options.map(([v, words]) => (
        <button
          key={v}
          type="button"
          aria-pressed={value === v}
          onClick={() => onChange(v)}
          className={`px-2 py-1 text-xs ${value === v ? "bg-leaf-700 text-white" : "bg-white text-slate-700 hover:bg-slate-50"}`}
        >
          {words}
        </button>
      ))}
    </div>
  );
}

/** Figure of a day in the chosen metric. */
const figure = (metric: Metric, gpuHours: number, gCo2e: number) => (metric === "co2e" ? gCo2e / 1000 : metric === "gpus" ? gpuHours / 24 : gpuHours);

/** A tenant's month: per day, or cumulative against the monthly limit with the projection to month end. */
export function TenantTrendChart({ trend }: { trend: TenantTrend }) {
  const [metric, setMetric] = useState<Metric>("gpuHours");
  const [view, setView] = useState<"daily" | "cumulative">("cumulative");
  const limit = metric === "co2e" ? trend.carbonBudgetKgPerMonth : metric === "gpuHours" ? trend.maxGpuHoursPerMonth : null;
  const projected = metric === "co2e" ? trend.projection.emissionsGCo2e / 1000 : trend.projection.gpuHours;
  const endMs = new Date(trend.monthEnd).getTime() - 86_400_000;
  const data = trend.days.map((d) => ({
    ms: new Date(d.day).getTime(),
    value: view === "cumulative" && metric !== "gpus" ? figure(metric, d.cumulativeGpuHours, d.cumulativeGCo2e) : figure(metric, d.gpuHours, d.emissionsGCo2e),
  }));
  const cumulative = view === "cumulative" && metric !== "gpus";
  const last = data[data.length - 1];
  // The projection line runs from today's total to the month-end figure.
  const withProjection: { ms: number; value?: number; projection?: number }[] =
    cumulative && last ? [...data.map((d) => ({ ...d, projection: d.ms === last.ms ? d.value : undefined })), { ms: endMs, projection: projected }] : data;
  return (
    <section aria-labelledby="trend-title" className="space-y-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="trend-title" className="text-lg font-semibold">
          This month, day by day
        </h2>
        <div className="flex flex-wrap gap-2">
          <Toggle
            label="Figure"
            value={metric}
            onChange={setMetric}
            options={[
              ["gpuHours", "GPU-hours"],
              ["gpus", "GPUs"],
              ["co2e", "CO2e"],
            ]}
          />
          {metric !== "gpus" && (
            <Toggle
              label="View"
              value={view}
              onChange={setView}
              options={[
                ["cumulative", "Month to date"],
                ["daily", "Per day"],
              ]}
            />
          )}
        </div>
      </div>
      <p className="text-sm text-slate-700" data-testid="trend-projection">
        Month-end projection: {projected.toFixed(1)} {metric === "co2e" ? "kg CO2e" : "GPU-hours"} (linear on the month so far:{" "}
        {(trend.projection.elapsedFraction * 100).toFixed(0)} % of the month has passed)
        {limit !== null && (
          <>
            ; limit {limit} {metric === "co2e" ? "kg CO2e" : "GPU-hours"}
            {projected > limit ? ", which the projection passes" : ""}
          </>
        )}
        .
      </p>
      <div
        className="h-64 w-full min-w-0 overflow-hidden"
        role="img"
        aria-label={`${METRIC_WORDS[metric]} ${cumulative ? "month to date" : "per day"} this month`}
      >
        <ResponsiveContainer>
          <ComposedChart data={withProjection} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="ms" type="number" domain={["dataMin", "dataMax"]} tickFormatter={dayLabel} tick={{ fontSize: 11 }} />
            <YAxis tick={{ fontSize: 11 }} domain={[0, "auto"]} label={{ value: METRIC_WORDS[metric], angle: -90, position: "insideLeft", fontSize: 11 }} />
            <Tooltip
              labelFormatter={(v) => `${dayLabel(Number(v))} (UTC)`}
              formatter={(v, name) => [Number(v).toFixed(2), name === "projection" ? "projected" : METRIC_WORDS[metric]]}
            />
            {cumulative ? (
              <Area dataKey="value" stroke="#15803d" fill="#bbf7d0" isAnimationActive={false} />
            ) : (
              <Bar dataKey="value" fill="#15803d" isAnimationActive={false} />
            )}
            {cumulative && <Line dataKey="projection" stroke="#b45309" strokeDasharray="5 4" dot={false} connectNulls isAnimationActive={false} />}
            {cumulative && limit !== null && (
              <ReferenceLine y={limit} stroke="#be123c" label={{ value: "monthly limit", fontSize: 11, position: "insideTopRight" }} />
            )}
          </ComposedChart>
        </ResponsiveContainer>
      </div>
    </section>
  );
}

/** Every tenant's days stacked, in the chosen metric, with each tenant's month total and projection below. */
export function FleetTrendChart({ trend }: { trend: FleetTrend }) {
  const [metric, setMetric] = useState<Metric>("gpuHours");
  const active = trend.tenants.filter((t) => t.totals.gpuHours > 0 || t.totals.emissionsGCo2e > 0);
  const data = trend.days.map((d) => ({
    ms: new Date(d.day).getTime(),
    ...Object.fromEntries(active.map((t) => [t.id, figure(metric, d.gpuHours[t.id] ?? 0, d.emissionsGCo2e[t.id] ?? 0)])),
  }));
  return (
    <section aria-labelledby="fleet-trend-title" className="space-y-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="fleet-trend-title" className="text-lg font-semibold">
          Usage per day by tenant
        </h2>
        <Toggle
          label="Figure"
          value={metric}
          onChange={setMetric}
          options={[
            ["gpuHours", "GPU-hours"],
            ["gpus", "GPUs"],
            ["co2e", "CO2e"],
          ]}
        />
      </div>
      {active.length === 0 ? (
        <p className="text-sm text-slate-600">No tenant has used GPUs this month yet.</p>
      ) : (
        <div className="h-72 w-full min-w-0 overflow-hidden" role="img" aria-label={`${METRIC_WORDS[metric]} per day, stacked by tenant`}>
          <ResponsiveContainer>
            <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="ms" type="category" tickFormatter={dayLabel} tick={{ fontSize: 11 }} />
              <YAxis tick={{ fontSize: 11 }} domain={[0, "auto"]} label={{ value: METRIC_WORDS[metric], angle: -90, position: "insideLeft", fontSize: 11 }} />
              <Tooltip labelFormatter={(v) => `${dayLabel(Number(v))} (UTC)`} formatter={(v) => Number(v).toFixed(2)} />
              <Legend wrapperStyle={{ fontSize: 11 }} />
              {active.map((t, i) => (
                <Bar key={t.id} dataKey={t.id} name={t.name} stackId="tenants" fill={COLORS[i % COLORS.length]} isAnimationActive={false} />
              ))}
            </ComposedChart>
          </ResponsiveContainer>
        </div>
      )}
      <table className="min-w-full text-sm">
        <caption className="text-left text-xs text-slate-600">Month to date and the month-end projection (linear on the month so far)</caption>
        <thead className="text-left text-xs uppercase text-slate-600">
          <tr>
            <th scope="col" className="py-1 pr-3">
              Tenant
            </th>
            <th scope="col" className="py-1 pr-3 text-right">
              GPU-h
            </th>
            <th scope="col" className="py-1 pr-3 text-right">
              Projected GPU-h
            </th>
            <th scope="col" className="py-1 pr-3 text-right">
              kg CO2e
            </th>
            <th scope="col" className="py-1 text-right">
              Projected kg
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {trend.tenants.map((t) => (
            <tr key={t.id}>
              <th scope="row" className="py-1 pr-3 text-left font-medium">
                {t.name}
              </th>
              <td className="py-1 pr-3 text-right tabular-nums">{t.totals.gpuHours.toFixed(1)}</td>
              <td className="py-1 pr-3 text-right tabular-nums">{t.projection.gpuHours.toFixed(1)}</td>
              <td className="py-1 pr-3 text-right tabular-nums">{(t.totals.emissionsGCo2e / 1000).toFixed(2)}</td>
              <td className="py-1 text-right tabular-nums">{(t.projection.emissionsGCo2e / 1000).toFixed(2)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
