/**
 * Copies what each cluster reports about a running job (pod scheduled, image pulled, OOMKilled, evicted)
 * into the job's event log, so the job page shows the run as the driver saw it. Read on every poll,
 * stored once per event. The log is a record, not state the loop relies on: a cluster that cannot
 * answer leaves it as it was and the job is driven on.
 */
import { recordClusterEvents } from "../../repositories/job-event-repository";
import type { JobRow, RunnerCore } from "./runner-types";

/** Reads and stores the job's cluster events from every cluster it runs on; returns how many were new. */
export async function collectClusterEvents(core: RunnerCore, job: JobRow): Promise<number> {
  let added = 0;
  for (const clusterId of core.parts.clustersOf(job)) {
    const entry = core.drivers.get(clusterId);
    const read = entry.driver.readJobEvents?.bind(entry.driver);
    // Not under the cluster's breaker: a cluster that refuses the events API (RBAC) still runs jobs,
    // so its refusals must not count as the cluster being down. One already known down is skipped.
    if (!read || core.guards.guardOf(entry).unreachable) continue;
    try {
      const events = await read(job.id);
      added += await recordClusterEvents(
        core.db,
        job.id,
        clusterId,
        entry.driver.kind,
        events.map((e) => ({ key: e.key, at: new Date(entry.toWallMs(e.atMs)), kind: e.kind, message: e.message })),
      );
    } catch {
      // Events are read again on the next poll; the job's own state comes from pollJob.
    }
  }
  return added;
}
