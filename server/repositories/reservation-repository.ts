/**
 * Backfill reservations (JobReservation): the nodes and start a queued job that must wait for capacity
 * holds, so later jobs start only where they do not delay it. The scheduling cycle recomputes them in
 * queue order and replaces the rows of the jobs it decided in one transaction; a job that leaves the
 * queue (placed, cancelled, failed, expired) loses its row.
 */
import { z } from "zod";
import type { Db } from "../db/client";
import type { Prisma } from "../db/generated/client";
import type { QueuedJobRow } from "./fleet-repository";
import { storedAssignmentSchema, StoredJsonError, type StoredAssignment } from "./stored-json";

/** Backfill modes a reservation is held under. */
export type ReservationMode = "easy" | "conservative";

/** A reservation as the cycle writes it. */
export interface ReservationWrite {
  jobId: string;
  clusterId: string;
  assignments: StoredAssignment[];
  startAt: Date;
  endAt: Date;
  mode: ReservationMode;
}

/** A stored reservation with its assignments checked. */
export interface StoredReservation extends ReservationWrite {
  updatedAt: Date;
}

const assignmentsSchema = z.array(storedAssignmentSchema);

/** The stored assignments of a reservation, validated (a hand-edited row fails naming the column). */
function parseAssignments(value: unknown): StoredAssignment[] {
  const parsed = assignmentsSchema.safeParse(value);
  if (!parsed.success) throw new StoredJsonError("JobReservation.assignments", parsed.error.issues[0]?.message ?? "invalid");
  return parsed.data;
}

const toStored = (r: {
  jobId: string;
  clusterId: string;
  assignments: unknown;
  startAt: Date;
  endAt: Date;
  mode: string;
  updatedAt: Date;
}): StoredReservation => ({
  jobId: r.jobId,
  clusterId: r.clusterId,
  assignments: parseAssignments(r.assignments),
  startAt: r.startAt,
  endAt: r.endAt,
  mode: r.mode === "conservative" ? "conservative" : "easy",
  updatedAt: r.updatedAt,
});

/** Reservations of jobs still queued (a row of a job that left the queue is never read), oldest start first. */
export async function findQueuedReservations(db: Db): Promise<StoredReservation[]> {
  const rows = await db.jobReservation.findMany({ where: { job: { status: "QUEUED" } }, orderBy: [{ startAt: "asc" }, { jobId: "asc" }] });
  return rows.map(toStored);
}

/**
 * Replaces the reservations of the jobs a cycle decided: their old rows go, the new ones are written,
 * and rows of jobs no longer queued are dropped, all in one transaction. Only jobs still queued get a
 * row (one placed or cancelled meanwhile keeps none).
 */
export async function replaceReservations(db: Db, decidedJobIds: readonly string[], rows: readonly ReservationWrite[]): Promise<void> {
  const ids = [...new Set([...decidedJobIds, ...rows.map((r) => r.jobId)])];
  await db.$transaction(async (tx) => {
    await tx.jobReservation.deleteMany({ where: { OR: [{ jobId: { in: ids } }, { job: { status: { not: "QUEUED" } } }] } });
    if (rows.length === 0) return;
    const queued = new Set(
      (await tx.job.findMany({ where: { id: { in: rows.map((r) => r.jobId) }, status: "QUEUED" }, select: { id: true } })).map((j) => j.id),
    );
    const data: Prisma.JobReservationCreateManyInput[] = rows
      .filter((r) => queued.has(r.jobId))
      .map((r) => ({ ...r, assignments: r.assignments as unknown as Prisma.InputJsonValue }));
    if (data.length > 0) await tx.jobReservation.createMany({ data });
  });
}

/** Drops every reservation (backfill turned off). Returns how many there were. */
export async function deleteAllReservations(db: Db): Promise<number> {
  return (await db.jobReservation.deleteMany({})).count;
}

/** Reservations held now (for the metrics). */
export function countReservations(db: Db): Promise<number> {
  return db.jobReservation.count({ where: { job: { status: "QUEUED" } } });
}

/** A queued job with the parts of its latest decision the pending reason reads (no whole explanation is loaded). */
export interface PendingJobRow {
  id: string;
  name: string;
  tenantId: string;
  tenantName: string;
  priorityClass: string | null;
  priority: number;
  submittedAt: Date;
  notBeforeAt: Date | null;
  outcome: "PLACED" | "DEFERRED" | "UNSCHEDULABLE" | null;
  startAt: Date | null;
  startReason: string | null;
  /** The cluster the latest decision chose (null when none was). */
  decisionClusterId: string | null;
  reasonHistogram: Record<string, number> | null;
  capacityWait: { clusterId?: unknown; startMs?: unknown; nodes?: unknown } | null;
}

/**
 * Queued jobs in queue order (one tenant's, or every tenant's when `tenantId` is null), each with its
 * latest decision's outcome, start, the chosen cluster's start reason, the reason histogram and the
 * capacity wait, read out of the explanation by PostgreSQL.
 */
export function findPendingJobs(db: Db, tenantId: string | null): Promise<PendingJobRow[]> {
  return db.$queryRaw<PendingJobRow[]>`
    SELECT j.id, j.name, j."tenantId", t.name AS "tenantName", pc.name AS "priorityClass", j.priority, j."submittedAt", j."notBeforeAt",
      d.outcome, d."startAt", d."startReason", d."decisionClusterId", d."reasonHistogram", d."capacityWait"
    FROM "Job" j
    JOIN "Tenant" t ON t.id = j."tenantId"
    LEFT JOIN "PriorityClass" pc ON pc.id = j."priorityClassId"
    LEFT JOIN LATERAL (
      SELECT x.outcome::text AS outcome, x."startAt", x."clusterId" AS "decisionClusterId", x.explanation->'reasonHistogram' AS "reasonHistogram", x.explanation->'capacityWait' AS "capacityWait",
        (SELECT c->>'startReason' FROM jsonb_array_elements(CASE WHEN jsonb_typeof(x.explanation->'clusters') = 'array' THEN x.explanation->'clusters' ELSE '[]'::jsonb END) c
          WHERE c->>'clusterId' = x."clusterId" LIMIT 1) AS "startReason"
      FROM "Decision" x WHERE x."jobId" = j.id ORDER BY x."createdAt" DESC, x.id DESC LIMIT 1
    ) d ON true
    WHERE j.status = 'QUEUED' AND (${tenantId}::text IS NULL OR j."tenantId" = ${tenantId})
    ORDER BY j.priority DESC, j."submittedAt" ASC, j.id ASC`;
}

/**
 * Queued jobs whose latest decision is a capacity wait (its explanation has a capacityWait) still
 * waiting out their reconsideration time and holding no reservation, in queue order: the candidates a
 * cycle decides early when the backfill mode wants another hold.
 */
export async function findCapacityWaiters(db: Db, limit: number, now: Date, reconsiderMs: number): Promise<QueuedJobRow[]> {
  if (limit <= 0 || reconsiderMs <= 0) return [];
  const seenSince = new Date(now.getTime() - reconsiderMs);
  const ids = await db.$queryRaw<{ id: string }[]>`
    SELECT j.id FROM "Job" j
    JOIN LATERAL (
      SELECT x.outcome, x."startAt", x."lastSeenAt", x.explanation ? 'capacityWait' AS waits
      FROM "Decision" x WHERE x."jobId" = j.id ORDER BY x."createdAt" DESC, x.id DESC LIMIT 1
    ) d ON true
    WHERE j.status = 'QUEUED' AND (j."notBeforeAt" IS NULL OR j."notBeforeAt" <= ${now})
      AND d.outcome = 'DEFERRED' AND d."startAt" > ${now} AND d."lastSeenAt" > ${seenSince} AND d.waits
      AND NOT EXISTS (SELECT 1 FROM "JobReservation" r WHERE r."jobId" = j.id)
    ORDER BY j.priority DESC, j."submittedAt" ASC, j.id ASC
    LIMIT ${limit}`;
  if (ids.length === 0) return [];
  return db.job.findMany({
    where: { id: { in: ids.map((r) => r.id) } },
    orderBy: [{ priority: "desc" }, { submittedAt: "asc" }, { id: "asc" }],
    include: {
      tenant: { select: { slug: true } },
      priorityClass: { select: { name: true, canPreempt: true } },
      decisions: { orderBy: { createdAt: "desc" }, take: 1, select: { outcome: true, startAt: true, createdAt: true, lastSeenAt: true } },
    },
  });
}

/** Decisions that placed a job ahead of a reservation (the backfill counter). */
export function countBackfilledDecisions(db: Db): Promise<number> {
  return db.decision.count({ where: { backfilled: true } });
}
