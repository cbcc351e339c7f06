/** The explanation's sentence about a preemption, rendered from its section (no stored text). */
import { formatNumber } from "../carbon/figure";
import type { PreemptionSection } from "./preemption-section";

/** E.g. "Started by preempting 2 jobs on fra-hub-1 (lower priority): 0.53 GPU-hours lost since their last checkpoints; they resume from them." */
export function preemptionSentence(p: PreemptionSection, clusterName: string): string {
  const n = p.victims.length;
  const reasons = [...new Set(p.victims.map((v) => (v.reason === "borrowed-quota" ? "borrowed quota reclaimed" : "lower priority")))].join(", ");
  const shrunk = p.victims.filter((v) => v.shrinkTo !== null).length;
  const shrinkText = shrunk > 0 ? `, ${shrunk} of them shrunk rather than stopped` : "";
  return `Started by preempting ${n} ${n === 1 ? "job" : "jobs"} on ${clusterName} (${reasons}${shrinkText}): ${formatNumber(p.lostGpuHours)} GPU-hours lost since their last checkpoints; they resume from them.`;
}
