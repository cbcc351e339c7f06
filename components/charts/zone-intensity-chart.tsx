"use client";
// Carbon intensity per grid zone over the last and next 24 hours; the vertical line is now.
import { CartesianGrid, Legend, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

const COLORS = ["#15803d", "#0369a1", "#b45309", "#7c3aed", "#be123c", "#0f766e", "#4d7c0f", "#a16207"];
const hourFormat = new Intl.DateTimeFormat(undefined, { weekday: "short", hour: "2-digit" });
const hourLabel = (ms: number) => hourFormat.format(ms);

/** Plain series in: rows of { atMs, <zone>: gCO2e/kWh }. */
export function ZoneIntensityChart({ rows, zones, nowMs }: { rows: Record<string, number>[]; zones: string[]; nowMs: number }) {
  if (rows.length === 0) return <p className="text-sm text-slate-600">No carbon-intensity data around now.</p>;
  return (
    <div
      className="h-80 w-full min-w-0 overflow-hidden"
      role="img"
      aria-label="Line chart of carbon intensity per grid zone, last 24 hours measured and next 24 hours forecast"
    >
      <ResponsiveContainer>
        <LineChart data={rows} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="atMs" type="number" domain={["dataMin", "dataMax"]} tickFormatter={hourLabel} tick={{ fontSize: 11 }} />
          <YAxis tick={{ fontSize: 12 }} label={{ value: "gCO2e/kWh", angle: -90, position: "insideLeft", fontSize: 12 }} />
          <Tooltip labelFormatter={(v) => new Date(Number(v)).toLocaleString()} formatter={(v, name) => [`${Number(v).toFixed(0)} gCO2e/kWh`, name]} />
          <Legend />
          {zones.map((zone, i) => (
            <Line key={zone} dataKey={zone} stroke={COLORS[i % COLORS.length]} dot={false} strokeWidth={2} isAnimationActive={false} connectNulls />
          ))}
          <ReferenceLine x={nowMs} stroke="#0f172a" strokeDasharray="4 4" label={{ value: "now · forecast →", fontSize: 11, position: "insideTopRight" }} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
