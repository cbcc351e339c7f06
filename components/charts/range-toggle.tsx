"use client";
// Picks the window of an "over time" chart.
import type { HistoryRange } from "@/server/services/sample-series";

const RANGES: { value: HistoryRange; label: string }[] = [
  { value: "24h", label: "24 h" },
  { value: "7d", label: "7 days" },
];

export function RangeToggle({ value, onChange, label }: { value: HistoryRange; onChange: (r: HistoryRange) => void; label: string }) {
  return (
    <div role="group" aria-label={label} className="inline-flex overflow-hidden rounded-md ring-1 ring-slate-300">
      {RANGES.map((r) => (
        <button
          key={r.value}
          type="button"
          aria-pressed={value === r.value}
          onClick={() => onChange(r.value)}
          className={`px-3 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-leaf-700 ${value === r.value ? "bg-leaf-700 text-white" : "bg-white text-slate-700 hover:bg-slate-100"}`}
        >
          {r.label}
        </button>
      ))}
    </div>
  );
}
