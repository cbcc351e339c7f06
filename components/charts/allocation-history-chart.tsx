"use client";
// GPU allocation over time, as a share (GAR, %) or in allocated GPUs: the fleet as a bold line, each
// cluster as a thin one. The axis scales to the data rather than a fixed 0-100 %.
import { useState } from "react";
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { AllocationHistory } from "@/server/services/overview-service";
import { dataMax, niceCeiling, percentAxisMax } from "./axis-scale";
import { useDisplayTimeZone } from "@/components/time/time-zone-context";
import { timeTick, tooltipTimeIn } from "./time-axis";

type Unit = "percent" | "gpus";
const UNITS: { value: Unit; label: string }[] = [
  { value: "percent", label: "% of GPUs" },
  { value: "gpus", label: "GPU count" },
];

const COLORS = ["#0369a1", "#b45309", "#7c3aed", "#be123c", "#0f766e", "#4d7c0f", "#a16207", "#475569"];

/** The chart with its unit toggle (share or absolute GPUs). */
export function AllocationHistoryChart({ history }: { history: AllocationHistory }) {
  const [unit, setUnit] = useState<Unit>("percent");
  const zone = useDisplayTimeZone();
  if (history.rows.length === 0) {
    return (
      <p className="text-sm text-slate-600" data-testid="allocation-empty">
        No allocation samples in this window yet: the control loop records each cluster&apos;s allocation as it runs.
      </p>
    );
  }
  const windowMs = history.nowMs - history.fromMs;
  const rows = unit === "percent" ? history.rows : history.gpuRows;
  const max = dataMax(rows, ["fleet", ...history.clusters.map((c) => c.id)]);
  const top = unit === "percent" ? percentAxisMax(max) : niceCeiling(max);
  const suffix = unit === "percent" ? " %" : " GPUs";
  return (
    <div className="flex flex-col gap-2">
      <div role="group" aria-label="Allocation unit" className="inline-flex self-end overflow-hidden rounded-md ring-1 ring-slate-300">
        {UNITS.map((u) => (
          <button
            key={u.value}
            type="button"
            aria-pressed={unit === u.value}
            onClick={() => setUnit(u.value)}
            className={`px-3 py-1 text-sm font-medium ${unit === u.value ? "bg-leaf-700 text-white" : "bg-white text-slate-700 hover:bg-slate-100"}`}
          >
            {u.label}
          </button>
        ))}
      </div>
      <div
        className="h-72 w-full min-w-0 overflow-hidden"
        role="img"
        data-testid="allocation-chart"
        data-axis-max={top}
        aria-label={`Line chart of GPU allocation ${unit === "percent" ? "in percent" : "in allocated GPUs"} over the last ${history.range}, fleet and per cluster; axis up to ${top}${suffix}`}
      >
        <ResponsiveContainer>
          <LineChart data={rows} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="atMs" type="number" domain={[history.fromMs, history.nowMs]} tickFormatter={timeTick(windowMs, zone)} tick={{ fontSize: 11 }} />
            <YAxis domain={[0, top]} allowDataOverflow={false} tick={{ fontSize: 12 }} unit={unit === "percent" ? " %" : ""} width={56} />
            <Tooltip
              labelFormatter={tooltipTimeIn(zone)}
              formatter={(v, name) => [`${Number(v).toLocaleString("en-US", { maximumFractionDigits: 1 })}${suffix}`, name]}
            />
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
    </div>
  );
}
