"use client";
// One cluster over time: GPU allocation (%) and GPU power draw (kW), from the cluster samples.
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { timeTick, tooltipTime } from "./time-axis";

export interface ClusterHistoryRow {
  atMs: number;
  allocationPct: number;
  powerKw: number;
  runningJobs: number;
}

function SeriesChart({
  rows,
  fromMs,
  toMs,
  dataKey,
  unit,
  color,
  label,
  domain,
}: {
  rows: ClusterHistoryRow[];
  fromMs: number;
  toMs: number;
  dataKey: "allocationPct" | "powerKw";
  unit: string;
  color: string;
  label: string;
  domain?: [number, number];
}) {
  return (
    <figure className="min-w-0">
      <figcaption className="mb-1 text-sm font-medium text-slate-700">{label}</figcaption>
      <div className="h-56 w-full min-w-0 overflow-hidden" role="img" aria-label={`Area chart of ${label.toLowerCase()}`}>
        <ResponsiveContainer>
          <AreaChart data={rows} margin={{ top: 8, right: 12, bottom: 4, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="atMs" type="number" domain={[fromMs, toMs]} tickFormatter={timeTick(toMs - fromMs)} tick={{ fontSize: 11 }} />
            <YAxis domain={domain ?? [0, "auto"]} tick={{ fontSize: 12 }} unit={unit} width={60} />
            <Tooltip labelFormatter={tooltipTime} formatter={(v) => [`${Number(v).toLocaleString("en-US", { maximumFractionDigits: 1 })}${unit}`, label]} />
            <Area dataKey={dataKey} stroke={color} fill={color} fillOpacity={0.2} strokeWidth={2} isAnimationActive={false} connectNulls />
          </AreaChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

/** Allocation and power side by side (stacked on a phone); an empty state when there are no samples. */
export function ClusterHistoryCharts({ rows, fromMs, toMs }: { rows: ClusterHistoryRow[]; fromMs: number; toMs: number }) {
  if (rows.length === 0) {
    return (
      <p className="text-sm text-slate-600" data-testid="cluster-history-empty">
        No samples for this cluster in this window yet: the control loop records allocation and power as it runs.
      </p>
    );
  }
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <SeriesChart rows={rows} fromMs={fromMs} toMs={toMs} dataKey="allocationPct" unit=" %" color="#15803d" label="GPU allocation" domain={[0, 100]} />
      <SeriesChart rows={rows} fromMs={fromMs} toMs={toMs} dataKey="powerKw" unit=" kW" color="#b45309" label="GPU power draw" />
    </div>
  );
}
