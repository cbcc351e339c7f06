/**
 * One job's page: its request and status, why it waits (pending-reason.ts) and, from its latest
 * decision, the reservation it holds (cluster, nodes, start, and which running jobs' predicted ends
 * free them) or the reservations it was backfilled ahead of. A tenant member sees only its tenant's
 * jobs (another tenant's job is NOT_FOUND, so ids cannot be probed), and other tenants' jobs named in
 * the explanation are shown without their names.
 */
import { formatExplanation, parseCoordinatorExplanation, type CoordinatorExplanation } from "../engine";
import type { Db } from "../db/client";
import type { SessionUser } from "../auth/session-user";
import { readerText } from "../format/zoned-time";
import { findPendingJobs, findQueuedReservations } from "../repositories/reservation-repository";
import { findClusterNames, findJobForPage, findJobNames } from "../repositories/job-detail-repository";
import { DomainError } from "./errors";
import { buildQueueView, type QueueJob } from "./queue-view-service";

/** A job another section names: its name when the viewer may see it. */
export interface NamedJob {
  id: string;
  name: string | null;
}

/** What the job page shows. */
export interface JobDetail {
  id: string;
  name: string;
  tenantName: string;
  status: string;
  statusReason: string | null;
  priorityClass: string | null;
  kind: string;
  gpuCount: number;
  gangSize: number;
  estimatedDurationS: number;
  submittedAt: Date;
  placedAt: Date | null;
  startedAt: Date | null;
  finishedAt: Date | null;
  /** Why it waits, for a queued job. */
  pending: Pick<QueueJob, "reason" | "reasonLabel" | "expectedStartAt" | "reservedFor"> | null;
  /** The reservation it holds now. */
  reservation: {
    clusterName: string;
    nodes: string[];
    startAt: Date;
    endAt: Date;
    mode: string;
    freedBy: (NamedJob & { endAt: Date })[];
    freedByCount: number;
  } | null;
  latestDecision: {
    id: string;
    outcome: string;
    createdAt: Date;
    backfilled: boolean;
    text: string[];
    /** The reservations it started ahead of (a backfill). */
    backfill: { endAt: Date; ahead: (NamedJob & { clusterName: string; startAt: Date; nodes: string[]; sharesNodes: boolean })[] } | null;
  } | null;
}

/** The explanation of a stored row, or null when it cannot be read (the page then shows no sections). */
function explanationOf(value: unknown): CoordinatorExplanation | null {
  try {
    return parseCoordinatorExplanation(value);
  } catch {
    return null;
  }
}

/** Loads one job for a signed-in user; NOT_FOUND when it does not exist or belongs to another tenant. */
export async function getJobDetail(db: Db, user: SessionUser, id: string, now: Date): Promise<JobDetail> {
  const operator = user.role === "OPERATOR" || user.role === "ADMIN";
  const job = await findJobForPage(db, id);
  if (!job || (!operator && job.tenantId !== user.tenantId)) throw new DomainError("NOT_FOUND", "No such job.");
  const decision = job.decisions[0] ?? null;
  const explanation = decision ? explanationOf(decision.explanation) : null;

  // Names of the jobs the sections mention, only where the viewer may see them.
  const mentioned = [...(explanation?.capacityWait?.freedBy.map((f) => f.jobId) ?? []), ...(explanation?.backfill?.ahead.map((a) => a.jobId) ?? [])];
  const [nameOf, clusterName] = await Promise.all([
    findJobNames(db, mentioned, operator ? null : user.tenantId),
    findClusterNames(db, explanation?.backfill?.ahead.map((a) => a.clusterId) ?? []),
  ]);
  const ref = (jobId: string): NamedJob => ({ id: jobId, name: nameOf.get(jobId) ?? null });

  let pending: JobDetail["pending"] = null;
  if (job.status === "QUEUED") {
    const [rows, reservations] = await Promise.all([findPendingJobs(db, job.tenantId), findQueuedReservations(db)]);
    const view = buildQueueView(
      rows.filter((r) => r.id === job.id),
      reservations,
      now.getTime(),
      new Map(rows.map((r) => [r.id, r.name])),
    );
    const row = view.jobs[0];
    if (row) pending = { reason: row.reason, reasonLabel: row.reasonLabel, expectedStartAt: row.expectedStartAt, reservedFor: row.reservedFor };
  }

  const held = job.status === "QUEUED" ? job.reservation : null;
  const wait = explanation?.capacityWait;
  return {
    id: job.id,
    name: job.name,
    tenantName: job.tenant.name,
    status: job.status,
    statusReason: readerText(user, now.getTime())(job.statusReason),
    priorityClass: job.priorityClass?.name ?? null,
    kind: job.kind,
    gpuCount: job.gpuCount,
    gangSize: job.gangSize,
    estimatedDurationS: job.estimatedDurationS,
    submittedAt: job.submittedAt,
    placedAt: job.placedAt,
    startedAt: job.startedAt,
    finishedAt: job.finishedAt,
    pending,
    reservation: held
      ? {
          clusterName: held.cluster.name,
          nodes: [...new Set((held.assignments as { node?: unknown }[]).flatMap((a) => (typeof a?.node === "string" ? [a.node] : [])))],
          startAt: held.startAt,
          endAt: held.endAt,
          mode: held.mode,
          freedBy: wait && wait.clusterId === held.clusterId ? wait.freedBy.map((f) => ({ ...ref(f.jobId), endAt: new Date(f.endMs) })) : [],
          freedByCount: wait && wait.clusterId === held.clusterId ? wait.freedByCount : 0,
        }
      : null,
    latestDecision: decision
      ? {
          id: decision.id,
          outcome: decision.outcome,
          createdAt: decision.createdAt,
          backfilled: decision.backfilled,
          text: explanation ? formatExplanation(explanation).split("\n").map(readerText(user, explanation.decidedAtMs)) : [],
          backfill: explanation?.backfill
            ? {
                endAt: new Date(explanation.backfill.endMs),
                ahead: explanation.backfill.ahead.map((a) => ({
                  ...ref(a.jobId),
                  clusterName: clusterName.get(a.clusterId) ?? a.clusterId,
                  startAt: new Date(a.startMs),
                  nodes: a.nodeNames,
                  sharesNodes: a.sharesNodes,
                })),
              }
            : null,
        }
      : null,
  };
}
