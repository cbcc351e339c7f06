/** What every early end of a run shares: the work it did, and clearing it off its clusters. */
import { checkpointAfterRun } from "./run-retry";
import { latestCheckpoint } from "./resume-work";
import type { KeptWork } from "../../repositories/reconcile-repository";
import type { JobRow, RunnerCore } from "./runner-types";

/** Seconds of work (at the estimate's pace) the job's current run has done by `now`. */
export function runWorkS(core: RunnerCore, job: JobRow, now: Date): number {
  if (!job.startedAt) return 0;
  const entry = core.drivers.all().find((e) => e.clusterId === core.parts.clustersOf(job)[0]);
  // A simulated cluster runs `workSpeed` seconds of work per wall second.
  const work = ((now.getTime() - job.startedAt.getTime()) / 1000) * (entry?.workSpeed ?? 1);
  return Math.max(0, Math.min(job.estimatedDurationS, work));
}

/** The work the job keeps from its run ended at `now`, computed on the locked row. */
export function keptWorkOf(core: RunnerCore, job: JobRow, now: Date): KeptWork {
  const work = runWorkS(core, job, now);
  // The checkpoints the runner stored lag its last poll; those saved on schedule since then count too.
  const onSchedule = latestCheckpoint(core, job, undefined, now)?.workS ?? 0;
  return (row) => Math.max(checkpointAfterRun(row, work), Math.min(row.estimatedDurationS, onSchedule));
}

/**
 * Removes the job from each cluster it was placed on, so a queued-again job can start again under
 * the same id; best effort (an unreachable cluster is reconciled later), and its power samples go.
 */
export async function discardEverywhere(core: RunnerCore, job: JobRow): Promise<void> {
  core.samples.delete(job.id);
  await Promise.all(
    core.parts.clustersOf(job).map(async (clusterId) => {
      const entry = core.drivers.all().find((e) => e.clusterId === clusterId);
      if (entry) await core.guards.callOn(entry, "discard job", () => entry.driver.discardJob(job.id)).catch(() => {});
    }),
  );
}
