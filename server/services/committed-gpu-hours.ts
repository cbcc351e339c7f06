/**
 * GPU-hours a tenant's placed and running jobs will still use (their estimated remainder), so jobs
 * placed one after another cannot together overrun the month's allowance that each alone fits. One
 * sum for both readers: the GPU-hours quota filter (through the fleet snapshot) and the tenant's
 * usage page, so what the page shows as committed is what enforcement counts.
 */

/** What the sum reads of a job holding resources (PLACED or RUNNING). */
export interface CommittingJob {
  tenantId: string;
  gpuCount: number;
  gpuMilli: number;
  gangSize: number;
  estimatedDurationS: number;
  startedAt: Date | null;
  placedAt: Date | null;
  /** The latest decision first: its start is the planned start of a job placed but not started. */
  decisions: readonly { startAt: Date | null }[];
}

/** The tenant's committed GPU-hours at `nowMs`: each job's whole-GPU equivalents times its estimated time left. */
export function committedGpuHours(holding: readonly CommittingJob[], tenantId: string, nowMs: number): number {
  let hours = 0;
  for (const j of holding) {
    if (j.tenantId !== tenantId) continue;
    const startMs = (j.startedAt ?? j.decisions[0]?.startAt ?? j.placedAt ?? new Date(nowMs)).getTime();
    const remainingMs = Math.max(0, startMs + j.estimatedDurationS * 1000 - Math.max(nowMs, startMs));
    hours += (((j.gpuCount * j.gpuMilli * j.gangSize) / 1000) * remainingMs) / 3_600_000;
  }
  return hours;
}
