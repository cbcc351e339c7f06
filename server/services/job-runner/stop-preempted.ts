/**
 * Stops the runs of preempted jobs. The scheduling cycle has already queued each victim again and
 * freed its GPUs for the preemptor; its run still goes on in the cluster until the runner removes it
 * there (every cluster its last placement used), so the same id can start again and resume from its
 * checkpoint. Done at the start of each runner cycle, before any job starts; a cluster that cannot be
 * reached keeps the row pending and is tried again next cycle.
 */
import { findVictimClusters, findRunsToStop, markRunsStopped } from "../../repositories/preemption-repository";
import type { RunnerCore } from "./runner-types";

/** Removes every pending preempted run from its clusters; returns how many were stopped. */
export async function stopPreemptedRuns(core: RunnerCore, now: Date): Promise<number> {
  const pending = await findRunsToStop(core.db);
  const stopped: string[] = [];
  for (const row of pending) {
    const clusters = await findVictimClusters(core.db, row.victimJobId, row.clusterId, row.createdAt);
    let ok = true;
    for (const clusterId of clusters) {
      const entry = core.drivers.all().find((e) => e.clusterId === clusterId);
      if (!entry) continue;
      try {
        await core.guards.callOn(entry, "discard job", () => entry.driver.discardJob(row.victimJobId));
      } catch {
        ok = false;
      }
    }
    core.samples.delete(row.victimJobId);
    if (ok) stopped.push(row.id);
  }
  await markRunsStopped(core.db, stopped, now);
  return stopped.length;
}
