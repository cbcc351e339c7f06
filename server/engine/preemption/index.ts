/** Preemption: the planner that picks which running jobs a higher-priority job may stop, and its explanation section. */
export { planPreemption, DEFAULT_MAX_PREEMPTION_EVALUATIONS, type PreemptionPlan, type PreemptionOptions } from "./plan-preemption";
export {
  PREEMPTION_REASONS,
  preemptionReasonClause,
  preemptionSectionSchema,
  type PreemptionReason,
  type PreemptionSection,
  type PreemptionVictim,
  type PreemptionAlternative,
} from "./preemption-section";
export { victimCandidates, withinNominalQuota, withinPreemptExemptTime, type VictimCandidate } from "./victim-candidates";
export { applyPreemptionPlan } from "./apply-plan";
export { shrinkText } from "./preemption-sentence";
