"use client";
// The run's emissions per candidate start on every cluster that could take it, one line per cluster, over its window.
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatInstant } from "@/components/time/format-instant";
import { useDisplayTimeZone } from "@/components/time/time-zone-context";

/** One cluster's curve. */
export interface ClusterCurve {
  name: string;
  chosen: boolean;
  points: { startMs: number; gCo2e: number }[];
}

const COLORS = ["#15803d", "#0369a1", "#b45309", "#7c3aed", "#be123c", "#0f766e", "#4d7c0f", "#9333ea"];

/** Lines of kg CO2e of the whole run per start time, the chosen cluster drawn thicker. */
export function ClusterCurvesChart({ curves }: { curves: ClusterCurve[] }) {
  const zone = useDisplayTimeZone();
  const withPoints = curves.filter((c) => c.points.length > 0);
  if (withPoints.length === 0) return null;
  if (withPoints.every((c) => c.points.length < 2))
    return (
      <p className="text-xs text-slate-600">One start time only: set a later “finish by” to see how each cluster&apos;s carbon changes over the window.</p>
    );
  // One row per start time, one column per cluster.
  const rows = new Map<number, Record<string, number>>();
  for (const c of withPoints)
    for (const p of c.points) {
      const row = rows.get(p.startMs) ?? { startMs: p.startMs };
      row[c.name] = p.gCo2e / 1000;
      rows.set(p.startMs, row);
    }
  const data = [...rows.values()].sort((a, b) => a.startMs! - b.startMs!);
  const label = (ms: number) => formatInstant(new Date(ms), zone, { compact: true });
  return (
    <div
      className="h-56 w-full min-w-0 overflow-hidden"
      role="img"
      aria-label={`Line chart of the run's emissions per start time on ${withPoints.length} clusters`}
    >
      <ResponsiveContainer>
        <LineChart data={data} margin={{ top: 4, right: 8, bottom: 4, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="startMs" type="number" domain={["dataMin", "dataMax"]} tickFormatter={label} tick={{ fontSize: 10 }} />
          <YAxis tick={{ fontSize: 10 }} width={40} label={{ value: "kg CO2e", angle: -90, position: "insideLeft", fontSize: 10 }} />
          <Tooltip labelFormatter={(v) => label(Number(v))} formatter={(v, name) => [`${Number(v).toFixed(2)} kg CO2e`, name]} />
          <Legend wrapperStyle={{ fontSize: 11 }} />
          {withPoints.map((c, i) => (
            <Line
              key={c.name}
              type="monotone"
              dataKey={c.name}
              name={c.chosen ? `${c.name} (chosen)` : c.name}
              stroke={COLORS[i % COLORS.length]}
              strokeWidth={c.chosen ? 3 : 1.5}
              dot={false}
              connectNulls
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
