/** Bounds of a job's window on the clock, shared by the agent's flow and the deadline filter. */
import type { AgentContext } from "./agent-types";
import type { FleetJob } from "./types";

/** Earliest allowed start, latest start for capacity (deadline) and latest start for carbon. */
export interface JobWindow {
  readonly earliestMs: number;
  readonly capacityLatestMs: number;
  readonly carbonLatestMs: number;
}

/** Window of `job` for a run of `durationS` (an ignored deadline leaves capacity unbounded). */
export function jobWindow(job: FleetJob, durationS: number, ctx: AgentContext): JobWindow {
  const earliestMs = Math.max(ctx.nowMs, job.earliestStartMs ?? ctx.nowMs);
  const deadlineStart = job.deadlineMs != null && !ctx.ignoreFilters?.has("deadline") ? job.deadlineMs - durationS * 1000 : Number.POSITIVE_INFINITY;
  // Only a job with a window (a deadline) is flexible; without one, carbon never delays it.
  const flexible = job.deadlineMs != null;
  const carbonLatestMs = flexible ? Math.min(earliestMs + ctx.policy.constraints.maxDeferralHours * 3_600_000, deadlineStart) : earliestMs;
  return { earliestMs, capacityLatestMs: deadlineStart, carbonLatestMs };
}
