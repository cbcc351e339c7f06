"use client";
// The trials of an auto-tune: CO2e of each trial on the training window (line, one point per trial)
// and, for the trials replayed on the held-out window, their validation CO2e (dots); the active
// policy's figures on both windows as dashed reference lines. The trials table beside it holds the numbers.
import { CartesianGrid, ComposedChart, Legend, Line, ReferenceLine, ResponsiveContainer, Scatter, Tooltip, XAxis, YAxis } from "recharts";
import type { AutoTuneResults } from "@/server/tuning/auto-tune";

/** Training vs validation CO2e per trial. */
export function AutoTuneTrialsChart({ results }: { results: AutoTuneResults }) {
  const rows = results.trials.map((t) => ({
    trial: t.index + 1,
    training: Number(t.training.co2eKg.toFixed(2)),
    validation: t.validation ? Number(t.validation.co2eKg.toFixed(2)) : null,
  }));
  return (
    <div
      className="h-72 w-full min-w-0 overflow-hidden"
      role="img"
      aria-label="Chart of CO2e per trial on the training window and, for validated trials, on the held-out window"
    >
      <ResponsiveContainer>
        <ComposedChart data={rows} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="trial" type="number" domain={[1, Math.max(2, rows.length)]} allowDecimals={false} tick={{ fontSize: 11 }} />
          <YAxis tick={{ fontSize: 12 }} unit=" kg" width={72} domain={["auto", "auto"]} />
          <Tooltip formatter={(v, name) => [`${Number(v).toFixed(1)} kg`, name]} labelFormatter={(v) => `Trial ${v}`} />
          <Legend />
          <ReferenceLine y={results.active.training.co2eKg} stroke="#475569" strokeDasharray="4 4" />
          <ReferenceLine y={results.active.validation.co2eKg} stroke="#0369a1" strokeDasharray="4 4" />
          <Line dataKey="training" name="Training CO2e" stroke="#475569" dot isAnimationActive={false} />
          <Scatter dataKey="validation" name="Validation CO2e" fill="#0369a1" isAnimationActive={false} />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
