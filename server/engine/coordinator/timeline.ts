/**
 * The cluster as it will be at a future start time: running jobs that have ended are released,
 * reservations (EASY backfill) that have started are allocated, and the nodes of reservations that
 * start before the job would end are withheld (marked not ready) so a backfilled job never delays them.
 * Withholding whole reserved nodes is slightly more conservative than textbook EASY (which may use the
 * spare share of a reserved node) and keeps the check exact without per-GPU timelines.
 */
import type { ClusterState, NodeState } from "../model/node";
import { allocate, release } from "../placement/allocate";
import type { FleetCluster } from "./types";

/** State of `cluster` for a job running [startMs, endMs). */
export function stateForWindow(cluster: FleetCluster, startMs: number, endMs: number): ClusterState {
  let state = cluster.state;
  for (const r of cluster.running) if (r.endMs <= startMs) state = release(state, r.job, r.assignments);
  const withheld = new Set<number>();
  for (const res of cluster.reservations) {
    if (res.endMs <= startMs || res.startMs >= endMs) continue;
    if (res.startMs <= startMs) {
      try {
        state = allocate(state, res.job, res.assignments);
        continue;
      } catch {
        // Inconsistent with the running set (e.g. a job overran): withhold its nodes instead.
      }
    }
    for (const a of res.assignments) withheld.add(a.nodeIndex);
  }
  if (withheld.size === 0) return state;
  const nodes: NodeState[] = state.nodes.map((n, i) => (withheld.has(i) && n.ready ? { ...n, ready: false } : n));
  return { nodes };
}

/** Times at which capacity can change after `fromMs` (running ends, reservation starts and ends), ascending, at most `limit`. */
export function capacityEventsMs(cluster: FleetCluster, fromMs: number, limit: number): number[] {
  const times = new Set<number>();
  for (const r of cluster.running) if (r.endMs > fromMs) times.add(r.endMs);
  for (const res of cluster.reservations) {
    if (res.startMs > fromMs) times.add(res.startMs);
    if (res.endMs > fromMs) times.add(res.endMs);
  }
  return [...times].sort((a, b) => a - b).slice(0, limit);
}
