/** A job on the simulated cluster and its phase at any instant of the cluster's clock. */
import { DriverError, type DriverJobPhase, type JobProgress, type StartJobRequest } from "./types";

/** A started job: it runs from `startMs` to `endMs` unless stopped first. */
export interface SimJob {
  request: StartJobRequest;
  startMs: number;
  endMs: number;
  /** Set when cancelled or failed before endMs. */
  stop: { atMs: number; phase: "cancelled" | "failed"; message: string } | null;
  /** Set by the last resize (simulated-resize.ts): the share of the work done at that instant. */
  resized?: { atMs: number; workFraction: number };
}

/**
 * Share of the job's work done by `t`: linear from start to end, or, after a resize, linear from the
 * work done at the resize to the new end (the work rate changed with the members, the work did not).
 */
export function workFractionAt(job: SimJob, t: number): number {
  const from = job.resized ?? { atMs: job.startMs, workFraction: 0 };
  if (t <= from.atMs) return from.atMs <= job.startMs ? 0 : (from.workFraction * Math.max(0, t - job.startMs)) / (from.atMs - job.startMs);
  return Math.min(1, from.workFraction + ((1 - from.workFraction) * (t - from.atMs)) / Math.max(1, job.endMs - from.atMs));
}

/** A job as started at `startMs`: it runs for exactly its estimated duration. */
export function newSimJob(request: StartJobRequest, startMs: number): SimJob {
  // A copy: the caller may reuse or change its request object.
  return { request: structuredClone(request), startMs, endMs: startMs + request.estimatedDurationS * 1000, stop: null };
}

/** When the job stops running: its stop, else its planned end. */
export const stoppedAt = (job: SimJob): number => job.stop?.atMs ?? job.endMs;

/** Whether the job holds its resources at `t`. */
export const activeAt = (job: SimJob, t: number): boolean => job.startMs <= t && t < stoppedAt(job);

/** The job's phase at `t`. */
export function phaseAt(job: SimJob, t: number): DriverJobPhase {
  if (t < job.startMs) return "pending";
  if (job.stop && t >= job.stop.atMs) return job.stop.phase;
  return t >= job.endMs ? "succeeded" : "running";
}

/** The job's progress report at `t`. */
export function progressAt(job: SimJob, t: number): JobProgress {
  const phase = phaseAt(job, t);
  const end = Math.min(t, stoppedAt(job));
  const finished = phase === "succeeded" || phase === "failed" || phase === "cancelled";
  return {
    jobId: job.request.jobId,
    phase,
    fraction: Math.min(1, Math.max(0, workFractionAt(job, end))),
    startedAtMs: job.startMs,
    finishedAtMs: finished ? stoppedAt(job) : null,
    message: job.stop && finished ? job.stop.message : null,
    checkpoint: checkpointAt(job, end),
  };
}

/**
 * The latest checkpoint of the run by `t`: a job with a checkpoint interval saves one after every
 * interval of work (the simulated clock runs one second of work per second), on top of the work it
 * resumed from. None before the first interval, and none for a job that never checkpoints.
 */
export function checkpointAt(job: SimJob, t: number): { workS: number; atMs: number } | null {
  const interval = job.request.checkpointIntervalS;
  if (!interval || interval <= 0) return null;
  const ranS = Math.max(0, (Math.min(t, stoppedAt(job)) - job.startMs) / 1000);
  const k = Math.floor(ranS / interval);
  if (k <= 0) return null;
  return { workS: (job.request.resumeFromWorkS ?? 0) + k * interval, atMs: job.startMs + k * interval * 1000 };
}

/** The job, or UNKNOWN_JOB when this cluster never started it. */
export function findSimJob(jobs: ReadonlyMap<string, SimJob>, jobId: string): SimJob {
  const job = jobs.get(jobId);
  if (!job) throw new DriverError("UNKNOWN_JOB", `job ${jobId} was never started on this simulated cluster`, { jobId });
  return job;
}
