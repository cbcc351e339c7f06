// All metrics of every policy side by side (the baseline first), with the saving against the
// baseline and what it cost in waiting time.
import type { ExperimentResults, PolicyMetrics } from "@/server/schemas/experiment";
import { count, kgCo2e, kwh, pct, pctOf, points, seconds, signedSeconds, wall } from "./experiment-format";

type Row = { label: string; hint?: string; value: (m: PolicyMetrics) => string; strong?: boolean };

const ROWS: { group: string; rows: Row[] }[] = [
  {
    group: "Carbon",
    rows: [
      { label: "Emissions", value: (m) => kgCo2e(m.emissionsKg), strong: true },
      {
        label: "Saved vs baseline",
        hint: "less CO2e than the baseline on the same trace and seed",
        value: (m) => pctOf(m.emissionsSavedPctVsBaseline),
        strong: true,
      },
      { label: "Emissions per GPU-hour", value: (m) => (m.emissionsPerGpuHourG === null ? "—" : `${m.emissionsPerGpuHourG.toFixed(0)} g CO2e`) },
      { label: "Job emissions (idle excluded)", value: (m) => kgCo2e(m.jobEmissionsKg) },
      { label: "Energy (facility)", value: (m) => kwh(m.energyKwh) },
      { label: "Energy (IT)", value: (m) => kwh(m.itEnergyKwh) },
    ],
  },
  {
    group: "Allocation",
    rows: [
      { label: "GAR (time average)", value: (m) => pct(m.gar), strong: true },
      { label: "GAR change vs baseline", value: (m) => points(m.garDeltaPointsVsBaseline) },
      { label: "GAR p50", value: (m) => pct(m.garP50) },
      { label: "SOR", hint: "GPU time of runs that counted / GPU time held (lost runs included)", value: (m) => pct(m.sor) },
      { label: "GFR", value: (m) => pct(m.gfr) },
      { label: "Fragmentation rate", value: (m) => pct(m.fragmentationRate) },
      { label: "Allocated GPU-hours", value: (m) => (m.allocatedGpuHours === null ? "—" : `${count(m.allocatedGpuHours)} GPU-h`) },
    ],
  },
  {
    group: "Waiting and completion",
    rows: [
      { label: "Waiting cost vs baseline", hint: "change in mean wait", value: (m) => signedSeconds(m.meanWaitDeltaSVsBaseline), strong: true },
      { label: "Mean wait", value: (m) => seconds(m.meanWaitS) },
      { label: "Wait p50", value: (m) => seconds(m.jwtdP50S) },
      { label: "Wait p90", value: (m) => seconds(m.jwtdP90S) },
      { label: "Wait p99", value: (m) => seconds(m.jwtdP99S) },
      { label: "Waits censored at the end", hint: "never started: counted with the wait until the end", value: (m) => count(m.jwtdCensoredJobs) },
      { label: "Mean job completion time", value: (m) => seconds(m.meanJctS) },
      { label: "p99 job completion time", value: (m) => seconds(m.p99JctS) },
      { label: "Jobs completed", value: (m) => count(m.jobsCompleted) },
      { label: "Jobs skipped", value: (m) => count(m.jobsSkipped) },
      { label: "Deadline misses", value: (m) => count(m.deadlineMisses) },
    ],
  },
  {
    group: "Estimates and run",
    rows: [
      { label: "Duration estimate error (median)", hint: "|estimate − actual| / actual", value: (m) => pct(m.jttedMedianRelErr) },
      { label: "Decisions", value: (m) => count(m.decisions) },
      { label: "Events", value: (m) => count(m.events) },
      { label: "Simulation wall time", value: (m) => wall(m.wallMs) },
    ],
  },
];

/** Baseline first, then the others in the order they were chosen. */
export function orderedPolicies(results: ExperimentResults, chosen: string[]) {
  const names = chosen.filter((p) => results.policies[p]);
  return [results.baseline, ...names.filter((p) => p !== results.baseline)].filter((p) => results.policies[p]);
}

export function ComparisonTable({ results, policies }: { results: ExperimentResults; policies: string[] }) {
  return (
    <div className="relative overflow-x-auto">
      <table className="min-w-full text-sm" data-testid="comparison-table">
        <caption className="sr-only">Metrics per policy; the baseline is {results.baseline}</caption>
        <thead className="text-left text-xs uppercase text-slate-600">
          <tr>
            <th scope="col" className="py-2 pr-4">
              Metric
            </th>
            {policies.map((p) => (
              <th key={p} scope="col" className="px-3 py-2 text-right">
                {p}
                {p === results.baseline && <span className="ml-1 rounded bg-slate-200 px-1 py-0.5 text-[10px] normal-case text-slate-700">baseline</span>}
              </th>
            ))}
          </tr>
        </thead>
        {ROWS.map((section) => (
          <tbody key={section.group}>
            <tr>
              <th
                scope="colgroup"
                colSpan={policies.length + 1}
                className="bg-slate-50 px-2 py-1 text-left text-xs font-semibold uppercase tracking-wide text-slate-700"
              >
                {section.group}
              </th>
            </tr>
            {section.rows.map((row) => (
              <tr key={row.label} className="border-t border-slate-100">
                <th scope="row" className={`py-1.5 pr-4 text-left ${row.strong ? "font-semibold" : "font-normal"}`}>
                  {row.label}
                  {row.hint && <span className="block text-xs font-normal text-slate-600">{row.hint}</span>}
                </th>
                {policies.map((p) => (
                  <td key={p} className={`px-3 py-1.5 text-right tabular-nums ${row.strong ? "font-semibold" : ""}`}>
                    {row.value(results.policies[p]!)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    </div>
  );
}
