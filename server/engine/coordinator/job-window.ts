/** Bounds of a job's window on the clock, shared by the agent's flow and the deadline filter. */
import type { AgentContext } from "./agent-types";
import type { FleetJob } from "./types";

/** Earliest allowed start, latest start for capacity (deadline) and latest start for carbon. */
export interface JobWindow {
  readonly earliestMs: number;
  readonly capacityLatestMs: number;
  readonly carbonLatestMs: number;
}

/**
 * Window of `job` for a run of `durationS` (an ignored deadline leaves capacity unbounded). The
 * policy's longest carbon wait is counted from the later of submission and the job's earliest start,
 * never from the decision time: a job decided again an hour later keeps the same last start.
 */
export function jobWindow(job: FleetJob, durationS: number, ctx: AgentContext): JobWindow {
  const earliestMs = Math.max(ctx.nowMs, job.earliestStartMs ?? ctx.nowMs);
  const deadlineStart = job.deadlineMs != null && !ctx.ignoreFilters?.has("deadline") ? job.deadlineMs - durationS * 1000 : Number.POSITIVE_INFINITY;
  // Only a job with a window (a deadline) is flexible; without one, carbon never delays it.
  const flexible = job.deadlineMs != null;
  const anchorMs = Math.max(job.submittedAtMs ?? ctx.nowMs, job.earliestStartMs ?? Number.NEGATIVE_INFINITY);
  const waitLimitMs = anchorMs + ctx.policy.constraints.maxDeferralHours * 3_600_000;
  const carbonLatestMs = flexible ? Math.max(earliestMs, Math.min(waitLimitMs, deadlineStart)) : earliestMs;
  return { earliestMs, capacityLatestMs: deadlineStart, carbonLatestMs };
}
