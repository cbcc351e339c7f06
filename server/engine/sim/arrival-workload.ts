/**
 * The FGD experiment's arrival sequence (Weng et al., ATC'23): every job of the trace, plus jobs
 * sampled with replacement until the total GPU request reaches `inflation` x cluster capacity
 * (130%), then shuffled. All randomness comes from the seeded Rng.
 */
import { jobGpuMilli, type JobRequest } from "../model/job";
import type { Rng } from "../model/rng";

/** Builds the inflated, shuffled arrival list. `capacityMilli` is the cluster's GPU capacity. */
export function buildArrivalSequence<T extends JobRequest>(trace: readonly T[], capacityMilli: number, rng: Rng, inflation = 1.3): T[] {
  const jobs = trace.slice();
  let requested = jobs.reduce((sum, j) => sum + jobGpuMilli(j), 0);
  const target = capacityMilli * inflation;
  if (trace.length > 0 && trace.some((j) => jobGpuMilli(j) > 0)) {
    while (requested < target) {
      const job = trace[rng.nextInt(trace.length)] as T;
      jobs.push(job);
      requested += jobGpuMilli(job);
    }
  }
  // Fisher-Yates shuffle.
  for (let i = jobs.length - 1; i > 0; i--) {
    const j = rng.nextInt(i + 1);
    const tmp = jobs[i] as T;
    jobs[i] = jobs[j] as T;
    jobs[j] = tmp;
  }
  return jobs;
}
