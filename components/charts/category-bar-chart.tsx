"use client";
// Bars of one or more series per category (a cluster, a tenant, a day), with the unit on the axis.
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

export interface BarSeries {
  key: string;
  label: string;
  color: string;
}

/** Plain rows in: { [categoryKey]: label, [series.key]: number }. */
export function CategoryBarChart({
  rows,
  categoryKey,
  series,
  unit,
  label,
  height = "h-64",
  formatValue = (v) => v.toFixed(2),
  formatCategory,
}: {
  rows: Record<string, string | number>[];
  categoryKey: string;
  series: BarSeries[];
  unit: string;
  /** What the chart shows, for screen readers. */
  label: string;
  height?: string;
  formatValue?: (v: number) => string;
  formatCategory?: (v: string) => string;
}) {
  return (
    <div className={`${height} w-full min-w-0 overflow-hidden`} role="img" aria-label={label}>
      <ResponsiveContainer>
        <BarChart data={rows} margin={{ top: 8, right: 12, bottom: 4, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey={categoryKey}
            tick={{ fontSize: 11 }}
            tickFormatter={formatCategory}
            interval={rows.length <= 12 ? 0 : "preserveStartEnd"}
            minTickGap={8}
          />
          <YAxis tick={{ fontSize: 11 }} width={56} label={{ value: unit, angle: -90, position: "insideLeft", fontSize: 11, dy: 30 }} />
          <Tooltip
            labelFormatter={(v) => (formatCategory ? formatCategory(String(v)) : String(v))}
            formatter={(v, name) => [`${formatValue(Number(v))} ${unit}`, name]}
          />
          {series.length > 1 && <Legend wrapperStyle={{ fontSize: 12 }} />}
          {series.map((s) => (
            <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.color} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
