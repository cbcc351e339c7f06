/** Starting a placed job on each cluster it was placed on, and what a failed start leaves behind. */
import { DriverError } from "../../drivers";
import { recordJobEvents } from "../../repositories/job-event-repository";
import { markRunning, recordStartFailure } from "../../repositories/placement-repository";
import { assignmentsFor } from "../cluster-drivers";
import { runRequestWork } from "./resume-work";
import type { JobRow, RunnerCore, RunnerReport } from "./runner-types";

/** Starts the job on its clusters and marks it running; false when it was cancelled meanwhile (it is stopped again). */
export async function startJob(core: RunnerCore, job: JobRow, now: Date): Promise<boolean> {
  const { drivers, guards, parts } = core;
  for (const clusterId of parts.clustersOf(job)) {
    const entry = drivers.get(clusterId);
    try {
      await guards.callOn(entry, "start job", () =>
        entry.driver.startJob({
          jobId: job.id,
          tenantSlug: job.tenant.slug,
          ...runRequestWork(core, job),
          assignments: assignmentsFor(clusterId, parts.partsOf(job)),
        }),
      );
    } catch (error) {
      // Started before a crash: the driver has it already.
      if (!(error instanceof DriverError && error.code === "DUPLICATE_JOB")) throw error;
    }
  }
  if (await markRunning(core.db, job.id, now)) {
    await recordJobEvents(
      core.db,
      parts.clustersOf(job).map((clusterId) => {
        const entry = drivers.get(clusterId);
        return { jobId: job.id, at: now, kind: "started", source: entry.driver.kind, clusterId, message: `started on ${entry.clusterName}` };
      }),
    );
    return true;
  }
  // Cancelled while starting: stop it on the clusters again.
  for (const clusterId of parts.clustersOf(job)) {
    const entry = drivers.get(clusterId);
    await guards.callOn(entry, "cancel job", () => entry.driver.cancelJob(job.id));
  }
  return false;
}

/** A failed start: the job goes back to the queue (or fails) with its GPUs freed. */
export async function failStart(core: RunnerCore, job: JobRow, error: unknown, now: Date, report: RunnerReport): Promise<void> {
  const { drivers, guards } = core;
  // Store an opened breaker first, so the next placement of the requeued job already excludes the cluster.
  await guards.persistReachability(now);
  const outcome = await recordStartFailure(core.db, job.id, (error as Error).message, core.maxStartFailures, now);
  report.startFailures++;
  await recordJobEvents(core.db, [
    {
      jobId: job.id,
      at: now,
      kind: "start-failed",
      source: "runner",
      message: `start failed: ${(error as Error).message}; ${outcome === "failed" ? "no start attempts left" : "queued again"}`,
    },
  ]);
  if (outcome === "requeued") report.requeued++;
  if (outcome === "failed") report.failed++;
  // A timed-out start may still land, and a split job may have started on its other cluster: cancel
  // it there in the background (best effort; an unreachable cluster refuses at once).
  for (const clusterId of core.parts.clustersOf(job)) {
    const entry = drivers.all().find((e) => e.clusterId === clusterId);
    if (entry) void guards.callOn(entry, "cancel job", () => entry.driver.cancelJob(job.id)).catch(() => {});
  }
}
