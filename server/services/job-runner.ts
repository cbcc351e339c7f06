/**
 * Moves placed jobs through their life on the simulated clusters: a placed job starts at its chosen
 * start, runs for its estimated duration divided by the simulation speed, then completes and frees
 * its GPUs. Derived from the database (start time + duration), so a restart loses nothing.
 */
import type { Db } from "../db/client";
import { finishJob, findActiveJobs, markRunning } from "../repositories/placement-repository";

export interface RunnerReport {
  started: number;
  completed: number;
}

/** Starts due jobs and completes finished ones at `now`, with `speed` simulated seconds per real second. */
export async function advanceJobs(db: Db, now: Date, speed: number): Promise<RunnerReport> {
  const report: RunnerReport = { started: 0, completed: 0 };
  for (const job of await findActiveJobs(db)) {
    if (job.status === "PLACED") {
      const startAt = job.decisions[0]?.startAt ?? job.placedAt ?? now;
      if (startAt.getTime() <= now.getTime() && (await markRunning(db, job.id, now))) report.started++;
      continue;
    }
    const startedAt = job.startedAt ?? now;
    if (startedAt.getTime() + (job.estimatedDurationS * 1000) / speed <= now.getTime()) {
      // Until telemetry-based accounting lands, the decision's estimate is the job's energy and emissions.
      if (await finishJob(db, job.id, "SUCCEEDED", now, { energyKwh: job.energyKwh, emissionsGCo2e: job.emissionsGCo2e }, null)) report.completed++;
    }
  }
  return report;
}
