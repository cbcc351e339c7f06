/** Advancing one job by a step: start it when due, or poll it and end it once its run is over. */
import { DriverError } from "../../drivers";
import { writeJobAccounting } from "../../repositories/control-loop-repository";
import { recordJobEvents } from "../../repositories/job-event-repository";
import { finishJob } from "../../repositories/placement-repository";
import { retryFailedRun } from "../../repositories/reconcile-repository";
import { ClusterUnreachableError } from "../cluster-health";
import { collectClusterEvents } from "./cluster-events";
import { createJobAccounting } from "./job-accounting";
import { pollJob, type PolledJob } from "./poll-job";
import { exhaustedReason, retryBackoffMs, retryReason } from "./run-retry";
import { discardEverywhere, keptWorkOf } from "./run-interruption";
import { saveCheckpoint } from "./resume-work";
import type { JobRow, RunnerCore, RunnerReport } from "./runner-types";
import { failStart, startJob } from "./start-job";

/** Trouble with a cluster (not with the database): the job is retried or requeued, the loop goes on. */
export function isClusterProblem(error: unknown): boolean {
  return error instanceof DriverError || error instanceof ClusterUnreachableError || (error instanceof Error && /no driver for cluster/.test(error.message));
}

/** Drives jobs for the runner; keeps the accounting's cached baseline context. */
export function createJobDriver(core: RunnerCore) {
  const { db, clock } = core;
  const accounting = createJobAccounting(core);

  /** Starts a placed job once its start has come; a failed start on a cluster requeues it. */
  async function startWhenDue(job: JobRow, now: Date, report: RunnerReport): Promise<void> {
    const startAt = job.decisions[0]?.startAt ?? job.placedAt ?? now;
    if (startAt.getTime() > clock.wallMs) return;
    try {
      if (await startJob(core, job, now)) {
        job.status = "RUNNING";
        job.startedAt = now;
        report.started++;
      }
    } catch (error) {
      if (!isClusterProblem(error)) throw error;
      await failStart(core, job, error, now, report);
    }
  }

  /**
   * A failed run with retries left: queued again after its back-off, from its checkpoint, and removed
   * from its clusters; true when so. With none left the cause names the retries it had.
   */
  async function retryRun(job: JobRow, state: PolledJob, now: Date, report: RunnerReport): Promise<boolean> {
    const cause = state.message ?? "the cluster gave no reason";
    const outcome = await retryFailedRun(db, {
      jobId: job.id,
      at: now,
      // The work up to the failure, not up to this poll.
      keptWork: keptWorkOf(core, job, new Date(Math.min(now.getTime(), state.finishedAtMs ?? now.getTime()))),
      backoffMs: (retry) => retryBackoffMs(core.seed, job.id, retry, core.failures.backoff),
      reason: (retry, max, notBefore) => retryReason(cause, retry, max, notBefore),
    });
    if (outcome?.outcome === "exhausted") state.message = exhaustedReason(cause, outcome.retries);
    if (outcome?.outcome !== "requeued") return false;
    await recordJobEvents(db, [{ jobId: job.id, at: now, kind: "run-failed", source: "runner", message: `run failed: ${cause}; queued again for a retry` }]);
    job.status = "QUEUED";
    report.runRetries++;
    await discardEverywhere(core, job);
    return true;
  }

  /** Ends a job whose run is over, in one transaction with its accounting, and lets the drivers forget it. */
  async function finish(job: JobRow, state: PolledJob, now: Date, report: RunnerReport): Promise<void> {
    if (state.phase === "failed" && job.status === "RUNNING" && (await retryRun(job, state, now, report))) return;
    const startedAtMs = (job.startedAt ?? now).getTime();
    const endedAtMs = Math.min(clock.wallMs, Math.max(startedAtMs, state.finishedAtMs ?? clock.wallMs));
    const { rows, energyKwh, emissionsGCo2e } = await accounting.account(job, startedAtMs, endedAtMs);
    const status = state.phase === "succeeded" ? "SUCCEEDED" : state.phase === "failed" ? "FAILED" : "CANCELLED";
    if (await finishJob(db, job.id, status, new Date(endedAtMs), { energyKwh, emissionsGCo2e }, state.message, (tx) => writeJobAccounting(tx, job.id, rows))) {
      const kind = status === "SUCCEEDED" ? "succeeded" : status === "FAILED" ? "failed" : "cancelled";
      const words = status === "SUCCEEDED" ? "run succeeded" : `run ${kind}${state.message ? `: ${state.message}` : ""}`;
      await recordJobEvents(db, [{ jobId: job.id, at: new Date(endedAtMs), kind, source: "runner", message: words }]);
      if (status === "SUCCEEDED") report.completed++;
      else report.failed++;
    }
    core.samples.delete(job.id);
    for (const clusterId of core.parts.clustersOf(job)) {
      const driver = core.drivers.get(clusterId).driver as { forgetJob?: (id: string) => void };
      driver.forgetJob?.(job.id);
    }
  }

  return {
    /** Starts, polls or ends one job; cluster trouble is counted (and a failed start requeues the job), never thrown. */
    async driveJob(job: JobRow, now: Date, report: RunnerReport): Promise<void> {
      try {
        // Queued again this cycle (its node was lost, the cluster lost it): nothing left to drive.
        if (job.status !== "PLACED" && job.status !== "RUNNING") return;
        if (job.status === "PLACED") return await startWhenDue(job, now, report);
        const state = await pollJob(core, job);
        // Before a finished run is forgotten by its drivers: what the clusters reported about it.
        await collectClusterEvents(core, job);
        if (state.phase === "running") await saveCheckpoint(core, job, state.checkpoint, now);
        if (state.phase === "running" || state.phase === "pending") return;
        await finish(job, state, now, report);
      } catch (error) {
        // One cluster's trouble must not stop the others; the job is tried again next cycle.
        if (!isClusterProblem(error)) throw error;
        report.driverErrors++;
      }
    },
  };
}

/** The job driver's type. */
export type JobDriver = ReturnType<typeof createJobDriver>;
