/**
 * The live scheduling occupancy rate, defined as the simulator's (docs/metrics.md): GPU time of runs
 * whose work counted (succeeded, or still running) over the GPU time held (every placement from the
 * moment its GPUs were taken until they were released: start-up time, and runs that failed or were
 * cancelled, count as held). Unlike the mean GAR it says how much of the GPU time handed out produced
 * results. Pure, so the arithmetic is unit-tested.
 */

/** A placement overlapping the window, as stored on its job. */
export interface HeldRun {
  /** Whole-GPU equivalents held: GPUs x share per GPU x gang members. */
  gpus: number;
  placedAtMs: number;
  startedAtMs: number | null;
  /** When the GPUs were released (finished, failed or cancelled), null while held. */
  releasedAtMs: number | null;
  /** True when the run's work counted: it succeeded or is still running. */
  counted: boolean;
}

/** GPU-hours that counted, GPU-hours held, and their ratio (null when nothing was held). */
export interface OccupancyRate {
  countedGpuHours: number;
  heldGpuHours: number;
  ratio: number | null;
}

const overlapHours = (fromMs: number, toMs: number, windowFromMs: number, windowToMs: number) =>
  Math.max(0, Math.min(toMs, windowToMs) - Math.max(fromMs, windowFromMs)) / 3_600_000;

/** The occupancy rate of `runs` over [fromMs, toMs). */
export function occupancyRate(runs: readonly HeldRun[], fromMs: number, toMs: number): OccupancyRate {
  let held = 0;
  let counted = 0;
  for (const r of runs) {
    const releasedMs = r.releasedAtMs ?? toMs;
    held += r.gpus * overlapHours(r.placedAtMs, releasedMs, fromMs, toMs);
    if (r.counted && r.startedAtMs !== null) counted += r.gpus * overlapHours(r.startedAtMs, releasedMs, fromMs, toMs);
  }
  return { countedGpuHours: counted, heldGpuHours: held, ratio: held > 0 ? counted / held : null };
}
