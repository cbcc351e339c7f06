/**
 * Output of `npm run sim`: a text table (one column per policy, one row per metric) and the JSON
 * summary whose single line ends stdout with --json.
 */
import type { SimPolicyMetrics, SimResult } from "@/server/engine";
import type { ScenarioReport } from "@/server/sim-scenario";

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const num = (x: number, digits = 0) => x.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** A duration in s, min, h or d, whichever reads best. */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return "-";
  if (seconds < 60) return `${seconds.toFixed(0)} s`;
  if (seconds < 3600) return `${(seconds / 60).toFixed(1)} min`;
  if (seconds < 86_400 * 2) return `${(seconds / 3600).toFixed(1)} h`;
  return `${(seconds / 86_400).toFixed(1)} d`;
}

const signed = (x: number, digits: number, unit: string) => `${x > 0 ? "+" : ""}${x.toFixed(digits)}${unit}`;

/** The rows of the table: label and how to print a policy's value. */
const ROWS: readonly [string, (m: SimPolicyMetrics) => string][] = [
  ["GAR (time avg)", (m) => pct(m.gar)],
  ["SOR", (m) => pct(m.sor)],
  ["GFR", (m) => pct(m.gfr)],
  ["fragmentation rate", (m) => pct(m.fragmentationRate)],
  ["JWTD p50", (m) => formatDuration(m.jwtdP50S)],
  ["JWTD p90", (m) => formatDuration(m.jwtdP90S)],
  ["JWTD p99", (m) => formatDuration(m.jwtdP99S)],
  ["mean wait", (m) => formatDuration(m.meanWaitS)],
  ["mean wait, jobs of >= 32 GPUs", (m) => (m.largeJobs ? formatDuration(m.waitLargeMeanS ?? 0) : "-")],
  ["p99 wait, jobs of >= 32 GPUs", (m) => (m.largeJobs ? formatDuration(m.waitLargeP99S ?? 0) : "-")],
  ["preemptions", (m) => num(m.preemptions ?? 0)],
  ["GPU-hours lost to preemption", (m) => num(m.gpuHoursLostToPreemption ?? 0, 1)],
  ["JTTED median |rel err|", (m) => pct(m.jttedMedianRelErr)],
  ["mean JCT", (m) => formatDuration(m.meanJctS)],
  ["p99 JCT", (m) => formatDuration(m.p99JctS)],
  ["energy (facility)", (m) => `${num(m.energyKwh)} kWh`],
  ["emissions", (m) => `${num(m.emissionsKg)} kg`],
  ["emissions / GPU-hour", (m) => `${num(m.emissionsPerGpuHourG, 1)} g`],
  ["CO2e saved vs baseline", (m) => signed(m.emissionsSavedPctVsBaseline, 1, " %")],
  ["GAR change vs baseline", (m) => signed(m.garDeltaPointsVsBaseline, 2, " pts")],
  ["mean wait change vs baseline", (m) => `${m.meanWaitDeltaSVsBaseline >= 0 ? "+" : "-"}${formatDuration(Math.abs(m.meanWaitDeltaSVsBaseline))}`],
  ["deadline misses", (m) => num(m.deadlineMisses)],
  ["jobs completed", (m) => num(m.jobsCompleted)],
  ["jobs skipped", (m) => num(m.jobsSkipped)],
  ["events", (m) => num(m.events)],
  ["wall time", (m) => `${(m.wallMs / 1000).toFixed(1)} s`],
];

/** The results table, policies as columns in the scenario's order. */
export function toTable(result: SimResult, order: readonly string[]): string {
  const names = order.filter((n) => result.policies[n]);
  const header = ["metric", ...names.map((n) => (n === result.baseline ? `${n} (baseline)` : n))];
  const rows = ROWS.map(([label, cell]) => [label, ...names.map((n) => cell(result.policies[n] as SimPolicyMetrics))]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number))).join("  ");
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

/** Summary lines about the scenario (fleet, zones, workload) printed above the table. */
export function describeScenario(name: string, report: ScenarioReport): string {
  const w = report.workload;
  const fleet = report.clusters.map((c) => `${c.name} (${c.zone}, ${c.gpus} GPUs)`).join(", ");
  const zones = report.zones.map((z) => `${z.zone} ${z.meanGCo2ePerKwhInPeriod.toFixed(0)}`).join(", ");
  return [
    `scenario ${name}`,
    `fleet: ${report.clusters.length} clusters, ${report.clusters.reduce((s, c) => s + c.gpus, 0)} GPUs: ${fleet}`,
    `mean intensity in the period (gCO2e/kWh): ${zones}`,
    `workload: ${w.jobs} jobs of ${w.podsInFile} pods (${w.flexibleJobs} flexible, ${w.durationsSampled} durations sampled; dropped: ${w.droppedOutsideWindow} outside the window, ${w.droppedAfterEnd} after the end, ${w.droppedNoDuration} without times, ${w.droppedCpuOnly} CPU-only, ${w.droppedBySample} by the sample)`,
  ].join("\n");
}

/** The --json summary: one object, the documented keys plus a few extras per policy. */
export function toJsonSummary(result: SimResult): Record<string, unknown> {
  const policies = Object.fromEntries(
    Object.entries(result.policies).map(([name, m]) => [
      name,
      {
        gar: m.gar,
        sor: m.sor,
        gfr: m.gfr,
        jwtdP50S: m.jwtdP50S,
        jwtdP90S: m.jwtdP90S,
        jwtdP99S: m.jwtdP99S,
        jttedMedianRelErr: m.jttedMedianRelErr,
        meanJctS: m.meanJctS,
        energyKwh: m.energyKwh,
        emissionsKg: m.emissionsKg,
        deadlineMisses: m.deadlineMisses,
        jobsCompleted: m.jobsCompleted,
        jobsSkipped: m.jobsSkipped,
        garP50: m.garP50,
        fragmentationRate: m.fragmentationRate,
        meanWaitS: m.meanWaitS,
        p99JctS: m.p99JctS,
        itEnergyKwh: m.itEnergyKwh,
        jobEmissionsKg: m.jobEmissionsKg,
        emissionsPerGpuHourG: m.emissionsPerGpuHourG,
        emissionsSavedPctVsBaseline: m.emissionsSavedPctVsBaseline,
        garDeltaPointsVsBaseline: m.garDeltaPointsVsBaseline,
        meanWaitDeltaSVsBaseline: m.meanWaitDeltaSVsBaseline,
        waitP99S: m.waitP99S,
        largeJobs: m.largeJobs,
        waitLargeMeanS: m.waitLargeMeanS,
        waitLargeP99S: m.waitLargeP99S,
        preemptions: m.preemptions,
        gpuHoursLostToPreemption: m.gpuHoursLostToPreemption,
        events: m.events,
        wallMs: m.wallMs,
      },
    ]),
  );
  return { scenario: result.scenario, seed: result.seed, policies, baseline: result.baseline, eventsPerSec: result.eventsPerSec, wallMs: result.wallMs };
}
