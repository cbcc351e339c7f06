"use client";
// One grid zone's hourly intensity: measured history as a solid line, the latest forecast dashed,
// the static annual average dotted, and a vertical line at now.
import { CartesianGrid, Legend, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

export interface IntensityChartPoint {
  atMs: number;
  measured: number | null;
  forecast: number | null;
}

// Built once: a formatter per tick label (what toLocaleString with options does) is what drawing the axis spent its time on.
const dayHourFormat = new Intl.DateTimeFormat(undefined, { month: "short", day: "numeric", hour: "2-digit" });
const dayHour = (ms: number) => dayHourFormat.format(ms);

/** Plain series in: hourly points with a measured and/or forecast value in gCO2e/kWh. */
export function IntensityHistoryChart({
  zone,
  points,
  nowMs,
  annualAverage,
}: {
  zone: string;
  points: IntensityChartPoint[];
  nowMs: number;
  annualAverage: number;
}) {
  if (points.length === 0)
    return (
      <p className="text-sm text-slate-600">
        No intensity data for {zone} in this range: the annual average ({annualAverage.toFixed(0)} gCO2e/kWh) is used.
      </p>
    );
  return (
    <div
      className="h-64 w-full min-w-0 overflow-hidden"
      role="img"
      aria-label={`Line chart of ${zone} carbon intensity: measured (solid) before now, forecast (dashed) after, annual average dotted`}
    >
      <ResponsiveContainer>
        <LineChart data={points} margin={{ top: 8, right: 12, bottom: 4, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="atMs" type="number" scale="time" domain={["dataMin", "dataMax"]} tickFormatter={dayHour} tick={{ fontSize: 11 }} minTickGap={24} />
          <YAxis tick={{ fontSize: 11 }} width={48} label={{ value: "gCO2e/kWh", angle: -90, position: "insideLeft", fontSize: 11, dy: 40 }} />
          <Tooltip labelFormatter={(v) => new Date(Number(v)).toLocaleString()} formatter={(v, name) => [`${Number(v).toFixed(0)} gCO2e/kWh`, name]} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Line name="measured" dataKey="measured" stroke="#15803d" strokeWidth={2} dot={false} isAnimationActive={false} connectNulls={false} />
          <Line
            name="forecast"
            dataKey="forecast"
            stroke="#0369a1"
            strokeWidth={2}
            strokeDasharray="6 4"
            dot={false}
            isAnimationActive={false}
            connectNulls={false}
          />
          <ReferenceLine
            y={annualAverage}
            stroke="#94a3b8"
            strokeDasharray="2 3"
            label={{ value: "annual avg", fontSize: 10, position: "insideBottomLeft", fill: "#475569" }}
          />
          <ReferenceLine x={nowMs} stroke="#0f172a" strokeDasharray="4 4" label={{ value: "now", fontSize: 11, position: "insideTopRight" }} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
