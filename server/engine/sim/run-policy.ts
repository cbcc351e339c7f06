/**
 * One policy over one scenario: the discrete-event loop. Jobs arrive, wait in a priority queue
 * (priority desc, then arrival), and are decided by the production coordinator (createCoordinator)
 * on a FleetSnapshot built at decision time: live cluster states, running jobs ending at their
 * PREDICTED end, reservations, and the zone series the policy may know (measured past + forecast).
 *
 * Rules (documented choices):
 * - Dispatch runs when capacity may have freed (completion, node up/down, arrival) and decides at
 *   most a bounded number of jobs in queue order; once a shape could not start, the
 *   same shape is skipped for the rest of that dispatch (capacity only shrinks within it).
 * - EASY backfill: the first job of the queue that must wait for capacity keeps a reservation (its
 *   nodes from its predicted start), later jobs start now only if they do not delay it. Reservations
 *   of the head are recomputed at every dispatch.
 * - Temporal shifting: a job with a deadline it can still meet (now + predicted duration <= deadline)
 *   is flexible (its duration is predicted with the p90 of past durations, others with the median); if the coordinator defers it (carbon or capacity inside its window) it holds a
 *   reservation and is re-decided at the chosen start, then without carbon deferral (it starts
 *   as soon as capacity allows; the cluster may still change). A job past its reachable deadline runs as soon as it can.
 * - Jobs run for their TRUE duration; a deadline miss is a job with a deadline that finished after
 *   it or never finished (jobs are never killed for lateness).
 * - A job the coordinator cannot place even on the idle fleet is skipped.
 * - A node going down evicts its jobs, which are queued again (restart from scratch; JWTD keeps the
 *   first start, JCT ends at the final completion).
 * - Outcomes are exclusive: completed, skipped or unfinished (still queued when no event is left).
 */
import type { SimPolicy } from "./types";
import { SimCancelledError } from "./errors";
import { handleEvent } from "./sim-events";
import { gauge, gpusOf } from "./sim-queue";
import { createSimState, scheduleInitialEvents, type PolicyRunResult, type RunContext, type SimState } from "./sim-state";

export type { PolicyRunResult, RunContext } from "./sim-state";

/** How often (in events, as a bit mask) the loop checks for cancellation and reports progress. */
const PROGRESS_MASK = 1023;

/** Runs one policy; see the file header for the rules. */
export function runPolicy(ctx: RunContext, simPolicy: SimPolicy): PolicyRunResult {
  const t0 = ctx.hooks.now();
  const s = createSimState(ctx, simPolicy);
  scheduleInitialEvents(s);
  const progress = { last: -1 };
  for (let e = s.queue.pop(); e; e = s.queue.pop()) {
    s.now = e.atMs;
    s.acc.events++;
    if ((s.acc.events & PROGRESS_MASK) === 1) checkpoint(s, progress);
    handleEvent(s, e.payload);
  }
  closeRun(s);
  const wallMs = ctx.hooks.now() - t0;
  return { metrics: s.acc.finish(s.energy, wallMs), series: s.acc.timeSeries(s.energy) };
}

/**
 * Stops the run when the caller cancelled it, else reports progress (whole percents of simulated time,
 * only when it moved) so a long run stays responsive without a report per event.
 */
function checkpoint(s: SimState, progress: { last: number }): void {
  const { input, hooks, progressBase, progressSpan } = s.ctx;
  const span = Math.max(1, input.endMs - input.startMs);
  if (hooks.shouldCancel?.()) throw new SimCancelledError(s.simPolicy.name, progressBase + progressSpan * Math.min(1, (s.now - input.startMs) / span));
  const p = Math.floor(100 * Math.min(1, (s.now - input.startMs) / span));
  if (p > progress.last) {
    progress.last = p;
    hooks.onProgress?.(
      progressBase + (progressSpan * p) / 100,
      `${s.simPolicy.name}: day ${Math.floor((s.now - input.startMs) / 86_400_000) + 1} of ${Math.ceil(span / 86_400_000)}`,
    );
  }
}

/**
 * Ends the run when no event is left: integrates the gauge and energy to the end of the window and
 * counts jobs still queued, reserved or running as unfinished (and as deadline misses when they had one).
 * Their waits join JWTD: from the first start when they started, else censored at the end.
 */
function closeRun(s: SimState): void {
  // GAR and SOR cover the whole window, not only up to the last event inside it.
  const endMs = Math.max(s.now, s.input.endMs);
  s.now = endMs;
  gauge(s);
  for (const c of s.clusters) c.meter.advance(endMs);
  for (const r of s.recs) {
    if (r.status === "waiting" || r.status === "reserved" || r.status === "running") {
      s.acc.unfinished++;
      if (r.job.deadlineMs != null) s.acc.deadlineMisses++;
      if (r.firstStartMs !== null) s.acc.addWait(r.job.jobClass, gpusOf(r.job), (r.firstStartMs - r.job.arrivalMs) / 1000);
      else s.acc.addCensoredWait(r.job.jobClass, gpusOf(r.job), r.job.arrivalMs, endMs);
    }
  }
}
