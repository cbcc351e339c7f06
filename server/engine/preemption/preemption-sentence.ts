/** The explanation's sentence about a preemption, rendered from its section (no stored text). */
import { formatNumber } from "../carbon/figure";
import type { PreemptionSection } from "./preemption-section";

const REASON_SHORT: Record<PreemptionSection["victims"][number]["reason"], string> = {
  "borrowed-quota": "borrowed quota reclaimed",
  "lower-priority": "lower priority",
  "backfill-overrun": "backfilled past its predicted end into this job's reservation",
};

/** "shrunk from 8 to 4 members" (or "shrunk to 4 members" on rows stored before the former count was kept). */
export function shrinkText(v: { shrinkTo: number | null; shrunkFrom?: number }): string {
  return v.shrunkFrom !== undefined ? `shrunk from ${v.shrunkFrom} to ${v.shrinkTo} members` : `shrunk to ${v.shrinkTo} members`;
}

/**
 * E.g. "Started by preempting 2 jobs on fra-hub-1 (lower priority): 0.53 GPU-hours lost since their last checkpoints; they resume from them."
 * An elastic victim that shed members is named by its sizes, as it keeps running rather than resuming.
 */
export function preemptionSentence(p: PreemptionSection, clusterName: string): string {
  const n = p.victims.length;
  const reasons = [...new Set(p.victims.map((v) => REASON_SHORT[v.reason]))].join(", ");
  const shrunk = p.victims.filter((v) => v.shrinkTo !== null);
  const shrunkText = shrunk.length === 0 ? "" : `; ${n === 1 ? "it was" : `${shrunk.length} of them`} ${shrunk.map(shrinkText).join(", ")} rather than stopped`;
  const after =
    shrunk.length === 0
      ? "they resume from them"
      : shrunk.length === n
        ? `${n === 1 ? "it keeps" : "they keep"} running with the members left`
        : "the stopped ones resume from them, the shrunk ones keep running";
  return `Started by preempting ${n} ${n === 1 ? "job" : "jobs"} on ${clusterName} (${reasons}${shrunkText}): ${formatNumber(p.lostGpuHours)} GPU-hours lost since their last checkpoints; ${after}.`;
}
