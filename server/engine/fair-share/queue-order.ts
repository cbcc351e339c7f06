/**
 * Fair-share queue order: within a priority, the job of the tenant with the lowest share goes first,
 * where share = decayed GPU-hours / fair-share weight. A tenant of weight 2 may thus use twice the
 * decayed GPU-hours of a tenant of weight 1 before it yields; over time the GPU-hours they receive
 * converge to the weights' ratio whenever both keep the fleet contended.
 */

/** What the order needs of one queued job. */
export interface FairShareEntry {
  readonly id: string;
  readonly tenant: string;
  /** Higher runs first (the job's priority class). */
  readonly priority: number;
  readonly submittedAtMs: number;
}

/** A tenant's share: decayed GPU-hours over its weight (a weight at or below 0 is treated as tiny, never as infinite priority). */
export function fairShareOf(decayedGpuHours: number, weight: number): number {
  return decayedGpuHours / Math.max(weight, 1e-6);
}

/**
 * Orders a queue: priority (higher first), then the tenant's share (lower first), then submission time
 * and id (first come, first served). Shares are charged as jobs are taken, so one tenant's burst does
 * not go first as a whole: each job it takes raises its share by the job's GPU-hours, decayed as
 * expected run time gives them (estimated charge = gpus · duration in hours, as if used now).
 */
export function orderByFairShare<T extends FairShareEntry>(
  queue: readonly T[],
  usage: ReadonlyMap<string, number>,
  weights: ReadonlyMap<string, number>,
  chargeOf: (job: T) => number = () => 0,
): T[] {
  const used = new Map(usage);
  const rest = [...queue].sort((a, b) => b.priority - a.priority || a.submittedAtMs - b.submittedAtMs || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const out: T[] = [];
  while (rest.length > 0) {
    const top = rest[0]!.priority;
    let best = 0;
    let bestShare = Number.POSITIVE_INFINITY;
    // rest is sorted by priority then FIFO, so the first job of each tenant in the top priority is its oldest.
    for (let i = 0; i < rest.length && rest[i]!.priority === top; i++) {
      const j = rest[i]!;
      const share = fairShareOf(used.get(j.tenant) ?? 0, weights.get(j.tenant) ?? 1);
      if (share < bestShare - 1e-12) {
        best = i;
        bestShare = share;
      }
    }
    const [job] = rest.splice(best, 1) as [T];
    out.push(job);
    used.set(job.tenant, (used.get(job.tenant) ?? 0) + chargeOf(job));
  }
  return out;
}
