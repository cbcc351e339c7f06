/**
 * The pending queue, like Kueue's pending workloads and `squeue --start`: every queued job with why it
 * waits (pending-reason.ts) and its expected start where known, and counts per tenant and priority
 * class by reason. Operators and admins see every tenant; a tenant member sees only its tenant's jobs,
 * and a reservation of another tenant's job is named only as "another job".
 */
import type { Db } from "../db/client";
import type { SessionUser } from "../auth/session-user";
import { findPendingJobs, findQueuedReservations, type PendingJobRow, type StoredReservation } from "../repositories/reservation-repository";
import { classifyPending, PENDING_REASON_LABELS, PENDING_REASONS, type HeldReservation, type PendingFacts, type PendingReason } from "./pending-reason";
import { listClusterNames } from "../repositories/catalog-repository";
import { DomainError } from "./errors";
import { pendingChain, unknownStartWhy, type ChainJob, type ChainStep } from "./pending-chain";

/** Most job rows a view lists (the counts cover every queued job). */
export const QUEUE_VIEW_MAX_ROWS = 300;

/** Counts of one tenant and priority class by pending reason. */
export interface QueueGroup {
  tenantId: string;
  tenantName: string;
  priorityClass: string | null;
  priority: number;
  total: number;
  counts: Record<PendingReason, number>;
}

/** One queued job as the view lists it. */
export interface QueueJob {
  id: string;
  name: string;
  tenantName: string;
  priorityClass: string | null;
  priority: number;
  submittedAt: Date;
  reason: PendingReason;
  reasonLabel: string;
  expectedStartAt: Date | null;
  /** The job holding the nodes this one waits for (its name only when the viewer may see it). */
  reservedFor: { id: string | null; name: string } | null;
  /** This job's own reservation: where and from when. */
  reservation: { clusterId: string; startAt: Date; nodes: string[]; mode: string } | null;
  /** What it waits for: itself first, then each job it is reserved behind (pending-chain.ts). */
  chain: ChainStep[];
  /** Why the expected start is unknown (null when it is known). */
  expectedStartWhy: string | null;
}

/** Filters of the job list (the counts always cover the whole queue), as the page's URL carries them. */
export interface QueueFilter {
  tenantId?: string;
  /** A class name, or "" for jobs without a class. */
  priorityClass?: string;
  reason?: PendingReason;
}

/** The whole view. */
export interface QueueView {
  reasons: { reason: PendingReason; label: string }[];
  groups: QueueGroup[];
  jobs: QueueJob[];
  totalQueued: number;
  /** Queued jobs the filter keeps (totalQueued when there is none). */
  matching: number;
}

const numberOr = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

/** The facts of one row (the explanation's parts are read defensively: older explanations lack them). */
function factsOf(row: PendingJobRow): PendingFacts {
  const wait = row.capacityWait;
  const waitStart = numberOr(wait?.startMs);
  const nodes = Array.isArray(wait?.nodes)
    ? (wait.nodes as { nodeName?: unknown }[]).flatMap((n) => (typeof n?.nodeName === "string" ? [n.nodeName] : []))
    : [];
  return {
    jobId: row.id,
    notBeforeMs: row.notBeforeAt?.getTime() ?? null,
    decision: row.outcome
      ? {
          outcome: row.outcome,
          startMs: row.startAt?.getTime() ?? null,
          startReason: row.startReason,
          reasonCodes: row.reasonHistogram && typeof row.reasonHistogram === "object" ? Object.keys(row.reasonHistogram) : [],
          capacityWait: typeof wait?.clusterId === "string" && waitStart !== null ? { clusterId: wait.clusterId, startMs: waitStart, nodeNames: nodes } : null,
        }
      : null,
  };
}

const heldOf = (r: StoredReservation): HeldReservation => ({
  jobId: r.jobId,
  clusterId: r.clusterId,
  startMs: r.startAt.getTime(),
  nodeNames: [...new Set(r.assignments.map((a) => a.node))],
});

function emptyCounts(): Record<PendingReason, number> {
  return Object.fromEntries(PENDING_REASONS.map((r) => [r, 0])) as Record<PendingReason, number>;
}

/** Builds the view of some queued jobs; `visible` tells which holders' names the viewer may see. */
export function buildQueueView(
  rows: readonly PendingJobRow[],
  reservations: readonly StoredReservation[],
  nowMs: number,
  names: ReadonlyMap<string, string>,
  options: { clusterNames?: ReadonlyMap<string, string>; filter?: QueueFilter } = {},
): QueueView {
  const held = reservations.map(heldOf);
  const own = new Map(reservations.map((r) => [r.jobId, r]));
  const groups = new Map<string, QueueGroup>();
  const jobs: QueueJob[] = [];
  const f = options.filter ?? {};
  // Every job classified first, so a chain can pass through jobs later in the queue.
  const chainJobs = new Map<string, ChainJob>();
  for (const row of rows) {
    const facts = factsOf(row);
    const wait = row.capacityWait as { clusterId?: unknown; freedByCount?: unknown } | null;
    chainJobs.set(row.id, {
      id: row.id,
      name: row.name,
      classification: classifyPending(facts, held, nowMs),
      clusterId: facts.decision?.capacityWait?.clusterId ?? row.decisionClusterId ?? null,
      freedByCount: numberOr(wait?.freedByCount),
    });
  }
  let matching = 0;
  for (const row of rows) {
    const c = chainJobs.get(row.id)!.classification;
    const key = `${row.tenantId}\u0000${row.priorityClass ?? ""}`;
    let g = groups.get(key);
    if (!g) {
      g = { tenantId: row.tenantId, tenantName: row.tenantName, priorityClass: row.priorityClass, priority: row.priority, total: 0, counts: emptyCounts() };
      groups.set(key, g);
    }
    g.total++;
    g.counts[c.reason]++;
    if (f.tenantId !== undefined && row.tenantId !== f.tenantId) continue;
    if (f.priorityClass !== undefined && (row.priorityClass ?? "") !== f.priorityClass) continue;
    if (f.reason !== undefined && c.reason !== f.reason) continue;
    matching++;
    if (jobs.length >= QUEUE_VIEW_MAX_ROWS) continue;
    const mine = own.get(row.id);
    const holder = c.reservedForJobId;
    jobs.push({
      id: row.id,
      name: row.name,
      tenantName: row.tenantName,
      priorityClass: row.priorityClass,
      priority: row.priority,
      submittedAt: row.submittedAt,
      reason: c.reason,
      reasonLabel: PENDING_REASON_LABELS[c.reason],
      expectedStartAt: c.expectedStartMs !== null ? new Date(c.expectedStartMs) : null,
      reservedFor: holder ? (names.has(holder) ? { id: holder, name: names.get(holder)! } : { id: null, name: "another tenant's job" }) : null,
      reservation: mine
        ? { clusterId: mine.clusterId, startAt: mine.startAt, nodes: [...new Set(mine.assignments.map((a) => a.node))], mode: mine.mode }
        : null,
      chain: pendingChain(chainJobs.get(row.id)!, chainJobs, held, names, options.clusterNames ?? new Map()),
      expectedStartWhy: unknownStartWhy(c),
    });
  }
  const sorted = [...groups.values()].sort((a, b) => a.tenantName.localeCompare(b.tenantName) || b.priority - a.priority);
  return {
    reasons: PENDING_REASONS.map((reason) => ({ reason, label: PENDING_REASON_LABELS[reason] })),
    groups: sorted,
    jobs,
    totalQueued: rows.length,
    matching,
  };
}

/** The queue view for a signed-in user: operators and admins see every tenant, a tenant member its own. */
export async function getQueueView(db: Db, user: SessionUser, now: Date, filter: QueueFilter = {}): Promise<QueueView> {
  const operator = user.role === "OPERATOR" || user.role === "ADMIN";
  if (!operator && !user.tenantId) throw new DomainError("FORBIDDEN", "Only operators, admins and tenant members can see the queue.");
  const tenantId = operator ? null : user.tenantId;
  const [rows, reservations] = await Promise.all([findPendingJobs(db, tenantId), findQueuedReservations(db)]);
  // Holders the viewer may name: every job for operators; the tenant's own jobs for a member.
  const names = new Map(rows.map((r) => [r.id, r.name]));
  const clusters = await listClusterNames(db);
  return buildQueueView(rows, reservations, now.getTime(), names, { clusterNames: new Map(clusters.map((c) => [c.id, c.name])), filter });
}
