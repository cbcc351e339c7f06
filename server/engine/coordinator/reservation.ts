/**
 * EASY backfill bookkeeping: a deferred decision becomes a reservation on its cluster, so later
 * decisions (through stateForWindow) cannot delay it; a decision that starts now becomes a running job.
 */
import type { CoordinatorDecision } from "./coordinator";
import type { Reservation, RunningJob } from "./types";

/** Per part: a reservation (future start) or a running job (starts now), keyed by cluster id. */
export function reservationFromDecision(
  decision: CoordinatorDecision,
  jobId: string,
  nowMs: number,
): { clusterId: string; reservation: Reservation | null; running: RunningJob | null }[] {
  return decision.parts.map((p) =>
    p.startMs > nowMs
      ? { clusterId: p.clusterId, reservation: { jobId, job: p.request, assignments: p.assignments, startMs: p.startMs, endMs: p.endMs }, running: null }
      : { clusterId: p.clusterId, reservation: null, running: { jobId, job: p.request, assignments: p.assignments, endMs: p.endMs } },
  );
}
