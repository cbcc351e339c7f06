/**
 * Writes and reads of failure handling: a running job queued again (its run failed and may be
 * retried, its node was lost, or its cluster no longer has it) with its GPUs freed in the same
 * transaction, node health as the clusters report it, and the drift rows the reconciliation pass
 * leaves, with what was done about each.
 */
import type { Db } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { releaseShares } from "./placement-repository";

/** A difference between a cluster and the database, and what was done about it. */
export interface DriftInput {
  clusterId: string;
  jobId: string | null;
  kind: "missing-on-cluster" | "unknown-on-cluster" | "phase-mismatch" | "node-lost";
  detail: string;
  action: "requeued" | "cancelled" | "marked-failed" | "marked-finished" | "reported";
  detectedAt: Date;
  /** Set when the action was carried out; null = reported only, to be tried again. */
  resolvedAt: Date | null;
}

/** The row of a running job that decides how it is queued again, locked for the transaction. */
interface RunningRow {
  runRetries: number;
  maxRunRetries: number;
  checkpointIntervalS: number | null;
  checkpointedWorkS: number;
  lastCheckpointAt: Date | null;
  startedAt: Date | null;
  estimatedDurationS: number;
}

/** Locks the job if it is still RUNNING; null otherwise (it ended or was requeued meanwhile). */
async function lockRunning(tx: Prisma.TransactionClient, jobId: string): Promise<RunningRow | null> {
  const rows = await tx.$queryRaw<
    RunningRow[]
  >`SELECT "runRetries", "maxRunRetries", "checkpointIntervalS", "checkpointedWorkS", "lastCheckpointAt", "startedAt", "estimatedDurationS"
    FROM "Job" WHERE id = ${jobId} AND status = 'RUNNING' FOR UPDATE`;
  return rows[0] ?? null;
}

/** Frees the job's GPUs and puts it back in the queue with the given fields. */
async function requeue(tx: Prisma.TransactionClient, jobId: string, data: Prisma.JobUpdateInput): Promise<void> {
  // Freed before the status moves on: releaseShares reads the placement being undone.
  await releaseShares(tx as unknown as Db, jobId);
  await tx.job.update({
    where: { id: jobId },
    data: { status: "QUEUED", placedAt: null, startedAt: null, energyKwh: null, emissionsGCo2e: null, ...data },
  });
}

/** How a requeue computes the work the job keeps from the run that ended. */
export type KeptWork = (row: RunningRow) => number;

/**
 * A running job whose run ended through no fault of its own (its node was lost, its cluster no longer
 * has it): queued again at once, keeping its checkpointed work, with the drift that explains it, in
 * one transaction. False when the job was no longer running.
 */
export async function requeueInterruptedRun(db: Db, input: { jobId: string; statusReason: string; keptWork: KeptWork; drift: DriftInput }): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const row = await lockRunning(tx, input.jobId);
    if (!row) return false;
    await requeue(tx, input.jobId, { statusReason: input.statusReason, notBeforeAt: null, checkpointedWorkS: input.keptWork(row) });
    await tx.reconcileDrift.create({ data: input.drift });
    return true;
  });
}

/** What became of a failed run. */
export type FailedRunOutcome = { outcome: "requeued"; retry: number; maxRetries: number; notBeforeAt: Date } | { outcome: "exhausted"; retries: number };

/**
 * A failed run: with retries left the job is queued again (GPUs freed, runRetries + 1, not placed
 * before the back-off has passed, checkpointed work kept) in one transaction; with none left nothing
 * is written and the caller ends it FAILED. Null when the job was no longer running.
 */
export async function retryFailedRun(
  db: Db,
  input: {
    jobId: string;
    at: Date;
    keptWork: KeptWork;
    backoffMs: (retry: number) => number;
    reason: (retry: number, maxRetries: number, notBeforeAt: Date) => string;
  },
): Promise<FailedRunOutcome | null> {
  return db.$transaction(async (tx) => {
    const row = await lockRunning(tx, input.jobId);
    if (!row) return null;
    if (row.runRetries >= row.maxRunRetries) return { outcome: "exhausted" as const, retries: row.runRetries };
    const retry = row.runRetries + 1;
    const notBeforeAt = new Date(input.at.getTime() + input.backoffMs(retry));
    await requeue(tx, input.jobId, {
      runRetries: retry,
      notBeforeAt,
      checkpointedWorkS: input.keptWork(row),
      statusReason: input.reason(retry, row.maxRunRetries, notBeforeAt),
    });
    return { outcome: "requeued" as const, retry, maxRetries: row.maxRunRetries, notBeforeAt };
  });
}

/**
 * Stores a drift unless the same one (cluster, job, kind) is already open (reported, not resolved):
 * a pass that cannot act writes it once, not every pass. Returns whether a row was written.
 */
export async function recordDrift(db: Db, drift: DriftInput): Promise<boolean> {
  const open = await db.reconcileDrift.findFirst({
    where: { clusterId: drift.clusterId, jobId: drift.jobId, kind: drift.kind, resolvedAt: null },
    orderBy: { detectedAt: "desc" },
    select: { id: true },
  });
  if (open) {
    // The action that failed before has now been carried out: the open row records it.
    if (drift.resolvedAt)
      await db.reconcileDrift.update({ where: { id: open.id }, data: { action: drift.action, resolvedAt: drift.resolvedAt, detail: drift.detail } });
    return false;
  }
  await db.reconcileDrift.create({ data: drift });
  return true;
}

/** One node whose stored health changed. */
export interface NodeHealthChange {
  node: string;
  from: string;
  to: string;
  reason: string | null;
}

/**
 * Stores each node's health where it changed (status, reason, when), leaving nodes gone from the
 * inventory (removedAt set) alone; returns the changes.
 */
export async function saveNodeHealth(
  db: Db,
  clusterId: string,
  reports: readonly { node: string; status: "READY" | "NOT_READY" | "CORDONED" | "GPU_ERROR"; reason: string | null }[],
  at: Date,
): Promise<NodeHealthChange[]> {
  const stored = await db.node.findMany({ where: { clusterId, removedAt: null }, select: { id: true, name: true, status: true, healthReason: true } });
  const byName = new Map(stored.map((n) => [n.name, n]));
  const changes: NodeHealthChange[] = [];
  for (const r of reports) {
    const node = byName.get(r.node);
    if (!node || (node.status === r.status && node.healthReason === r.reason)) continue;
    await db.node.update({ where: { id: node.id }, data: { status: r.status, healthReason: r.reason, healthChangedAt: at } });
    changes.push({ node: r.node, from: node.status, to: r.status, reason: r.reason });
  }
  return changes;
}

/** The newest drifts with their cluster's name, newest first. */
export function findRecentDrifts(db: Db, limit: number) {
  return db.reconcileDrift.findMany({
    orderBy: [{ detectedAt: "desc" }, { id: "desc" }],
    take: limit,
    select: {
      id: true,
      jobId: true,
      kind: true,
      detail: true,
      action: true,
      detectedAt: true,
      resolvedAt: true,
      cluster: { select: { id: true, name: true } },
    },
  });
}

/** Drift rows per kind and action (all time). */
export async function countDrifts(db: Db): Promise<{ kind: string; action: string; count: number }[]> {
  const rows = await db.reconcileDrift.groupBy({ by: ["kind", "action"], _count: { _all: true }, orderBy: [{ kind: "asc" }, { action: "asc" }] });
  return rows.map((r) => ({ kind: r.kind, action: r.action, count: r._count._all }));
}

/** Nodes in service that are not READY, with why and since when. */
export function findUnhealthyNodes(db: Db) {
  return db.node.findMany({
    where: { status: { not: "READY" }, removedAt: null },
    orderBy: [{ clusterId: "asc" }, { name: "asc" }],
    select: { id: true, name: true, status: true, healthReason: true, healthChangedAt: true, cluster: { select: { id: true, name: true } } },
  });
}

/** A job's status, or null when the database has no such job. */
export async function findJobStatus(db: Db, jobId: string): Promise<string | null> {
  return (await db.job.findUnique({ where: { id: jobId }, select: { status: true } }))?.status ?? null;
}

/** Nodes in service that are not READY, per status. */
export async function countUnhealthyNodes(db: Db): Promise<Map<string, number>> {
  const rows = await db.node.groupBy({ by: ["status"], where: { removedAt: null, status: { not: "READY" } }, _count: { _all: true } });
  return new Map(rows.map((r) => [r.status as string, r._count._all]));
}

/** Retries of every job so far: failed runs queued again and failed starts queued again. */
export async function sumRetries(db: Db): Promise<{ runRetries: number; startRetries: number }> {
  const rows = await db.$queryRaw<{ run: bigint | null; start: bigint | null }[]>`SELECT SUM("runRetries") AS run,
      SUM(CASE WHEN status = 'FAILED' AND "startFailures" > 0 THEN "startFailures" - 1 ELSE "startFailures" END) AS start FROM "Job"`;
  return { runRetries: Number(rows[0]?.run ?? 0), startRetries: Number(rows[0]?.start ?? 0) };
}
