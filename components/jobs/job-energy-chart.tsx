"use client";
// A job's energy and emissions per hour, with each hour's intensity source in the tooltip and a table under it.
import { Bar, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { JobTimeline } from "@/server/services/job-timeline-service";
import { formatInstant } from "@/components/time/format-instant";
import { useDisplayTimeZone } from "@/components/time/time-zone-context";

const SOURCE_WORDS: Record<string, string> = {
  measured: "measured",
  "provider-forecast": "provider forecast",
  "verdant-forecast": "Verdant forecast",
  "annual-average": "annual average",
};

/** Bars of kWh and a line of kg CO2e per hour; provenance per hour in the tooltip and the summary line. */
export function JobEnergyChart({ energy, totals }: Pick<JobTimeline, "energy" | "totals">) {
  const zone = useDisplayTimeZone();
  if (energy.length === 0)
    return (
      <section aria-labelledby="energy-title" className="space-y-2">
        <h2 id="energy-title" className="text-lg font-semibold">
          Energy and emissions per hour
        </h2>
        <p className="text-sm text-slate-600">No hour of this job has been accounted yet: hours are written when a run ends.</p>
      </section>
    );
  const data = energy.map((h) => ({ ...h, ms: new Date(h.hourStart).getTime(), kg: h.emissionsGCo2e / 1000 }));
  const sources = [...new Set(energy.map((h) => SOURCE_WORDS[h.intensitySource] ?? h.intensitySource))];
  const methods = [...new Set(energy.map((h) => `${h.energySource} (${h.energyMethod})`))];
  const label = (ms: number) => formatInstant(new Date(ms), zone, { compact: true });
  return (
    <section aria-labelledby="energy-title" className="space-y-2">
      <h2 id="energy-title" className="text-lg font-semibold">
        Energy and emissions per hour
      </h2>
      <p className="text-sm text-slate-700">
        {totals.facilityEnergyKwh.toFixed(2)} kWh and {(totals.emissionsGCo2e / 1000).toFixed(2)} kg CO2e over {energy.length} hour
        {energy.length === 1 ? "" : "s"}. Intensity: {sources.join(", ")}; energy: {methods.join(", ")}.
      </p>
      <div className="h-64 w-full min-w-0 overflow-hidden" role="img" aria-label="Bar chart of the job's energy per hour with a line of its emissions">
        <ResponsiveContainer>
          <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="ms" type="category" tickFormatter={label} tick={{ fontSize: 11 }} />
            <YAxis yAxisId="kwh" tick={{ fontSize: 11 }} label={{ value: "kWh", angle: -90, position: "insideLeft", fontSize: 11 }} />
            <YAxis yAxisId="kg" orientation="right" tick={{ fontSize: 11 }} label={{ value: "kg CO2e", angle: 90, position: "insideRight", fontSize: 11 }} />
            <Tooltip
              labelFormatter={(v) => label(Number(v))}
              formatter={(value, name, item) => {
                const p = item.payload as (typeof data)[number];
                return name === "kg"
                  ? [
                      `${Number(value).toFixed(3)} kg CO2e at ${p.gCo2ePerKwh.toFixed(0)} g/kWh (${SOURCE_WORDS[p.intensitySource] ?? p.intensitySource}, ${p.clusterName})`,
                      "emissions",
                    ]
                  : [`${Number(value).toFixed(3)} kWh (${p.energySource})`, "facility energy"];
              }}
            />
            <Bar yAxisId="kwh" dataKey="facilityEnergyKwh" fill="#7dd3fc" isAnimationActive={false} />
            <Line yAxisId="kg" type="monotone" dataKey="kg" stroke="#15803d" strokeWidth={2} dot={false} isAnimationActive={false} />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
    </section>
  );
}
