/**
 * The cluster as a job running [start, end) would see it: for every resource, the least that is free
 * at any moment of the window. Free capacity only changes at the window start and at the starts of
 * reservations (EASY backfill) inside the window (running jobs only end, which frees), so the state is
 * the per-resource minimum over those checkpoints; at each one, running jobs that have ended by then
 * are released and the reservations active then are allocated. A job that fits this state can run the
 * whole window without delaying any reservation, and no whole node is withheld for a small reservation.
 * A reservation that does not fit its checkpoint (a running job overran its predicted end) withholds
 * its nodes (marked not ready) instead.
 *
 * One decision asks for many future states of the same cluster (each candidate start of each variant,
 * then the greener starts). They are built from a per-cluster timeline cached on the FleetCluster
 * object: running jobs sorted by end, and the state after releasing the first k of them, each built
 * from the nearest smaller one already built (touched nodes copied once). Asking again for the same
 * window returns the same state object, which keeps the placer's identity-keyed caches warm.
 */
import type { ClusterState, NodeState } from "../model/node";
import { applyChanges, type PlacementChange } from "../placement/allocate";
import type { FleetCluster, Reservation, RunningJob } from "./types";

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
  /** The same states by the exact window asked for ("start:end"), checked before any key is built. */
  readonly byWindow: Map<string, ClusterState>;
  /** Checkpoint states by released count and active reservations, with the nodes they withhold. */
  readonly checkpoints: Map<string, { state: ClusterState; withheld: number[] }>;
}

const timelines = new WeakMap<FleetCluster, Timeline>();

function timelineOf(cluster: FleetCluster): Timeline {
  let t = timelines.get(cluster);
  if (!t || t.state !== cluster.state || t.running !== cluster.running || t.reservations !== cluster.reservations) {
    const byEnd = [...cluster.running].sort((a, b) => a.endMs - b.endMs);
    t = {
      state: cluster.state,
      running: cluster.running,
      reservations: cluster.reservations,
      byEnd,
      released: new Map([[0, cluster.state]]),
      windows: new Map(),
      byWindow: new Map(),
      checkpoints: new Map(),
    };
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

/** State at one checkpoint: ended jobs released, `active` reservations allocated (or their nodes withheld). */
function stateAt(t: Timeline, cluster: FleetCluster, atMs: number, active: readonly number[], withheld: Set<number>): ClusterState {
  const k = endedBy(t.byEnd, atMs);
  const key = `${k}:${active.join(".")}`;
  const hit = t.checkpoints.get(key);
  if (hit) {
    for (const n of hit.withheld) withheld.add(n);
    return hit.state;
  }
  const released = releasedState(t, k);
  const changes: PlacementChange[] = active.map((i) => {
    const res = cluster.reservations[i] as Reservation;
    return { job: res.job, assignments: res.assignments, sign: 1 };
  });
  const own = new Set<number>();
  let state: ClusterState;
  try {
    // All at once (touched nodes copied once); one by one only when some reservation does not fit.
    state = applyChanges(released, changes);
  } catch {
    state = released;
    for (const c of changes) {
      try {
        state = applyChanges(state, [c]);
      } catch {
        // Inconsistent with the running set (e.g. a job overran): withhold its nodes instead.
        for (const a of c.assignments) own.add(a.nodeIndex);
      }
    }
  }
  t.checkpoints.set(key, { state, withheld: [...own] });
  for (const n of own) withheld.add(n);
  return state;
}

/** Per-resource minimum of two states of the same nodes (hosted shares and readiness from `a`). */
function minState(a: ClusterState, b: ClusterState): ClusterState {
  if (a === b) return a;
  const nodes = a.nodes.map((n, i) => {
    const m = b.nodes[i] as NodeState;
    if (n === m) return n;
    let gpuLower = false;
    for (let g = 0; g < n.gpuMilliFree.length; g++) if ((m.gpuMilliFree[g] as number) < (n.gpuMilliFree[g] as number)) gpuLower = true;
    if (!gpuLower && m.cpuMilliFree >= n.cpuMilliFree && m.memoryMibFree >= n.memoryMibFree) return n;
    return {
      ...n,
      cpuMilliFree: Math.min(n.cpuMilliFree, m.cpuMilliFree),
      memoryMibFree: Math.min(n.memoryMibFree, m.memoryMibFree),
      gpuMilliFree: gpuLower ? n.gpuMilliFree.map((f, g) => Math.min(f, m.gpuMilliFree[g] as number)) : n.gpuMilliFree,
    };
  });
  return { nodes };
}

/**
 * State of `cluster` at `startMs` with the running jobs predicted to have ended by then released and
 * no reservation applied: an upper bound of every window's free capacity from `startMs` (reservations
 * and jobs still running only take capacity), cached per count of ended jobs.
 */
export function releasedAt(cluster: FleetCluster, startMs: number): ClusterState {
  const t = timelineOf(cluster);
  return releasedState(t, endedBy(t.byEnd, startMs));
}

/** State of `cluster` for a job running [startMs, endMs). */
export function stateForWindow(cluster: FleetCluster, startMs: number, endMs: number): ClusterState {
  const t = timelineOf(cluster);
  const k = endedBy(t.byEnd, startMs);
  if (cluster.reservations.length === 0) return releasedState(t, k);
  const windowKey = `${startMs}:${endMs}`;
  const seen = t.byWindow.get(windowKey);
  if (seen) return seen;
  // Checkpoints: the start, then each reservation start inside the window.
  const checkpoints = [startMs];
  for (const res of cluster.reservations) if (res.startMs > startMs && res.startMs < endMs && res.endMs > res.startMs) checkpoints.push(res.startMs);
  checkpoints.sort((a, b) => a - b);
  const actives = checkpoints.map((at) => {
    const active: number[] = [];
    cluster.reservations.forEach((res, i) => {
      if (res.startMs <= at && res.endMs > at) active.push(i);
    });
    return active;
  });
  const key = checkpoints.map((at, j) => `${j === 0 ? k : endedBy(t.byEnd, at)}:${(actives[j] as number[]).join(".")}`).join("|");
  const hit = t.windows.get(key);
  if (hit) {
    t.byWindow.set(windowKey, hit);
    return hit;
  }
  const withheld = new Set<number>();
  let state = stateAt(t, cluster, startMs, actives[0] as number[], withheld);
  for (let j = 1; j < checkpoints.length; j++) state = minState(state, stateAt(t, cluster, checkpoints[j] as number, actives[j] as number[], withheld));
  if (withheld.size > 0) {
    const nodes: NodeState[] = state.nodes.map((n, i) => (withheld.has(i) && n.ready ? { ...n, ready: false } : n));
    state = { nodes };
  }
  t.windows.set(key, state);
  t.byWindow.set(windowKey, state);
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
