/**
 * Job use cases: submit (validated, quota-checked, idempotent), list, read and cancel. Tenant
 * members only ever reach their own tenant's jobs: the tenant id comes from the session.
 */
import { readerText } from "../format/zoned-time";
import type { Db } from "../db/client";
import { jobStatePhrase } from "./job-state-words";
import type { SessionUser } from "../auth/session-user";
import type { JobSubmit } from "../schemas/job-submit";
import { listGpuModels, listRegions, findTenantQuota } from "../repositories/catalog-repository";
import {
  cancelPendingJob,
  findJob,
  findJobByIdempotencyKey,
  findJobs,
  insertJob,
  isUniqueViolation,
  readAccountedEnergy,
  type JobQuery,
  type JobRow,
} from "../repositories/job-repository";
import { DomainError, fieldError } from "./errors";
import { normalizeJobRequest } from "./job-request";
import { resolveSubmissionClass } from "./priority-class-service";
import { readQueuePositions } from "./queue-order";

/** How far in the past a "start after" may be (clock skew between browser and server). */
const START_GRACE_MS = 5 * 60_000;

export interface SubmitResult {
  jobId: string;
  /** False when the idempotency key had already created this job. */
  created: boolean;
}

async function validateAgainstCatalog(db: Db, tenantId: string, job: JobSubmit, now: Date): Promise<void> {
  if (job.earliestStartAt && job.earliestStartAt.getTime() < now.getTime() - START_GRACE_MS)
    throw fieldError("earliestStartAt", "The start cannot be in the past");
  if (job.deadlineAt) {
    const start = Math.max(now.getTime(), job.earliestStartAt?.getTime() ?? 0);
    if (job.deadlineAt.getTime() < start + job.estimatedDurationS * 1000)
      throw fieldError("deadlineAt", "The deadline is too soon to finish the job after its earliest start");
  }
  const models = await listGpuModels(db);
  const unknownModel = job.allowedGpuModels.find((m) => !models.some((g) => g.id === m));
  if (unknownModel) throw fieldError("allowedGpuModels", `Unknown GPU model "${unknownModel}"`);
  if (job.requestMode === "compute" && job.minGpuMemoryGib !== null && !models.some((g) => g.memoryGib >= job.minGpuMemoryGib!)) {
    throw fieldError("minGpuMemoryGib", `No GPU model in the fleet has ${job.minGpuMemoryGib} GiB of memory`);
  }
  const regions = await listRegions(db);
  const unknownRegion = job.allowedRegions.find((r) => !regions.some((x) => x.region === r));
  if (unknownRegion) throw fieldError("allowedRegions", `Unknown region "${unknownRegion}"`);
  const quota = await findTenantQuota(db, tenantId);
  const gpus = job.requestMode === "models" ? (job.gpuCount * job.gpuMilli * job.gangSize) / 1000 : 0;
  if (quota && gpus > quota.maxGpus) throw fieldError("gpuCount", `The job needs ${gpus} GPUs but your tenant's quota is ${quota.maxGpus}`);
}

function sameRequest(existing: { name: string; cpuMilli: number; memoryMib: number; gpuCount: number; gangSize: number }, job: JobSubmit): boolean {
  return (
    existing.name === job.name &&
    existing.cpuMilli === job.cpuMilli &&
    existing.memoryMib === job.memoryMib &&
    existing.gangSize === job.gangSize &&
    (job.requestMode === "compute" || existing.gpuCount === job.gpuCount)
  );
}

/** Queues a job for the caller's tenant. Repeating a request with the same idempotency key returns the first job. */
export async function submitJob(db: Db, user: SessionUser & { tenantId: string }, job: JobSubmit, now: Date): Promise<SubmitResult> {
  const existing = await findJobByIdempotencyKey(db, user.tenantId, job.idempotencyKey);
  if (existing) {
    if (!sameRequest(existing, job)) throw new DomainError("CONFLICT", "This idempotency key was already used for a different job.");
    return { jobId: existing.id, created: false };
  }
  await validateAgainstCatalog(db, user.tenantId, job, now);
  // The class must exist; without one the job goes into the default class. Its priority orders the queue.
  const cls = await resolveSubmissionClass(db, job.priorityClassId);
  try {
    const jobId = await insertJob(
      db,
      {
        tenantId: user.tenantId,
        submittedById: user.id,
        name: job.name,
        priority: cls?.priority ?? 0,
        priorityClassId: cls?.id ?? null,
        idempotencyKey: job.idempotencyKey,
        submittedAt: now,
        ...normalizeJobRequest(job),
      },
      user.id,
    );
    return { jobId, created: true };
  } catch (error) {
    // Two identical submissions raced: the unique (tenant, key) index let exactly one through.
    if (isUniqueViolation(error)) {
      const winner = await findJobByIdempotencyKey(db, user.tenantId, job.idempotencyKey);
      if (winner) return { jobId: winner.id, created: false };
    }
    throw error;
  }
}

/** A listed job with its place in the queue (queued jobs) and the energy accounted so far (hourly ledger). */
export type ListedJob = JobRow & {
  queue: { position: number; queued: number } | null;
  accounted: { energyKwh: number; emissionsGCo2e: number; hours: number; clusters: number } | null;
};

/** Jobs visible to the caller: a tenant member's query is always narrowed to its tenant. */
export function listJobs(db: Db, user: SessionUser, query: JobQuery): Promise<{ rows: JobRow[]; total: number }> {
  return findJobs(db, user.role === "TENANT_MEMBER" ? { ...query, tenantId: user.tenantId ?? "-" } : query);
}

/**
 * One page of `listJobs` for the jobs tables, with each queued job's place in the queue and each
 * started job's accounted energy. Queue positions count every tenant's queued jobs (the scheduler
 * serves one queue) but reveal only a number.
 */
export async function listJobsWithProgress(db: Db, user: SessionUser, query: JobQuery, now: Date): Promise<{ rows: ListedJob[]; total: number }> {
  const page = await listJobs(db, user, query);
  const [queue, accounted] = await Promise.all([
    readQueuePositions(
      db,
      page.rows.filter((r) => r.status === "QUEUED").map((r) => r.id),
      now,
    ),
    readAccountedEnergy(
      db,
      page.rows.filter((r) => r.startedAt !== null).map((r) => r.id),
    ),
  ]);
  const localize = readerText(user, now.getTime());
  return {
    total: page.total,
    rows: page.rows.map((r) => ({ ...r, statusReason: localize(r.statusReason), queue: queue.get(r.id) ?? null, accounted: accounted.get(r.id) ?? null })),
  };
}

/** One job; another tenant's job is reported as not found (its existence is not revealed). */
export async function getJob(db: Db, user: SessionUser, id: string): Promise<JobRow> {
  const job = await findJob(db, id, user.role === "TENANT_MEMBER" ? (user.tenantId ?? "-") : undefined);
  if (!job) throw new DomainError("NOT_FOUND", "No such job.");
  return job;
}

/** Cancels a job that has not started yet. */
export async function cancelJob(db: Db, user: SessionUser, id: string, now: Date): Promise<void> {
  // Operators watch the fleet; tenants (their own jobs) and admins act on jobs.
  if (user.role === "OPERATOR") throw new DomainError("FORBIDDEN", "Operators cannot cancel jobs.");
  const tenantId = user.role === "TENANT_MEMBER" ? (user.tenantId ?? "-") : undefined;
  if (await cancelPendingJob(db, id, tenantId, user.id, now)) return;
  const job = await findJob(db, id, tenantId);
  if (!job) throw new DomainError("NOT_FOUND", "No such job.");
  throw new DomainError("PRECONDITION_FAILED", `Only queued or placed jobs can be cancelled; this one ${jobStatePhrase(job.status)}.`);
}
