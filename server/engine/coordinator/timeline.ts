/**
 * The cluster as it will be at a future start time: running jobs that have ended are released,
 * reservations (EASY backfill) that have started are allocated, and the nodes of reservations that
 * start before the job would end are withheld (marked not ready) so a backfilled job never delays them.
 * Withholding whole reserved nodes is slightly more conservative than textbook EASY (which may use the
 * spare share of a reserved node) and keeps the check exact without per-GPU timelines.
 *
 * One decision asks for many future states of the same cluster (each candidate start of each variant,
 * then the greener starts). They are built from a per-cluster timeline cached on the FleetCluster
 * object: running jobs sorted by end, and the state after releasing the first k of them, each built
 * from the nearest smaller one already built (touched nodes copied once). Asking again for the same
 * window returns the same state object, which keeps the placer's identity-keyed caches warm.
 */
import type { ClusterState, NodeState } from "../model/node";
import { allocate, applyChanges, type PlacementChange } from "../placement/allocate";
import type { FleetCluster, RunningJob } from "./types";

interface Timeline {
  /** What the timeline was built from (a cluster object reused with new contents gets a new timeline). */
  readonly state: ClusterState;
  readonly running: readonly RunningJob[];
  readonly reservations: FleetCluster["reservations"];
  /** Running jobs by end time, ascending. */
  readonly byEnd: readonly RunningJob[];
  /** released[k]: the state with the first k jobs of byEnd released (sparse, filled on demand). */
  readonly released: Map<number, ClusterState>;
  /** Built window states by released count and the reservation set they include, withhold. */
  readonly windows: Map<string, ClusterState>;
}

const timelines = new WeakMap<FleetCluster, Timeline>();

function timelineOf(cluster: FleetCluster): Timeline {
  let t = timelines.get(cluster);
  if (!t || t.state !== cluster.state || t.running !== cluster.running || t.reservations !== cluster.reservations) {
    const byEnd = [...cluster.running].sort((a, b) => a.endMs - b.endMs);
    t = { state: cluster.state, running: cluster.running, reservations: cluster.reservations, byEnd, released: new Map([[0, cluster.state]]), windows: new Map() };
    timelines.set(cluster, t);
  }
  return t;
}

/** Number of running jobs (by end) that have ended at `startMs`. */
function endedBy(byEnd: readonly RunningJob[], startMs: number): number {
  let lo = 0;
  let hi = byEnd.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((byEnd[mid] as RunningJob).endMs <= startMs) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function releasedState(t: Timeline, k: number): ClusterState {
  const hit = t.released.get(k);
  if (hit) return hit;
  let from = 0;
  for (const key of t.released.keys()) if (key < k && key > from) from = key;
  const changes: PlacementChange[] = [];
  for (let i = from; i < k; i++) {
    const r = t.byEnd[i] as RunningJob;
    changes.push({ job: r.job, assignments: r.assignments, sign: -1 });
  }
  const state = applyChanges(t.released.get(from) as ClusterState, changes);
  t.released.set(k, state);
  return state;
}

/** State of `cluster` for a job running [startMs, endMs). */
export function stateForWindow(cluster: FleetCluster, startMs: number, endMs: number): ClusterState {
  const t = timelineOf(cluster);
  const k = endedBy(t.byEnd, startMs);
  if (cluster.reservations.length === 0) return releasedState(t, k);
  // Which reservations are allocated (started) and which withhold nodes decides the state.
  let key = `${k}`;
  for (let i = 0; i < cluster.reservations.length; i++) {
    const res = cluster.reservations[i];
    if (!res || res.endMs <= startMs || res.startMs >= endMs) continue;
    key += res.startMs <= startMs ? `,a${i}` : `,w${i}`;
  }
  const hit = t.windows.get(key);
  if (hit) return hit;
  let state = releasedState(t, k);
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
  if (withheld.size > 0) {
    const nodes: NodeState[] = state.nodes.map((n, i) => (withheld.has(i) && n.ready ? { ...n, ready: false } : n));
    state = { nodes };
  }
  t.windows.set(key, state);
  return state;
}

/** Times at which capacity can change after `fromMs` (running ends, reservation starts and ends), ascending, at most `limit`. */
export function capacityEventsMs(cluster: FleetCluster, fromMs: number, limit: number): number[] {
  const t = timelineOf(cluster);
  const times = new Set<number>();
  // byEnd is sorted: the first `limit` distinct ends after fromMs are all a merge can need.
  for (let i = endedBy(t.byEnd, fromMs); i < t.byEnd.length && times.size < limit; i++) times.add((t.byEnd[i] as RunningJob).endMs);
  for (const res of cluster.reservations) {
    if (res.startMs > fromMs) times.add(res.startMs);
    if (res.endMs > fromMs) times.add(res.endMs);
  }
  return [...times].sort((a, b) => a - b).slice(0, limit);
}
