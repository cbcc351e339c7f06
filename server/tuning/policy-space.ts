/**
 * The parameters an auto-tune searches: every objective weight and the deferral thresholds of the
 * active policy, each within bounds wide enough to reach from "off" to well past the active value.
 * Other constraints (backfill, preemption, splits, budgets) are kept as they are: they change what the
 * fleet promises, not how well it trades carbon against waiting.
 */
import { OBJECTIVES, parseCoordinatorPolicy, type CoordinatorPolicy } from "../engine";
import type { SearchDimension, SearchPoint } from "./search";

const WEIGHT_PREFIX = "weight.";

/** The searched box around a policy. */
export function policyDimensions(active: CoordinatorPolicy): SearchDimension[] {
  const c = active.constraints;
  return [
    ...OBJECTIVES.map((name) => ({
      name: `${WEIGHT_PREFIX}${name}`,
      min: 0,
      max: Math.min(10, Math.max(1, 2 * (active.objectiveWeights[name] ?? 0))),
      grain: 0.01,
    })),
    { name: "maxDeferralHours", min: 0, max: Math.min(168, Math.max(48, c.maxDeferralHours)), grain: 1 },
    { name: "minDeferralSavingPct", min: 0, max: Math.min(100, Math.max(20, c.minDeferralSavingPct)), grain: 0.5 },
    { name: "minDeferralSavingGCo2e", min: 0, max: Math.min(100_000, Math.max(50, c.minDeferralSavingGCo2e)), grain: 1 },
  ];
}

/** The policy's values as a point of the box. */
export function pointOfPolicy(policy: CoordinatorPolicy): SearchPoint {
  const c = policy.constraints;
  return {
    ...Object.fromEntries(OBJECTIVES.map((name) => [`${WEIGHT_PREFIX}${name}`, policy.objectiveWeights[name] ?? 0])),
    maxDeferralHours: c.maxDeferralHours,
    minDeferralSavingPct: c.minDeferralSavingPct,
    minDeferralSavingGCo2e: c.minDeferralSavingGCo2e,
  };
}

/** The policy a point stands for: the active one with the searched values replaced. */
export function policyOfPoint(active: CoordinatorPolicy, point: SearchPoint): CoordinatorPolicy {
  const weights = Object.fromEntries(OBJECTIVES.map((name) => [name, point[`${WEIGHT_PREFIX}${name}`] ?? 0]));
  // All weights at 0 is not a policy: the first objective keeps the smallest positive weight.
  if (Object.values(weights).every((w) => w <= 0) && OBJECTIVES[0]) weights[OBJECTIVES[0]] = 0.01;
  return parseCoordinatorPolicy({
    name: active.name,
    version: active.version,
    inClusterPolicy: active.inClusterPolicy,
    objectiveWeights: weights,
    constraints: {
      ...active.constraints,
      maxDeferralHours: point.maxDeferralHours ?? active.constraints.maxDeferralHours,
      minDeferralSavingPct: point.minDeferralSavingPct ?? active.constraints.minDeferralSavingPct,
      minDeferralSavingGCo2e: point.minDeferralSavingGCo2e ?? active.constraints.minDeferralSavingGCo2e,
    },
  });
}
