// Formatting with units: every number the UI shows says what it counts.
import { formatCo2eMass } from "@/server/engine";

/** 12000 milli-cores -> "12 cores"; 500 -> "0.5 cores". */
export function formatCpu(milli: number): string {
  const cores = milli / 1000;
  return `${Number.isInteger(cores) ? cores : cores.toFixed(1)} ${cores === 1 ? "core" : "cores"}`;
}

/** 12288 MiB -> "12 GiB". */
export function formatMemory(mib: number): string {
  return mib >= 1024 ? `${Math.round((mib / 1024) * 10) / 10} GiB` : `${mib} MiB`;
}

/** GPU request: "2 GPUs", "0.47 GPU (shared)", "none". */
export function formatGpuRequest(gpuCount: number, gpuMilli: number, computeUnits?: number | null, minGpuMemoryGib?: number | null): string {
  if (computeUnits) return `${computeUnits} A100-eq, ≥${minGpuMemoryGib ?? 0} GiB`;
  if (gpuCount === 0) return "none";
  if (gpuCount === 1 && gpuMilli < 1000) return `${(gpuMilli / 1000).toFixed(2)} GPU (shared)`;
  return `${gpuCount} ${gpuCount === 1 ? "GPU" : "GPUs"}`;
}

/** 5400 s -> "1 h 30 min". */
export function formatDuration(seconds: number): string {
  const d = Math.floor(seconds / 86400);
  const h = Math.floor((seconds % 86400) / 3600);
  const m = Math.round((seconds % 3600) / 60);
  return [d && `${d} d`, h && `${h} h`, m && `${m} min`].filter(Boolean).join(" ") || `${seconds} s`;
}

/** Whole numbers with thousands separators. */
export function formatCount(n: number): string {
  return n.toLocaleString("en-US");
}

/** gCO2e with a unit that fits the size ("412 g CO2e", "1.23 kg CO2e", "1.5 t CO2e"): the engine's one mass formatter, so UI and explanations agree. */
export const formatEmissions = formatCo2eMass;

/** A ratio 0..1 as a percentage with one decimal: 0.4567 -> "45.7 %". */
export function formatPercent(ratio: number): string {
  return `${(ratio * 100).toFixed(1)} %`;
}

/** The hint under a savings figure: share of the baseline and how many finished jobs it covers. */
export function formatSavingHint(s: { jobs: number; baselineGCo2e: number; savedGCo2e: number }): string {
  if (s.jobs === 0) return "no finished jobs in the ledger yet";
  const share =
    s.baselineGCo2e > 0
      ? `${((s.savedGCo2e / s.baselineGCo2e) * 100).toFixed(1)} % of the baseline's ${formatEmissions(s.baselineGCo2e)}`
      : `baseline ${formatEmissions(s.baselineGCo2e)}`;
  return `${share} · ${s.jobs.toLocaleString("en-US")} ${s.jobs === 1 ? "job" : "jobs"}`;
}
