// What to change, by rule, from the period's facts: a tenant that keeps waiting on its quota, waits
// for cleaner power that cost more hours than they saved grams, preempted jobs without checkpoints,
// one cluster taking most placements. At most two, strongest first; each cites its numbers.
import type { FactLinks, Suggestion } from "./facts";

/** Reason codes that mean "over a quota" (the tenant's own, the cohort's or the borrowing limit). */
export const QUOTA_CODES = ["TENANT_GPU_QUOTA", "TENANT_GPU_HOURS_QUOTA", "COHORT_QUOTA", "BORROWING_LIMIT", "COHORT_BORROWING"] as const;
/** Cycles a tenant must have waited on quota before it is worth a suggestion. */
export const QUOTA_MIN_CYCLES = 3;
/** Below this many grams saved per hour of delay, waiting for cleaner power is called costly. */
export const CLEAN_POWER_MIN_G_PER_H = 10;
/** Above this share of placements one cluster is called hot. */
export const HOT_CLUSTER_PCT = 50;
/** Most suggestions a narrative makes. */
export const MAX_SUGGESTIONS = 2;

/** The inputs of the rules. */
export interface SuggestionInputs {
  quotaWaits: (FactLinks & { tenant: string; cycles: number })[];
  cleanPower: FactLinks & { jobs: number; savedKg: number; delayH: number };
  preemptions: FactLinks & { count: number; uncheckpointed: number };
  busiest: (FactLinks & { name: string; sharePct: number; placements: number }) | null;
  totalPlacements: number;
}

/** The suggestions the rules make, strongest first. */
export function suggest(input: SuggestionInputs): Suggestion[] {
  const out: Suggestion[] = [];
  const quota = [...input.quotaWaits].sort((a, b) => b.cycles - a.cycles)[0];
  if (quota && quota.cycles >= QUOTA_MIN_CYCLES) {
    out.push({
      rule: "quota",
      tenant: quota.tenant,
      cluster: null,
      numbers: [{ value: quota.cycles, label: `scheduling cycles ${quota.tenant} waited on its quota` }],
      decisionIds: quota.decisionIds,
      decisionCount: quota.decisionCount,
    });
  }
  const c = input.cleanPower;
  if (c.jobs > 0 && c.delayH > 0 && (c.savedKg * 1000) / c.delayH < CLEAN_POWER_MIN_G_PER_H) {
    out.push({
      rule: "clean-power-cost",
      tenant: null,
      cluster: null,
      numbers: [{ value: (c.savedKg * 1000) / c.delayH, unit: "gCO2e", label: "CO2e saved per hour of delay" }],
      decisionIds: c.decisionIds,
      decisionCount: c.decisionCount,
    });
  }
  const p = input.preemptions;
  if (p.uncheckpointed > 0) {
    out.push({
      rule: "checkpoints",
      tenant: null,
      cluster: null,
      numbers: [{ value: p.uncheckpointed, label: "preempted jobs without checkpoints" }],
      decisionIds: p.decisionIds,
      decisionCount: p.decisionCount,
    });
  }
  const b = input.busiest;
  if (b && input.totalPlacements >= 10 && b.sharePct > HOT_CLUSTER_PCT) {
    out.push({
      rule: "hot-cluster",
      tenant: null,
      cluster: b.name,
      numbers: [{ value: b.sharePct, unit: "%", label: `share of placements on ${b.name}` }],
      decisionIds: b.decisionIds,
      decisionCount: b.placements,
    });
  }
  return out.slice(0, MAX_SUGGESTIONS);
}
