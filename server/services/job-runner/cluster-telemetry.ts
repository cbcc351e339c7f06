/** One cluster's telemetry: power samples of its running jobs and, when due, its ClusterSample row. */
import { powerModelWatts, type PowerSample } from "../../accounting/energy-hours";
import type { TelemetryReport } from "../../drivers";
import { assignmentsFor, type DriverEntry } from "../cluster-drivers";
import type { CycleContext, JobRow, RunnerCore } from "./runner-types";

/** Who holds how much of each GPU (`node#index`), to split a shared GPU's draw between its jobs. */
function gpuHolders(core: RunnerCore, entry: DriverEntry, jobs: JobRow[]): Map<string, { jobId: string; milli: number }[]> {
  const holders = new Map<string, { jobId: string; milli: number }[]>();
  for (const j of jobs)
    for (const a of assignmentsFor(entry.clusterId, core.parts.partsOf(j)))
      for (const g of a.gpuIndices) {
        const key = `${a.node}#${g}`;
        const list = holders.get(key);
        if (list) list.push({ jobId: j.id, milli: a.milliPerGpu });
        else holders.set(key, [{ jobId: j.id, milli: a.milliPerGpu }]);
      }
  return holders;
}

/** The telemetry report, or null when the cluster has none or the read failed. */
async function readSafely(core: RunnerCore, entry: DriverEntry): Promise<TelemetryReport | null> {
  try {
    const report = await core.guards.callOn(entry, "read telemetry", () => entry.driver.readTelemetry(entry.clock()));
    return report.unavailableReason ? null : report;
  } catch {
    return null;
  }
}

/** Each job's share of the measured draw, and the cluster's whole draw. */
function splitWatts(report: TelemetryReport | null, holders: Map<string, { jobId: string; milli: number }[]>) {
  const jobWatts = new Map<string, number>();
  let clusterWatts = 0;
  for (const gpu of report?.gpus ?? []) {
    clusterWatts += gpu.powerWatts;
    const on = holders.get(`${gpu.node}#${gpu.gpuIndex}`) ?? [];
    const total = on.reduce((s, h) => s + h.milli, 0);
    for (const h of on) jobWatts.set(h.jobId, (jobWatts.get(h.jobId) ?? 0) + (gpu.powerWatts * h.milli) / total);
  }
  return { jobWatts, clusterWatts };
}

/** Appends one power sample per job. */
function appendSamples(core: RunnerCore, clusterId: string, jobWatts: Map<string, number>): void {
  // Appended in place: copying a long-running job's samples every cycle would grow with the square of its run.
  for (const [jobId, watts] of jobWatts) {
    const sample = { atMs: core.clock.wallMs, watts, clusterId } as PowerSample;
    const list = core.samples.get(jobId);
    if (list) list.push(sample);
    else core.samples.set(jobId, [sample]);
  }
}

/** Reads one cluster's telemetry into its running jobs' samples and, when due, the cycle's sample rows. */
export async function readClusterTelemetry(core: RunnerCore, entry: DriverEntry, ctx: CycleContext): Promise<void> {
  const here = ctx.jobs.filter((j) => j.status === "RUNNING" && core.parts.clustersOf(j).includes(entry.clusterId));
  if (!here.length && !ctx.sampleDue) return;
  const holders = gpuHolders(core, entry, here);
  const report = await readSafely(core, entry);
  const { jobWatts, clusterWatts } = splitWatts(report, holders);
  if (report && report.gpus.length) appendSamples(core, entry.clusterId, jobWatts);
  if (!ctx.sampleDue) return;
  const alloc = ctx.allocation.find((a) => a.clusterId === entry.clusterId);
  // Without telemetry (e.g. Kubernetes without DCGM) the power model of the running jobs stands in.
  const modelWatts = () => here.reduce((w, j) => w + powerModelWatts(core.parts.sharesOf(entry, j)), 0);
  const watts = report && report.gpus.length ? clusterWatts : modelWatts();
  ctx.sampleRows.push({
    clusterId: entry.clusterId,
    at: new Date(Math.floor(core.clock.wallMs / 1000) * 1000),
    gpuCapacityMilli: Number(alloc?.capacity ?? 0),
    allocatedGpuMilli: Number(alloc?.allocated ?? 0),
    powerWatts: Math.round(watts * 10) / 10,
    runningJobs: here.length,
  });
}
