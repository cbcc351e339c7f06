/**
 * Why a queued job is pending, from its latest decision (outcome, start, reason codes, capacity wait),
 * its back-off and the reservations held, like Kueue's pending workloads and `squeue --start`: one
 * reason per job, with the expected start where one is known. Pure, so the queue view, the job page
 * and the tests read the same classification.
 */

/** Pending reasons, in the order a job is checked for them. */
export const PENDING_REASONS = [
  "backing-off",
  "holds-reservation",
  "reserved-for-other",
  "cleaner-power",
  "start-window",
  "quota",
  "capacity",
  "not-decided",
] as const;
/** One pending reason. */
export type PendingReason = (typeof PENDING_REASONS)[number];

/** Codes of a tenant's limits: the job waits for its quota (or budget), not for the fleet. */
export const QUOTA_REASON_CODES: ReadonlySet<string> = new Set([
  "TENANT_GPU_QUOTA",
  "TENANT_GPU_HOURS_QUOTA",
  "COHORT_QUOTA",
  "BORROWING_LIMIT",
  "CARBON_BUDGET",
]);

/** A held reservation as the classification needs it. */
export interface HeldReservation {
  readonly jobId: string;
  readonly clusterId: string;
  readonly startMs: number;
  readonly nodeNames: readonly string[];
}

/** What is known about one queued job. */
export interface PendingFacts {
  readonly jobId: string;
  /** A failed run's back-off: not retried before this. */
  readonly notBeforeMs: number | null;
  /** The job's latest decision, or null before the first. */
  readonly decision: {
    readonly outcome: "PLACED" | "DEFERRED" | "UNSCHEDULABLE";
    readonly startMs: number | null;
    /** Why the chosen cluster starts when it does (the explanation's startReason), null when none was chosen. */
    readonly startReason: string | null;
    /** Reason codes of the rejected clusters (the explanation's reason histogram). */
    readonly reasonCodes: readonly string[];
    /** The nodes it waits for (the explanation's capacity wait), null when it waits for none. */
    readonly capacityWait: { readonly clusterId: string; readonly startMs: number; readonly nodeNames: readonly string[] } | null;
  } | null;
}

/** A job's pending reason, the expected start where known, and the job holding what it waits for. */
export interface PendingClassification {
  readonly reason: PendingReason;
  readonly expectedStartMs: number | null;
  /** For "reserved-for-other": the job whose reservation comes first on the nodes this one waits for. */
  readonly reservedForJobId: string | null;
}

/**
 * Classifies one queued job. `reservations` are every held reservation (this job's own, if any, among
 * them); a job waiting for nodes another job holds from no later than it could start is "reserved for"
 * that job.
 */
export function classifyPending(facts: PendingFacts, reservations: readonly HeldReservation[], nowMs: number): PendingClassification {
  const none = { expectedStartMs: null, reservedForJobId: null };
  if (facts.notBeforeMs !== null && facts.notBeforeMs > nowMs) return { reason: "backing-off", expectedStartMs: facts.notBeforeMs, reservedForJobId: null };
  const own = reservations.find((r) => r.jobId === facts.jobId);
  if (own) return { reason: "holds-reservation", expectedStartMs: own.startMs, reservedForJobId: null };
  const d = facts.decision;
  if (!d || d.outcome === "PLACED") return { reason: "not-decided", ...none };
  if (d.outcome === "DEFERRED" && d.startReason === "carbon") return { reason: "cleaner-power", expectedStartMs: d.startMs, reservedForJobId: null };
  if (d.outcome === "DEFERRED" && d.startReason === "window") return { reason: "start-window", expectedStartMs: d.startMs, reservedForJobId: null };
  if (d.outcome === "UNSCHEDULABLE" && d.reasonCodes.some((c) => QUOTA_REASON_CODES.has(c))) return { reason: "quota", ...none };
  const wait = d.capacityWait;
  if (wait) {
    const mine = new Set(wait.nodeNames);
    const first = reservations
      .filter((r) => r.clusterId === wait.clusterId && r.startMs <= wait.startMs && r.nodeNames.some((n) => mine.has(n)))
      .sort((a, b) => a.startMs - b.startMs || a.jobId.localeCompare(b.jobId))[0];
    if (first) return { reason: "reserved-for-other", expectedStartMs: wait.startMs, reservedForJobId: first.jobId };
  }
  return { reason: "capacity", expectedStartMs: d.outcome === "DEFERRED" ? d.startMs : null, reservedForJobId: null };
}

/** Words of each reason (the queue view's column headings and the job page). */
export const PENDING_REASON_LABELS: Record<PendingReason, string> = {
  "backing-off": "Backing off after a failure",
  "holds-reservation": "Holds a reservation",
  "reserved-for-other": "Reserved for another job",
  "cleaner-power": "Waiting for cleaner power",
  "start-window": "Waiting for its start window",
  quota: "Waiting for quota",
  capacity: "Waiting for capacity",
  "not-decided": "Not yet decided",
};
