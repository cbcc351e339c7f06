/**
 * The one reason vocabulary of the engine, shared by the in-cluster level (why a node is rejected)
 * and the cross-cluster level (why a cluster is rejected). A reason is data only: a code, the
 * resource or rule it concerns, the unit of its numbers and the numbers themselves. Sentences are
 * rendered from it (see render-reason.ts) and never stored, so a stored reason reads the same in
 * every later version of the text.
 */

/** Codes a node-level filter returns. */
export const NODE_REASON_CODES = [
  "NODE_NOT_READY",
  "INSUFFICIENT_CPU",
  "INSUFFICIENT_MEMORY",
  "INSUFFICIENT_GPUS",
  "NO_GPU_WITH_ENOUGH_SHARE",
  "GPU_MODEL_NOT_ALLOWED",
  "LABEL_MISMATCH",
  "RACK_CAPACITY_FOR_GANG",
  "GANG_IN_OTHER_RACK",
] as const;

/**
 * Codes only a cluster-level filter returns. The capacity codes above are reused at this level: a
 * cluster short of CPU reports INSUFFICIENT_CPU with the numbers of its closest node.
 */
export const CLUSTER_ONLY_REASON_CODES = [
  "CLUSTER_NOT_ACTIVE",
  "CLUSTER_UNREACHABLE",
  "REGION_NOT_ALLOWED",
  "ZONE_NOT_ALLOWED",
  "TIER_NOT_ALLOWED",
  "GPU_MODEL_ABSENT",
  "NODES_NOT_READY",
  "GANG_TOO_LARGE",
  "TENANT_GPU_QUOTA",
  "TENANT_GPU_HOURS_QUOTA",
  "COHORT_QUOTA",
  "BORROWING_LIMIT",
  "COHORT_BORROWING",
  "DEADLINE_UNREACHABLE",
  "CARBON_BUDGET",
  "CARBON_SERIES_NOT_COVERING",
  "LATER_THAN_ANOTHER_CLUSTER",
  "RESERVED_FOR_WAITING_JOB",
  "SIGNAL_TYPE_NOT_COMPARED",
  "DEFERRAL_BELOW_MINIMUM_SAVING",
  "DEFERRAL_WITHIN_FORECAST_ERROR",
] as const;

/** Every reason code of either level. */
export const REASON_CODES = [...NODE_REASON_CODES, ...CLUSTER_ONLY_REASON_CODES] as const;

/** A reason code. */
export type ReasonCode = (typeof REASON_CODES)[number];

/** Units of a reason's numbers. */
export const REASON_UNITS = ["milliCpu", "mib", "gpus", "milliGpu", "members", "nodes", "kgCo2e", "gCo2e", "gpuHours", "s", "epochMs"] as const;
/** A reason unit. */
export type ReasonUnit = (typeof REASON_UNITS)[number];

/** What a reason is about: a resource of the request or a rule the placement must respect. */
export const REASON_RESOURCES = [
  "cpu",
  "memory",
  "gpu-count",
  "gpu-share",
  "gpu-model",
  "gang",
  "node",
  "label",
  "quota",
  "region",
  "zone",
  "tier",
  "deadline",
  "carbon-budget",
  "carbon-data",
  "cluster",
  "start",
  "carbon-signal",
  "carbon-saving",
] as const;
/** A reason resource. */
export type ReasonResource = (typeof REASON_RESOURCES)[number];

/**
 * One reason with the numbers behind it (all in `unit`): what the job asks for, what the best
 * candidate has free, the most it could ever have (capacity), and a rule's limit. `subject` names
 * the thing concerned as an identifier (a GPU model, a region, a rack, a label term, a status) and
 * is never a sentence.
 */
export interface Reason {
  readonly code: ReasonCode;
  readonly resource?: ReasonResource;
  readonly unit?: ReasonUnit;
  readonly requested?: number;
  readonly available?: number;
  readonly capacity?: number;
  readonly limit?: number;
  readonly subject?: string;
}

/** How much must change for the reason to go away (requested minus available), or null when it has no numbers. */
export function shortfallOf(reason: Reason): number | null {
  if (reason.requested === undefined || reason.available === undefined) return null;
  return Math.max(0, reason.requested - reason.available);
}
