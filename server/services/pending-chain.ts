/**
 * What a queued job waits for, as a chain (Kueue's pending workloads, `squeue --start`): the job's own
 * reason with its cluster and the time it waits until, then — when it is reserved behind another job —
 * that job's hold and what the hold waits for, and so on. Also why an expected start is unknown. Pure:
 * the queue view and the tests read the same chain.
 */
import type { HeldReservation, PendingClassification, PendingReason } from "./pending-reason";

/** One link of the chain. */
export interface ChainStep {
  /** The job at this link (null: another tenant's job the viewer may not see). */
  jobId: string | null;
  jobName: string;
  reason: PendingReason;
  /** The cluster the link waits on, when known. */
  clusterName: string | null;
  /** When that wait is predicted to end (null: unknown). */
  untilAt: Date | null;
  /** For a hold: how many running jobs must end to free its nodes (null: not recorded). */
  freedByCount: number | null;
}

/** What the chain needs of each queued job it may pass through. */
export interface ChainJob {
  id: string;
  name: string;
  classification: PendingClassification;
  /** The cluster of its latest decision (or its capacity wait). */
  clusterId: string | null;
  freedByCount: number | null;
}

/** The longest chain followed (a hold's holder holds its own reservation, so chains are short; this guards against cycles). */
const MAX_LINKS = 5;

/** The chain of one job: itself first, then each job it is reserved behind. */
export function pendingChain(
  start: ChainJob,
  jobs: ReadonlyMap<string, ChainJob>,
  reservations: readonly HeldReservation[],
  names: ReadonlyMap<string, string>,
  clusterNames: ReadonlyMap<string, string>,
): ChainStep[] {
  const cluster = (id: string | null) => (id ? (clusterNames.get(id) ?? null) : null);
  const steps: ChainStep[] = [];
  const seen = new Set<string>();
  let at: ChainJob | null = start;
  while (at && steps.length < MAX_LINKS && !seen.has(at.id)) {
    seen.add(at.id);
    const c: PendingClassification = at.classification;
    const hold = c.reason === "holds-reservation" ? reservations.find((r) => r.jobId === at!.id) : undefined;
    steps.push({
      jobId: at.id,
      jobName: at.name,
      reason: c.reason,
      clusterName: cluster(hold?.clusterId ?? at.clusterId),
      untilAt: c.expectedStartMs !== null ? new Date(c.expectedStartMs) : null,
      freedByCount: at.freedByCount,
    });
    const holderId: string | null = c.reservedForJobId;
    if (!holderId) break;
    const known = jobs.get(holderId);
    if (known) {
      at = known;
      continue;
    }
    // A holder the viewer may not list (another tenant's): its hold is still a fact of the fleet.
    const held = reservations.find((r) => r.jobId === holderId);
    steps.push({
      jobId: names.has(holderId) ? holderId : null,
      jobName: names.get(holderId) ?? "another tenant's job",
      reason: "holds-reservation",
      clusterName: cluster(held?.clusterId ?? null),
      untilAt: held ? new Date(held.startMs) : null,
      freedByCount: null,
    });
    break;
  }
  return steps;
}

/** Why a job's expected start is unknown, or null when it is known. */
export function unknownStartWhy(c: PendingClassification): string | null {
  if (c.expectedStartMs !== null) return null;
  switch (c.reason) {
    case "quota":
      return "it waits for its tenant's quota or budget, which frees only when the tenant's own jobs end or the month renews";
    case "not-decided":
      return "the scheduler has not decided it yet; the next cycle will";
    case "capacity":
      return "no cluster that fits it has a predicted free slot within the forecast horizon";
    default:
      return "no start was predicted for it";
  }
}
