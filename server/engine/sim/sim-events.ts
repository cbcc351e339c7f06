/**
 * The event handlers of a simulation run: arrivals, completions, deferral wake-ups, node up/down
 * changes, hourly energy integration, samples and dispatches.
 */
import type { SimClusterRun } from "./sim-cluster";
import { decide, MAX_REDECISIONS, startJob } from "./sim-decide";
import { dispatch } from "./sim-dispatch";
import { addUsage, dropReservation, enqueue, gauge, gpusOf, requestDispatch } from "./sim-queue";
import { sample } from "./sim-sample";
import type { JobRec, SimEvent, SimState } from "./sim-state";

/** A job arrives: it joins the wait queue and a dispatch is requested. */
function onArrive(s: SimState, r: JobRec): void {
  enqueue(s, r);
  requestDispatch(s);
}

/**
 * A job ends after its TRUE duration: it frees its nodes and GPUs, teaches the predictor its run time,
 * and records JCT, wait and a deadline miss when it finished late. Stale completions (the job was
 * evicted since) are ignored.
 */
function onComplete(s: SimState, r: JobRec, token: number): void {
  if (r.token !== token || r.status !== "running") return;
  const { now, acc } = s;
  gauge(s);
  s.clusters[r.clusterIndex]?.finish(now, r.job.id);
  acc.runEnded(r.job.id, now, false);
  addUsage(s, r.job, -1);
  // A replayed sped-up job teaches its work, the units of the estimates the live coordinator saw.
  s.predictor.observe(r.features, r.job.durationS * (r.job.powerScale ?? 1));
  r.status = "done";
  acc.completed++;
  acc.jcts.push((now - r.job.arrivalMs) / 1000);
  acc.addWait(r.job.jobClass, gpusOf(r.job), ((r.firstStartMs ?? now) - r.job.arrivalMs) / 1000);
  if (r.job.deadlineMs != null && now > r.job.deadlineMs) acc.deadlineMisses++;
  requestDispatch(s);
}

/**
 * A deferred job's chosen hour has come. Start on the reserved nodes (backfill kept them free unless a
 * running job overran its predicted end); else anywhere on the chosen cluster (same zone and hour, so
 * the same carbon saving); else wherever there is room now. Never a second carbon deferral, which
 * would chase forecast noise and drift toward the deadline.
 */
function onWake(s: SimState, r: JobRec, token: number): void {
  if (r.token !== token || r.status !== "reserved") return;
  const held = s.clusters[r.clusterIndex]?.reservations.get(r.job.id);
  dropReservation(s, r);
  s.reservedCount--;
  r.redecisions = Math.max(r.redecisions, MAX_REDECISIONS);
  if (held && startJob(s, r, r.clusterIndex, { request: held.job, assignments: held.assignments }, true)) return;
  if (decide(s, r, "none", r.clusterIndex) === "started") return;
  const out = decide(s, r, "none");
  if (out === "skipped") {
    r.status = "skipped";
    s.acc.skipped++;
  } else if (out !== "started" && out !== "reserved") {
    enqueue(s, r);
    requestDispatch(s);
  }
}

/**
 * A node goes up or down. Going down evicts its jobs, which are queued again (restart from scratch;
 * JWTD keeps the first start, JCT ends at the final completion).
 */
function onCapacity(s: SimState, clusterIndex: number, nodeIndex: number, up: boolean): void {
  const c = s.clusters[clusterIndex] as SimClusterRun;
  gauge(s);
  if (!up) {
    for (const id of c.jobsOnNode(nodeIndex)) {
      const r = s.recs.find((x) => x.job.id === id) as JobRec;
      c.finish(s.now, id);
      s.acc.runEnded(id, s.now, true);
      addUsage(s, r.job, -1);
      r.token++;
      s.acc.requeued++;
      enqueue(s, r);
    }
  }
  c.setNodeReady(s.now, nodeIndex, up);
  requestDispatch(s);
}

/** Applies one event at the current instant. */
export function handleEvent(s: SimState, ev: SimEvent): void {
  switch (ev.k) {
    case "arrive":
      onArrive(s, ev.r);
      break;
    case "complete":
      onComplete(s, ev.r, ev.token);
      break;
    case "wake":
      onWake(s, ev.r, ev.token);
      break;
    case "capacity":
      onCapacity(s, ev.clusterIndex, ev.nodeIndex, ev.up);
      break;
    case "hour":
      // Carbon intensity changes and a new forecast is issued: integrate energy up to the hour.
      for (const c of s.clusters) c.meter.advance(s.now);
      break;
    case "sample":
      sample(s);
      break;
    case "dispatch":
      if (s.dispatchAt === s.now) s.dispatchAt = Number.NaN;
      dispatch(s);
      break;
  }
}
