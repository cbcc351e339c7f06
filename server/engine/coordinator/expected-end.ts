/**
 * When a running job is expected to end, for the capacity timeline that reservations and backfill
 * are planned on.
 */

/** The least time a job past its predicted end is still expected to run. */
const MIN_REMAINING_MS = 60_000;

/**
 * Before its predicted end, that end. Past it, the job is expected to run as long again as it has
 * run so far (at least a minute). Assuming an end a minute away instead made a waiting job's
 * reservation look imminent at every decision, so nothing backfilled on the nodes it held while
 * overrunning jobs kept them busy for hours (docs/benchmarks/simulator-load.md, "An overrunning job, expected to run as long again").
 */
export function expectedEndMs(startMs: number, predictedEndMs: number, nowMs: number): number {
  if (predictedEndMs > nowMs) return predictedEndMs;
  return nowMs + Math.max(MIN_REMAINING_MS, nowMs - startMs);
}
