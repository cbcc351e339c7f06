"use client";
// Experiment comparison charts (one line or bar per policy): allocation (GAR) over time, the
// waiting-time CDF, and emissions per day. The comparison table beside them holds the numbers.
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { PolicySeries } from "@/server/schemas/experiment";

const COLORS = ["#475569", "#15803d", "#0369a1", "#b45309", "#7c3aed", "#be123c", "#0f766e", "#a16207"];
const color = (i: number) => COLORS[i % COLORS.length]!;
const dayLabel = (ms: number) => new Date(ms).toLocaleDateString(undefined, { month: "short", day: "numeric" });

/** Ticks at the viewer's local midnights inside [fromMs, toMs], so each day label appears once (every k-th day on long runs). */
function dayTicks(fromMs: number, toMs: number): number[] {
  const day = new Date(fromMs);
  day.setHours(0, 0, 0, 0);
  if (day.getTime() < fromMs) day.setDate(day.getDate() + 1);
  const ticks: number[] = [];
  for (; day.getTime() <= toMs; day.setDate(day.getDate() + 1)) ticks.push(day.getTime());
  // Long runs: at most about 12 labels.
  const step = Math.ceil(ticks.length / 12);
  return ticks.filter((_, i) => i % step === 0);
}

type Props = { series: Record<string, PolicySeries>; policies: string[] };

function Frame({ label, children }: { label: string; children: React.ReactElement }) {
  return (
    <div className="h-72 w-full min-w-0 overflow-hidden" role="img" aria-label={label}>
      <ResponsiveContainer>{children}</ResponsiveContainer>
    </div>
  );
}

/** GAR (%) over simulated time, one line per policy. */
export function AllocationChart({ series, policies }: Props) {
  const byTime = new Map<number, Record<string, number>>();
  for (const p of policies) {
    for (const s of series[p]?.allocation ?? []) {
      const row = byTime.get(s.atMs) ?? { atMs: s.atMs };
      if (s.gar !== null) row[p] = s.gar * 100;
      byTime.set(s.atMs, row);
    }
  }
  const rows = [...byTime.values()].sort((a, b) => a.atMs! - b.atMs!);
  if (rows.length === 0) return <p className="text-sm text-slate-600">No allocation samples were recorded.</p>;
  return (
    <Frame label={`Line chart of GPU allocation (GAR) over simulated time for ${policies.join(", ")}`}>
      <LineChart data={rows} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis
          dataKey="atMs"
          type="number"
          domain={["dataMin", "dataMax"]}
          ticks={dayTicks(rows[0]!.atMs!, rows[rows.length - 1]!.atMs!)}
          tickFormatter={dayLabel}
          tick={{ fontSize: 11 }}
        />
        <YAxis domain={[0, 100]} tick={{ fontSize: 12 }} unit=" %" width={56} />
        <Tooltip labelFormatter={(v) => new Date(Number(v)).toLocaleString()} formatter={(v, name) => [`${Number(v).toFixed(1)} %`, name]} />
        <Legend />
        {policies.map((p, i) => (
          <Line key={p} dataKey={p} stroke={color(i)} dot={false} strokeWidth={2} isAnimationActive={false} connectNulls />
        ))}
      </LineChart>
    </Frame>
  );
}

/** Share of jobs (%) that waited at most x hours, one curve per policy. */
export function WaitCdfChart({ series, policies }: Props) {
  const curves = policies.map((p) => ({ policy: p, points: (series[p]?.waitCdf ?? []).map((c) => ({ waitH: c.waitS / 3600, share: c.share * 100 })) }));
  if (curves.every((c) => c.points.length === 0)) return <p className="text-sm text-slate-600">No job waited: there is no waiting-time curve to draw.</p>;
  return (
    <Frame label={`Cumulative distribution of job waiting time in hours for ${policies.join(", ")}`}>
      <LineChart margin={{ top: 8, right: 16, bottom: 16, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis
          dataKey="waitH"
          type="number"
          domain={[0, "dataMax"]}
          tick={{ fontSize: 11 }}
          tickFormatter={(v: number) => `${v.toFixed(v < 10 ? 1 : 0)} h`}
          allowDuplicatedCategory={false}
        />
        <YAxis domain={[0, 100]} tick={{ fontSize: 12 }} unit=" %" width={56} />
        <Tooltip labelFormatter={(v) => `waited ≤ ${Number(v).toFixed(2)} h`} formatter={(v, name) => [`${Number(v).toFixed(1)} % of jobs`, name]} />
        <Legend />
        {curves.map((c, i) => (
          <Line
            key={c.policy}
            name={c.policy}
            data={c.points}
            dataKey="share"
            stroke={color(i)}
            dot={false}
            strokeWidth={2}
            isAnimationActive={false}
            type="stepAfter"
          />
        ))}
      </LineChart>
    </Frame>
  );
}

/** Emissions (kg CO2e) per UTC day: bars for up to a month, lines beyond. */
export function EmissionsPerDayChart({ series, policies }: Props) {
  const byDay = new Map<string, Record<string, number | string>>();
  for (const p of policies) {
    for (const d of series[p]?.emissionsPerDay ?? []) {
      const row = byDay.get(d.day) ?? { day: d.day };
      if (d.kg !== null) row[p] = d.kg;
      byDay.set(d.day, row);
    }
  }
  const rows = [...byDay.values()].sort((a, b) => String(a.day).localeCompare(String(b.day)));
  if (rows.length === 0) return <p className="text-sm text-slate-600">No emissions were recorded.</p>;
  const common = (
    <>
      <CartesianGrid strokeDasharray="3 3" />
      <XAxis dataKey="day" tick={{ fontSize: 11 }} />
      <YAxis tick={{ fontSize: 12 }} width={64} label={{ value: "kg CO2e", angle: -90, position: "insideLeft", fontSize: 12 }} />
      <Tooltip formatter={(v, name) => [`${Number(v).toLocaleString("en-US", { maximumFractionDigits: 1 })} kg CO2e`, name]} />
      <Legend />
    </>
  );
  const label = `Emissions per day in kilograms CO2e for ${policies.join(", ")}`;
  if (rows.length <= 31) {
    return (
      <Frame label={label}>
        <BarChart data={rows} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
          {common}
          {policies.map((p, i) => (
            <Bar key={p} dataKey={p} fill={color(i)} isAnimationActive={false} />
          ))}
        </BarChart>
      </Frame>
    );
  }
  return (
    <Frame label={label}>
      <LineChart data={rows} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
        {common}
        {policies.map((p, i) => (
          <Line key={p} dataKey={p} stroke={color(i)} dot={false} strokeWidth={2} isAnimationActive={false} />
        ))}
      </LineChart>
    </Frame>
  );
}
