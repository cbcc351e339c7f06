"use client";
// Stacked bars of each cluster's weighted objective scores (the sum is the cluster's total). The
// series are the engine's registered objectives, so a new objective appears without an edit here.
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { OBJECTIVE_INFO } from "@/server/engine";

/** One cluster's weighted score per objective name. */
export type ScoreRow = { cluster: string } & Record<string, number | string>;

// Colours by position in the registry; beyond the palette they repeat.
const PALETTE = ["#15803d", "#0369a1", "#b45309", "#7c3aed", "#be123c", "#0f766e", "#4d7c0f"];
const SERIES = OBJECTIVE_INFO.map((o, i) => ({ key: o.name, label: o.label, color: PALETTE[i % PALETTE.length] as string }));

/** Weighted score contributions per cluster, plain series in. */
export function ScoreContributionsChart({ rows }: { rows: ScoreRow[] }) {
  if (rows.length === 0) return <p className="text-sm text-slate-600">No cluster passed the filters, so none was scored.</p>;
  return (
    <div className="h-72 w-full min-w-0 overflow-hidden" role="img" aria-label="Stacked bar chart of weighted score contributions per cluster">
      <ResponsiveContainer>
        <BarChart data={rows} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="cluster" tick={{ fontSize: 12 }} />
          <YAxis tick={{ fontSize: 12 }} label={{ value: "weighted score", angle: -90, position: "insideLeft", fontSize: 12 }} />
          <Tooltip formatter={(value) => Number(value).toFixed(1)} />
          <Legend />
          {SERIES.map((s) => (
            <Bar key={s.key} dataKey={s.key} name={s.label} stackId="score" fill={s.color} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
