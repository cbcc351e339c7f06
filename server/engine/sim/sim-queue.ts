/**
 * Small bookkeeping steps of a simulation run: the priority-ordered wait queue, tenant GPU usage,
 * allocation gauging and coalesced dispatch requests.
 */
import type { SimJob } from "./types";
import { P, type JobRec, type SimState } from "./sim-state";

/** Integrates the allocation gauge (allocated vs schedulable GPU milli) up to now, before it changes. */
export function gauge(s: SimState): void {
  let a = 0;
  let sched = 0;
  for (const c of s.clusters) {
    a += c.allocatedMilli;
    sched += c.schedulableMilli;
  }
  s.acc.advance(s.now, a, sched);
}

/** Queues one dispatch at the current instant; several requests at the same instant share it. */
export function requestDispatch(s: SimState): void {
  if (s.dispatchAt !== s.now) {
    s.dispatchAt = s.now;
    s.queue.push(s.now, P.dispatch, { k: "dispatch" });
  }
}

/** Sort key of the wait queue: priority desc, then arrival, then input order. */
const waitKey = (x: JobRec) => [-x.job.priority, x.job.arrivalMs, x.idx] as const;

/** Marks a job waiting and inserts it at its place in the priority-ordered wait queue (binary search). */
export function enqueue(s: SimState, r: JobRec): void {
  const { waiting } = s;
  r.status = "waiting";
  const k = waitKey(r);
  let lo = 0;
  let hi = waiting.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const m = waitKey(waiting[mid] as JobRec);
    if (m[0] < k[0] || (m[0] === k[0] && (m[1] < k[1] || (m[1] === k[1] && m[2] < k[2])))) lo = mid + 1;
    else hi = mid;
  }
  waiting.splice(lo, 0, r);
}

/** Removes a job from the wait queue if it is there. */
export function unqueue(s: SimState, r: JobRec): void {
  const i = s.waiting.indexOf(r);
  if (i >= 0) s.waiting.splice(i, 1);
}

/** Removes a job from the wait queue and counts it as skipped. */
export function skip(s: SimState, r: JobRec): void {
  unqueue(s, r);
  r.status = "skipped";
  s.acc.skipped++;
}

/** Whole GPUs a job holds (fractional GPUs count by their share). */
export const gpusOf = (j: SimJob): number => (j.gpuCount * j.gpuMilliPerGpu * j.gangSize) / 1000;

/** Adds `sign` times the job's GPUs to its tenant's usage (+1 at start, -1 at completion or eviction). */
export function addUsage(s: SimState, j: SimJob, sign: 1 | -1): void {
  s.usage.set(j.tenant, sign > 0 ? (s.usage.get(j.tenant) ?? 0) + gpusOf(j) : (s.usage.get(j.tenant) ?? 0) - gpusOf(j));
}

/** Whether starting the job now would exceed its tenant's GPU quota. */
export function overQuota(s: SimState, j: SimJob): boolean {
  const max = s.quota.get(j.tenant);
  return max !== undefined && (s.usage.get(j.tenant) ?? 0) + gpusOf(j) > max + 1e-9;
}

/** Releases the reservation a job holds on its cluster, if any. */
export function dropReservation(s: SimState, r: JobRec): void {
  if (r.clusterIndex >= 0) s.clusters[r.clusterIndex]?.unreserve(r.job.id);
}
