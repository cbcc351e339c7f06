/** How a job's state reads in sentences and exports, so no message says "is succeeded" or calls a cancelled job deferred. */

/** "has succeeded", "is running", "was cancelled": the verb phrase that fits each status. */
export function jobStatePhrase(status: string): string {
  switch (status) {
    case "QUEUED":
      return "is queued";
    case "PLACED":
      return "is placed";
    case "RUNNING":
      return "is running";
    case "SUCCEEDED":
      return "has succeeded";
    case "FAILED":
      return "has failed";
    case "CANCELLED":
      return "was cancelled";
    case "EXPIRED":
      return "has expired";
    case "UNSCHEDULABLE":
      return "cannot be scheduled";
    default:
      return `is ${status.toLowerCase()}`;
  }
}

/** Statuses that end a job's wait without it ever starting: a deferral recorded before them no longer applies. */
const ENDED_WAITING = new Set(["CANCELLED", "EXPIRED"]);

/**
 * The latest decision's outcome as it still applies to the job: a job cancelled or expired while
 * deferred is no longer deferred, so its outcome reads as the job's end ("CANCELLED"), not "DEFERRED".
 */
export function currentDecisionOutcome(status: string, outcome: string | null | undefined): string {
  if (!outcome) return "";
  return ENDED_WAITING.has(status) && outcome !== "PLACED" ? status : outcome;
}
