/**
 * Retrying a failed run: how long a job waits before it may be placed again, what its status says,
 * and how much work a checkpointing job keeps. The back-off doubles per retry (1, 2, 4 … minutes),
 * jittered by a source seeded with the runner's seed, the job and the retry number — so two jobs that
 * failed together do not come back in lockstep, yet a replayed run waits exactly as long — and capped
 * at an hour.
 */
import { createRng, mixSeed } from "../../engine";

/** The back-off's shape. */
export interface BackoffOptions {
  /** Wait before the first retry (ms). */
  baseMs: number;
  /** Longest wait (ms), jitter included. */
  capMs: number;
  /** Largest relative deviation from the doubled wait (0..1). */
  jitter: number;
}

/** 1 minute doubling to at most an hour, ±20 %. */
export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 60_000, capMs: 3_600_000, jitter: 0.2 };

/** A 32-bit hash of a string (FNV-1a), to seed per job. */
function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * The wait before retry `retry` (1 = the first) of job `jobId`: base × 2^(retry-1), times a seeded
 * factor in [1 - jitter, 1 + jitter], at most the cap.
 */
export function retryBackoffMs(seed: number, jobId: string, retry: number, options: BackoffOptions = DEFAULT_BACKOFF): number {
  if (!(Number.isInteger(retry) && retry >= 1)) throw new RangeError(`retry must be a positive integer, got ${retry}`);
  const doubled = options.baseMs * 2 ** Math.min(retry - 1, 30);
  const factor = 1 + options.jitter * (2 * createRng(mixSeed(mixSeed(seed, hashText(jobId)), retry)).next() - 1);
  return Math.round(Math.min(options.capMs, doubled * factor));
}

/** "HH:MM" in UTC, as the status line shows the retry time. */
export function clockTime(at: Date): string {
  return at.toISOString().slice(11, 16);
}

/** The status of a job queued again after its run failed. */
export function retryReason(cause: string, retry: number, maxRetries: number, notBefore: Date): string {
  return `run failed: ${cause}; retry ${retry} of ${maxRetries} at ${clockTime(notBefore)} UTC`;
}

/** The status of a job whose run failed with no retries left. */
export function exhaustedReason(cause: string, retries: number): string {
  return retries > 0 ? `run failed after ${retries} ${retries === 1 ? "retry" : "retries"}: ${cause}` : `run failed: ${cause}`;
}

/** What a job's row says about its checkpoints. */
export interface CheckpointState {
  checkpointIntervalS: number | null;
  checkpointedWorkS: number;
  lastCheckpointAt: Date | null;
  startedAt: Date | null;
  estimatedDurationS: number;
}

/**
 * The work saved once a run ends early after `runWorkS` seconds of work: a job that checkpoints every
 * interval keeps the whole intervals it completed on top of what it had saved; one that never
 * checkpoints keeps what it had. A checkpoint stored during this run (lastCheckpointAt after the start)
 * is already the truth and is kept as it is.
 */
export function checkpointAfterRun(job: CheckpointState, runWorkS: number): number {
  const interval = job.checkpointIntervalS;
  if (!interval || interval <= 0) return job.checkpointedWorkS;
  if (job.lastCheckpointAt && job.startedAt && job.lastCheckpointAt.getTime() >= job.startedAt.getTime()) return job.checkpointedWorkS;
  const saved = job.checkpointedWorkS + Math.floor(Math.max(0, runWorkS) / interval) * interval;
  return Math.min(job.estimatedDurationS, saved);
}
