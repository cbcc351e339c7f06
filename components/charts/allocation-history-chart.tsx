"use client";
// GPU allocation (GAR, %) over time: the fleet as a bold line, each cluster as a thin one.
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { AllocationHistory } from "@/server/services/overview-service";
import { timeTick, tooltipTime } from "./time-axis";

const COLORS = ["#0369a1", "#b45309", "#7c3aed", "#be123c", "#0f766e", "#4d7c0f", "#a16207", "#475569"];

export function AllocationHistoryChart({ history }: { history: AllocationHistory }) {
  if (history.rows.length === 0) {
    return (
      <p className="text-sm text-slate-600" data-testid="allocation-empty">
        No allocation samples in this window yet: the control loop records each cluster&apos;s allocation as it runs.
      </p>
    );
  }
  const windowMs = history.nowMs - history.fromMs;
  return (
    <div
      className="h-72 w-full min-w-0 overflow-hidden"
      role="img"
      aria-label={`Line chart of GPU allocation in percent over the last ${history.range}, fleet and per cluster`}
    >
      <ResponsiveContainer>
        <LineChart data={history.rows} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="atMs" type="number" domain={[history.fromMs, history.nowMs]} tickFormatter={timeTick(windowMs)} tick={{ fontSize: 11 }} />
          <YAxis domain={[0, 100]} tick={{ fontSize: 12 }} unit=" %" width={52} />
          <Tooltip labelFormatter={tooltipTime} formatter={(v, name) => [`${Number(v).toFixed(1)} %`, name]} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Line dataKey="fleet" name="Fleet" stroke="#15803d" strokeWidth={3} dot={false} isAnimationActive={false} connectNulls />
          {history.clusters.map((c, i) => (
            <Line
              key={c.id}
              dataKey={c.id}
              name={c.name}
              stroke={COLORS[i % COLORS.length]}
              strokeWidth={1.25}
              dot={false}
              isAnimationActive={false}
              connectNulls
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
