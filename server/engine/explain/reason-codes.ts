/** Machine-readable reasons a filter rejects a node, with the human label used in summaries. */

/** Every reason code a filter can return. */
export const REASON_CODES = [
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

/** A reason code. */
export type ReasonCode = (typeof REASON_CODES)[number];

/** One filter reason with the numbers behind it (units given by `unit`). */
export interface Reason {
  readonly code: ReasonCode;
  readonly unit?: "milliCpu" | "mib" | "gpus" | "milliGpu" | "members";
  readonly requested?: number;
  readonly free?: number;
  readonly capacity?: number;
  /** Extra detail, e.g. the node's GPU model or the failing label key. */
  readonly detail?: string;
}

/** Summary phrase for a reason, given an example reason carrying the numbers. */
export function describeReason(reason: Reason): string {
  switch (reason.code) {
    case "NODE_NOT_READY":
      return "are not ready";
    case "INSUFFICIENT_CPU":
      return `lack ${formatCores(reason.requested ?? 0)}`;
    case "INSUFFICIENT_MEMORY":
      return `lack ${reason.requested ?? 0} MiB memory`;
    case "INSUFFICIENT_GPUS":
      return `have fewer than ${reason.requested ?? 0} free whole GPUs`;
    case "NO_GPU_WITH_ENOUGH_SHARE":
      return `have no GPU with ${reason.requested ?? 0} milli free`;
    case "GPU_MODEL_NOT_ALLOWED":
      return "have a GPU model the job does not allow";
    case "LABEL_MISMATCH":
      return "do not match the node selector/affinity";
    case "RACK_CAPACITY_FOR_GANG":
      return `sit in a rack that cannot host all ${reason.requested ?? 0} gang members`;
    case "GANG_IN_OTHER_RACK":
      return "are outside the rack already chosen for the gang";
  }
}

function formatCores(milli: number): string {
  const cores = milli / 1000;
  return `${Number.isInteger(cores) ? cores : cores.toFixed(2)} CPU cores`;
}
