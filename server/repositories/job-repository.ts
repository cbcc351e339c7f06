/** Jobs: reads and writes, always scoped by tenant when the caller is a tenant. */
import type { Db } from "../db/client";
import { Prisma, type JobStatus } from "../db/generated/client";
import { releaseShares } from "./placement-repository";

export const jobListSelect = {
  id: true,
  name: true,
  kind: true,
  status: true,
  statusReason: true,
  cpuMilli: true,
  memoryMib: true,
  gpuCount: true,
  gpuMilli: true,
  gangSize: true,
  // The gang's elastic range and one-rack rule (shown with the resources, kept by a copy).
  minMembers: true,
  maxMembers: true,
  gangSameRack: true,
  allowedGpuModels: true,
  computeUnits: true,
  minGpuMemoryGib: true,
  estimatedDurationS: true,
  priority: true,
  // The class and checkpoints (a copy keeps them) and how often the job was preempted.
  priorityClassId: true,
  checkpointIntervalS: true,
  checkpointedWorkS: true,
  preemptions: true,
  earliestStartAt: true,
  deadlineAt: true,
  allowedRegions: true,
  allowSplit: true,
  submittedAt: true,
  placedAt: true,
  startedAt: true,
  finishedAt: true,
  cancelledAt: true,
  energyKwh: true,
  emissionsGCo2e: true,
  tenant: { select: { id: true, name: true, slug: true } },
  submittedBy: { select: { name: true, email: true } },
  decisions: {
    select: { id: true, outcome: true, cluster: { select: { id: true, name: true } }, createdAt: true, startAt: true },
    orderBy: { createdAt: "desc" },
    take: 1,
  },
} satisfies Prisma.JobSelect;

export type JobRow = Prisma.JobGetPayload<{ select: typeof jobListSelect }>;

export interface JobQuery {
  tenantId?: string;
  statuses?: JobStatus[];
  clusterId?: string;
  gpuModel?: string;
  search?: string;
  sort: { field: "submittedAt" | "priority" | "name" | "status" | "gpuCount"; direction: "asc" | "desc" };
  page: number;
  pageSize: number;
}

function whereFor(query: Omit<JobQuery, "sort" | "page" | "pageSize">): Prisma.JobWhereInput {
  return {
    ...(query.tenantId ? { tenantId: query.tenantId } : {}),
    ...(query.statuses?.length ? { status: { in: query.statuses } } : {}),
    ...(query.clusterId ? { decisions: { some: { clusterId: query.clusterId } } } : {}),
    // A model matches jobs that name it among their allowed models or hold a GPU of it right now.
    ...(query.gpuModel
      ? { OR: [{ allowedGpuModels: { has: query.gpuModel } }, { gpuShares: { some: { gpu: { node: { gpuModelId: query.gpuModel } } } } }] }
      : {}),
    ...(query.search ? { name: { contains: query.search, mode: "insensitive" as const } } : {}),
  };
}

/** One page of jobs matching the query, with the total count. */
export async function findJobs(db: Db, query: JobQuery): Promise<{ rows: JobRow[]; total: number }> {
  const where = whereFor(query);
  const [rows, total] = await db.$transaction([
    db.job.findMany({
      where,
      select: jobListSelect,
      orderBy: [{ [query.sort.field]: query.sort.direction }, { id: "asc" }],
      skip: (query.page - 1) * query.pageSize,
      take: query.pageSize,
    }),
    db.job.count({ where }),
  ]);
  return { rows, total };
}

/** Every queued job with what the scheduler's queue order reads (priority, tenant, submission, GPU-hours asked). */
export function findQueuedForOrder(db: Db) {
  return db.job.findMany({
    where: { status: "QUEUED" },
    select: { id: true, tenantId: true, priority: true, submittedAt: true, gpuCount: true, gpuMilli: true, gangSize: true, estimatedDurationS: true },
  });
}

/**
 * Energy (facility kWh) and emissions (gCO2e) accounted so far per job, from the hourly ledger, with
 * the hours and clusters they span (a split gang has one row per cluster and hour: its hours are
 * counted once).
 */
export async function readAccountedEnergy(
  db: Db,
  ids: string[],
): Promise<Map<string, { energyKwh: number; emissionsGCo2e: number; hours: number; clusters: number }>> {
  if (ids.length === 0) return new Map();
  const rows = await db.$queryRaw<{ jobId: string; energyKwh: number; emissionsGCo2e: number; hours: bigint; clusters: bigint }[]>`
    SELECT "jobId", SUM("facilityEnergyKwh") AS "energyKwh", SUM("emissionsGCo2e") AS "emissionsGCo2e",
      COUNT(DISTINCT "hourStart") AS hours, COUNT(DISTINCT "clusterId") AS clusters
    FROM "JobEnergyHour" WHERE "jobId" = ANY(${ids}) GROUP BY "jobId"`;
  return new Map(
    rows.map((r) => [
      r.jobId,
      { energyKwh: Number(r.energyKwh), emissionsGCo2e: Number(r.emissionsGCo2e), hours: Number(r.hours), clusters: Number(r.clusters) },
    ]),
  );
}

/** A job by id, or null; when `tenantId` is given, only that tenant's job. */
export async function findJob(db: Db, id: string, tenantId?: string): Promise<JobRow | null> {
  return db.job.findFirst({ where: { id, ...(tenantId ? { tenantId } : {}) }, select: jobListSelect });
}

/** A tenant's job by idempotency key, or null. */
export async function findJobByIdempotencyKey(db: Db, tenantId: string, idempotencyKey: string) {
  return db.job.findUnique({ where: { tenantId_idempotencyKey: { tenantId, idempotencyKey } } });
}

export type NewJob = Omit<Prisma.JobUncheckedCreateInput, "id" | "status" | "decisions" | "gpuShares">;

/** True when `error` is PostgreSQL's unique violation surfaced by Prisma (P2002). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: string }).code === "P2002";
}

/** Inserts a queued job and its audit entry in one transaction; returns the new job id. */
export async function insertJob(db: Db, job: NewJob, actorId: string): Promise<string> {
  return db.$transaction(async (tx) => {
    const created = await tx.job.create({ data: { ...job, status: "QUEUED" }, select: { id: true } });
    // Wakes the scheduler at once (delivered on commit, to every instance listening).
    await tx.$executeRaw`SELECT pg_notify('verdant_jobs', ${created.id})`;
    await tx.auditLog.create({
      data: {
        actorId,
        action: "job.submit",
        entityType: "Job",
        entityId: created.id,
        after: { ...job, submittedAt: job.submittedAt } as Prisma.InputJsonValue,
      },
    });
    return created.id;
  });
}

/**
 * Cancels a job that has not started (QUEUED or PLACED). The status guard is inside the UPDATE, so a
 * job that a scheduler starts at the same moment is never cancelled half-way. Returns false when
 * no job matched (missing, other tenant, or already past the cancellable states).
 */
export async function cancelPendingJob(db: Db, id: string, tenantId: string | undefined, actorId: string, now: Date): Promise<boolean> {
  return db.$transaction(async (tx) => {
    // Lock the row so the scheduler cannot place it between the read and the update.
    const rows = await tx.$queryRaw<
      { status: string }[]
    >`SELECT status FROM "Job" WHERE id = ${id} ${tenantId ? Prisma.sql`AND "tenantId" = ${tenantId}` : Prisma.empty} FOR UPDATE`;
    const status = rows[0]?.status;
    if (status !== "QUEUED" && status !== "PLACED") return false;
    await tx.job.update({ where: { id }, data: { status: "CANCELLED", cancelledAt: now, statusReason: "Cancelled by the user" } });
    // A placed job already holds GPUs: give them back in the same transaction.
    if (status === "PLACED") await releaseShares(tx as unknown as Db, id);
    await tx.auditLog.create({ data: { actorId, action: "job.cancel", entityType: "Job", entityId: id, after: { status: "CANCELLED" }, at: now } });
    return true;
  });
}
