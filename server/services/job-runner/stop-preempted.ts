/**
 * Stops the runs of preempted jobs. The scheduling cycle has already queued each victim again and
 * freed its GPUs for the preemptor; its run still goes on in the cluster until the runner removes it
 * there (every cluster its last placement used), so the same id can start again and resume from its
 * checkpoint. Done at the start of each runner cycle, before any job starts; a cluster that cannot be
 * reached keeps the row pending and is tried again next cycle. An elastic victim that was shrunk
 * instead keeps running: its run is resized to the members it kept (its latest placement), again
 * before the preemptor starts on the shed members' nodes.
 */
import { findCurrentPlacement } from "../../repositories/elastic-shrink-repository";
import { findVictimClusters, findRunsToStop, markRunsStopped } from "../../repositories/preemption-repository";
import { recordJobEvents, type JobEventInput } from "../../repositories/job-event-repository";
import { assignmentsFor } from "../cluster-drivers";
import type { RunnerCore } from "./runner-types";

/** Resizes a shrunk run to its current placement; true when done (or nothing is left to resize). */
async function resizeShrunkRun(core: RunnerCore, jobId: string, clusterId: string): Promise<boolean> {
  const current = await findCurrentPlacement(core.db, jobId);
  // Finished, failed or cancelled since: its run is no longer there to resize.
  if (!current || current.status !== "RUNNING") return true;
  const entry = core.drivers.all().find((e) => e.clusterId === clusterId);
  const resize = entry?.driver.resizeJob?.bind(entry.driver);
  if (!entry || !resize) return false;
  try {
    await core.guards.callOn(entry, "resize job", () => resize(jobId, assignmentsFor(clusterId, current.assignments)));
    return true;
  } catch {
    return false;
  }
}

/** Removes every pending preempted run from its clusters; returns how many were stopped. */
export async function stopPreemptedRuns(core: RunnerCore, now: Date): Promise<number> {
  const pending = await findRunsToStop(core.db);
  const stopped: string[] = [];
  const events: JobEventInput[] = [];
  for (const row of pending) {
    if (row.shrunkTo !== null) {
      if (await resizeShrunkRun(core, row.victimJobId, row.clusterId)) {
        stopped.push(row.id);
        events.push({
          jobId: row.victimJobId,
          at: now,
          kind: "resized",
          source: "runner",
          clusterId: row.clusterId,
          message: `run resized to ${row.shrunkTo} members for a preemption`,
        });
      }
      continue;
    }
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
    if (ok) {
      stopped.push(row.id);
      events.push({ jobId: row.victimJobId, at: now, kind: "stopped", source: "runner", clusterId: row.clusterId, message: "run stopped for a preemption" });
    }
  }
  await markRunsStopped(core.db, stopped, now);
  await recordJobEvents(core.db, events);
  return stopped.length;
}
