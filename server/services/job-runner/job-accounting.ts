/** A finished job's energy hours per cluster, its totals and its savings-ledger entry. */
import { accountJobHours, mergeHours, sumJobHours, type JobHour, type PowerSample } from "../../accounting/energy-hours";
import { jobPowerModel } from "../../accounting/node-power-model";
import type { JobAccountingRows } from "../../repositories/control-loop-repository";
import { createBaselineSaving } from "./baseline-saving";
import { intensityLookup } from "./intensity-lookup";
import type { JobRow, RunnerCore } from "./runner-types";

/** The rows written with a finished job and the totals stored on it. */
export interface JobAccounting {
  rows: JobAccountingRows;
  energyKwh: number;
  emissionsGCo2e: number;
}

/** Accounts a job's run from its power samples (or the power model) and each hour's intensity. */
export function createJobAccounting(core: RunnerCore) {
  const { db, drivers, parts, samples } = core;
  const baseline = createBaselineSaving(core);

  /** The job's hours on one cluster. */
  async function clusterHours(job: JobRow, jobSamples: PowerSample[], clusterId: string, startedAtMs: number, endedAtMs: number) {
    const entry = drivers.get(clusterId);
    const intensity = await intensityLookup(db, entry.zoneId, startedAtMs, endedAtMs);
    const clusterSamples = jobSamples.filter((s) => (s as PowerSample & { clusterId?: string }).clusterId === clusterId);
    // Whole node share: GPUs, CPU, memory and the node's idle share; telemetry sees only the GPUs.
    const power = jobPowerModel(parts.holdingsOf(entry, job));
    return accountJobHours({
      runStartMs: startedAtMs,
      runEndMs: endedAtMs,
      workSpeed: entry.workSpeed,
      powerModelWatts: power.watts,
      unmeteredWatts: power.unmeteredWatts,
      energyMethod: power.method,
      samples: clusterSamples,
      pue: entry.pue,
      intensity,
    }).map((h) => ({ ...h, clusterId }));
  }

  return {
    /** Accounts the run of `job` over [startedAtMs, endedAtMs). */
    async account(job: JobRow, startedAtMs: number, endedAtMs: number): Promise<JobAccounting> {
      const hours: (JobHour & { clusterId: string })[] = [];
      const jobSamples = samples.get(job.id) ?? [];
      for (const clusterId of parts.clustersOf(job)) hours.push(...(await clusterHours(job, jobSamples, clusterId, startedAtMs, endedAtMs)));
      const totals = sumJobHours(hours);
      const saving = await baseline.savingOf({ job, hours, startedAtMs, endedAtMs, actualGCo2e: totals.emissionsGCo2e });
      return {
        rows: { hours: mergeHours(hours).map((h) => ({ ...h, tenantId: job.tenantId })), saving },
        energyKwh: totals.energyKwh,
        emissionsGCo2e: totals.emissionsGCo2e,
      };
    },
  };
}
