"use client";
// Emissions of the job for each candidate start inside its window, with the chosen start marked.
import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

export interface CarbonPoint {
  startMs: number;
  gCo2e: number;
  meanGCo2ePerKwh: number;
}

const timeLabel = (ms: number) => new Date(ms).toLocaleString(undefined, { weekday: "short", hour: "2-digit", minute: "2-digit" });

/** The start-time curve the engine considered (gCO2e of the whole run per start). */
export function CarbonWindowChart({ points, chosenStartMs, earliestStartMs }: { points: CarbonPoint[]; chosenStartMs: number; earliestStartMs: number }) {
  if (points.length < 2) return <p className="text-sm text-slate-600">The job had no flexibility window: only one start time was possible.</p>;
  const data = points.map((p) => ({ ...p, kg: p.gCo2e / 1000 }));
  return (
    <div
      className="h-72 w-full min-w-0 overflow-hidden"
      role="img"
      aria-label="Line chart of the job's emissions for each possible start time, chosen start marked"
    >
      <ResponsiveContainer>
        <LineChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="startMs" type="number" domain={["dataMin", "dataMax"]} tickFormatter={timeLabel} tick={{ fontSize: 11 }} />
          <YAxis tick={{ fontSize: 12 }} label={{ value: "kg CO2e", angle: -90, position: "insideLeft", fontSize: 12 }} />
          <Tooltip
            labelFormatter={(v) => timeLabel(Number(v))}
            formatter={(value, name) => [name === "kg" ? `${Number(value).toFixed(2)} kg CO2e` : value, name === "kg" ? "emissions" : name]}
          />
          <Line type="monotone" dataKey="kg" stroke="#15803d" dot={false} strokeWidth={2} isAnimationActive={false} />
          <ReferenceLine x={earliestStartMs} stroke="#b45309" strokeDasharray="4 4" label={{ value: "start now", fontSize: 11, position: "insideTopLeft" }} />
          <ReferenceLine x={chosenStartMs} stroke="#0f172a" label={{ value: "chosen", fontSize: 11, position: "insideTopRight" }} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
