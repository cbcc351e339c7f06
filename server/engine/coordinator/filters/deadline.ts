/**
 * Filter deadline: started at the earliest moment its window allows, the variant must finish by the
 * job's deadline. Numbers in seconds: requested = the variant's run time, available = deadline minus
 * the earliest start (negative when the deadline is already behind it); the shortfall is how much
 * later the deadline must be. Unresolvable: the clock
 * only moves forward. (Capacity that frees only after the deadline is the capacity filter's reason.)
 * Recorded only when failing, as a job's explanation has always shown it.
 */
import { unresolvable, type ClusterFilterPlugin } from "./types";

/** Rejects variants that cannot finish before the deadline (DEADLINE_UNREACHABLE). */
export const deadlineFilter: ClusterFilterPlugin = {
  name: "deadline",
  stage: "variant",
  check: ({ job, variant, window }) => {
    if (job.deadlineMs == null) return null;
    if (window.capacityLatestMs >= window.earliestMs) return null;
    return unresolvable({
      code: "DEADLINE_UNREACHABLE",
      resource: "deadline",
      unit: "s",
      requested: variant.durationS,
      available: (job.deadlineMs - window.earliestMs) / 1000,
    });
  },
};
