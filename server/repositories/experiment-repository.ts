/**
 * Experiments: rows written by the app (start, cancel) and by the experiment runner (progress,
 * results). Every runner write is guarded by `status = 'RUNNING'`, so a row that was meanwhile
 * marked failed (its runner presumed dead) or cancelled is never overwritten by a late writer.
 * Which runner runs an experiment is decided by the job queue (server/experiments/experiment-queue.ts);
 * the row says how far it got.
 */
import type { Db } from "../db/client";
import { Prisma, type ExperimentStatus } from "../db/generated/client";
import { parseStoredScenario, type StoredScenario } from "./stored-json";

/** The columns a list or a detail shows; the scenario document itself (maybe megabytes of CSV) stays in the database. */
const summaryColumns = Prisma.sql`e.id, e.name, e.status::text AS status, e.progress, e."progressNote", e.policies, e.baseline,
  e.scenario->>'kind' AS "sourceKind", COALESCE(e.scenario->>'file', e.scenario->>'fileName') AS "sourceFile",
  e.error, e."cancelRequested", e."wallMs", u.name AS "createdBy", e."createdAt", e."startedAt", e."finishedAt"`;

export interface ExperimentSummaryRow {
  id: string;
  name: string;
  status: ExperimentStatus;
  progress: number;
  progressNote: string | null;
  policies: string[];
  baseline: string;
  sourceKind: string | null;
  sourceFile: string | null;
  error: string | null;
  cancelRequested: boolean;
  wallMs: number | null;
  createdBy: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

/** A JSON document as an experiment's results or series column stores it. */
export type ExperimentJson = Prisma.InputJsonValue;

/** What the runner needs to run a claimed experiment, its stored scenario checked. */
export interface ExperimentRunRow {
  id: string;
  scenario: StoredScenario;
  policies: string[];
  baseline: string;
}

/** Raw SQL on one transaction, in the shape a job queue library sends through. */
export interface TransactionSql {
  executeSql(text: string, values: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

// Prisma binds a plain object as text; the queue's statements cast their JSON parameters themselves.
const bindable = (value: unknown) =>
  value !== null && typeof value === "object" && !(value instanceof Date) && !Array.isArray(value) ? JSON.stringify(value) : value;

/** Stores a queued experiment and, in the same transaction, hands it to `enqueue` (its job is committed with it or not at all). */
export function insertExperiment(
  db: Db,
  input: { name: string; scenario: StoredScenario; policies: string[]; baseline: string; createdById: string; at: Date },
  enqueue: (sql: TransactionSql, id: string) => Promise<unknown>,
) {
  return db.$transaction(async (tx) => {
    const created = await tx.experiment.create({
      data: {
        name: input.name,
        // The document was parsed from JSON and checked storable (findUnstorableJson) before it got here.
        scenario: input.scenario as Prisma.InputJsonValue,
        policies: input.policies,
        baseline: input.baseline,
        createdById: input.createdById,
        createdAt: input.at,
        status: "QUEUED",
      },
      select: { id: true },
    });
    const sql: TransactionSql = {
      executeSql: async (text, values) => ({ rows: await tx.$queryRawUnsafe<Record<string, unknown>[]>(text, ...values.map(bindable)) }),
    };
    await enqueue(sql, created.id);
    return created;
  });
}

/** Ids of the queued experiments, oldest first (runners make sure each has its job). */
export async function findQueuedExperimentIds(db: Db): Promise<string[]> {
  const rows = await db.experiment.findMany({ where: { status: "QUEUED" }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { id: true } });
  return rows.map((r) => r.id);
}

/**
 * Marks an experiment RUNNING for the runner that got its job: a queued one, or a running one whose
 * previous runner is gone (the queue only hands a job out again once its holder let it expire).
 * Returns the status it had, or null when it is no longer to be run (cancelled, finished, deleted).
 */
export async function claimExperiment(db: Db, id: string, at: Date): Promise<{ previous: "QUEUED" | "RUNNING" } | null> {
  const rows = await db.$queryRaw<{ previous: "QUEUED" | "RUNNING" }[]>`
    WITH before AS (SELECT id, status FROM "Experiment" WHERE id = ${id} AND status IN ('QUEUED', 'RUNNING') FOR UPDATE)
    UPDATE "Experiment" e SET status = 'RUNNING', "startedAt" = ${at}, "finishedAt" = NULL, progress = 0, error = NULL,
      "progressNote" = CASE WHEN before.status = 'RUNNING' THEN 'Restarted: its previous runner stopped.' ELSE 'Claimed by a runner.' END
    FROM before WHERE e.id = before.id RETURNING before.status::text AS previous`;
  return rows[0] ?? null;
}

/** Fails a queued or running experiment whose job gave up (its runs kept dying); false when it had already ended. */
export async function failLostExperiment(db: Db, id: string, reason: string, at: Date): Promise<boolean> {
  const done = await db.experiment.updateMany({
    where: { id, status: { in: ["QUEUED", "RUNNING"] } },
    data: { status: "FAILED", error: reason, progressNote: "Runner lost.", finishedAt: at },
  });
  return done.count > 0;
}

/** The newest experiments first. */
export function findExperimentSummaries(db: Db, take: number) {
  return db.$queryRaw<
    ExperimentSummaryRow[]
  >`SELECT ${summaryColumns} FROM "Experiment" e LEFT JOIN "User" u ON u.id = e."createdById" ORDER BY e."createdAt" DESC, e.id LIMIT ${take}`;
}

/** One experiment with its results and series, or null. */
export async function findExperimentDetail(db: Db, id: string) {
  const rows = await db.$queryRaw<(ExperimentSummaryRow & { results: unknown; timeSeries: unknown })[]>`
    SELECT ${summaryColumns}, e.results, e."timeSeries" FROM "Experiment" e LEFT JOIN "User" u ON u.id = e."createdById" WHERE e.id = ${id}`;
  return rows[0] ?? null;
}

/**
 * Cancels: a queued experiment at once (no runner has it), a running one by raising the flag its
 * runner polls. Returns false when there is no such experiment.
 */
export async function requestExperimentCancel(db: Db, id: string, at: Date): Promise<boolean> {
  const queued = await db.experiment.updateMany({
    where: { id, status: "QUEUED" },
    data: { status: "CANCELLED", cancelRequested: true, finishedAt: at, progressNote: "Cancelled before it started." },
  });
  if (queued.count > 0) return true;
  await db.experiment.updateMany({ where: { id, status: "RUNNING" }, data: { cancelRequested: true } });
  return (await db.experiment.count({ where: { id } })) > 0;
}

/**
 * What the runner needs to run a claimed experiment, or null when there is no such row. Throws a
 * StoredJsonError naming the field when the stored scenario does not have the stored shape.
 */
export async function findExperimentForRun(db: Db, id: string): Promise<ExperimentRunRow | null> {
  const row = await db.experiment.findUnique({ where: { id }, select: { id: true, scenario: true, policies: true, baseline: true } });
  return row && { ...row, scenario: parseStoredScenario(row.scenario) };
}

/**
 * Writes progress of a running experiment and answers whether a cancel was requested, in one
 * round trip; null when the row is no longer running (cancelled as queued, or failed by a sweep).
 */
export async function writeExperimentProgress(db: Db, id: string, progress: number, note: string): Promise<{ cancelRequested: boolean } | null> {
  const rows = await db.$queryRaw<{ cancelRequested: boolean }[]>`
    UPDATE "Experiment" SET progress = ${Math.min(1, Math.max(0, progress))}, "progressNote" = ${note} WHERE id = ${id} AND status = 'RUNNING' RETURNING "cancelRequested"`;
  return rows[0] ?? null;
}

/** Ends a running experiment; false when it was no longer running (nothing written). */
export async function finishExperiment(
  db: Db,
  id: string,
  end: {
    status: "SUCCEEDED" | "FAILED" | "CANCELLED";
    at: Date;
    wallMs: number;
    note: string;
    error?: string;
    results?: ExperimentJson;
    timeSeries?: ExperimentJson;
  },
): Promise<boolean> {
  const done = await db.experiment.updateMany({
    where: { id, status: "RUNNING" },
    data: {
      status: end.status,
      finishedAt: end.at,
      wallMs: Math.round(end.wallMs),
      progressNote: end.note,
      error: end.error ?? null,
      ...(end.status === "SUCCEEDED" ? { progress: 1, results: end.results, timeSeries: end.timeSeries } : {}),
    },
  });
  return done.count > 0;
}

/** Gives a running experiment back to the queue (its runner is shutting down in an orderly way). */
export async function requeueExperiment(db: Db, id: string) {
  await db.experiment.updateMany({
    where: { id, status: "RUNNING" },
    data: { status: "QUEUED", progress: 0, progressNote: "Re-queued: its runner was stopped.", startedAt: null },
  });
}
