// A job's energy and CO2e for the tables: what the hourly ledger has accounted (from telemetry or the
// power model, per hour it ran) when there is any, else the scheduler's estimate at placement.
import { formatEmissions } from "@/components/ui/format";

export interface JobEnergyFacts {
  status: string;
  energyKwh: number | null;
  emissionsGCo2e: number | null;
  /** `clusters`: how many clusters the hours were drawn on (a split gang's parts each keep theirs). */
  accounted: { energyKwh: number; emissionsGCo2e: number; hours: number; clusters?: number } | null;
}

export interface JobEnergyView {
  energy: string;
  emissions: string;
  /** "accounted" (ledger), "estimated" (placement estimate) or null when there is nothing. */
  basis: "accounted" | "estimated" | null;
  note: string;
}

/** 0.4217 -> "0.42 kWh", 12.5 -> "12.5 kWh", 2345 -> "2.35 MWh"; "—" when unknown. */
export function formatEnergy(kwh: number | null | undefined): string {
  if (kwh === null || kwh === undefined || !Number.isFinite(kwh)) return "—";
  const abs = Math.abs(kwh);
  if (abs >= 1000) return `${(kwh / 1000).toFixed(2)} MWh`;
  return `${kwh.toFixed(abs < 10 ? 2 : 1)} kWh`;
}

export function jobEnergyView(job: JobEnergyFacts): JobEnergyView {
  if (job.accounted && job.accounted.hours > 0) {
    const running = job.status === "RUNNING";
    return {
      energy: formatEnergy(job.accounted.energyKwh),
      emissions: formatEmissions(job.accounted.emissionsGCo2e),
      basis: "accounted",
      note: `${running ? "So far: " : ""}accounted over ${job.accounted.hours} ${job.accounted.hours === 1 ? "hour" : "hours"}${(job.accounted.clusters ?? 1) > 1 ? ` on ${job.accounted.clusters} clusters, each part with its own cluster's intensity and PUE,` : ""} from the GPUs' power and the grid's intensity in each hour, times the cluster's PUE.`,
    };
  }
  if (job.energyKwh !== null || job.emissionsGCo2e !== null) {
    return {
      energy: formatEnergy(job.energyKwh),
      emissions: formatEmissions(job.emissionsGCo2e),
      basis: "estimated",
      note: "The scheduler's estimate when it placed the job (power model × duration × PUE × forecast intensity).",
    };
  }
  return { energy: "—", emissions: "—", basis: null, note: job.status === "QUEUED" ? "Known once the job is placed." : "No energy recorded for this job." };
}
