/**
 * The experiment job queue on pg-boss, in its own schema of the app's PostgreSQL. Every queued
 * experiment has one job whose id is derived from the experiment id, so enqueueing twice is a no-op.
 * pg-boss hands each job to exactly one runner (SELECT ... FOR UPDATE SKIP LOCKED), on any machine.
 * A job a runner holds longer than its expiry (its process crashed, or lost the database) is failed
 * by pg-boss's maintenance and retried by another runner; one that keeps failing lands on the dead
 * letter queue, whose entries the runners turn into FAILED experiments. pg-boss 10 has no per-job
 * heartbeat, so the expiry is also the longest an experiment may run: a runner stops its run just
 * before then rather than let a second runner start the same experiment beside it.
 */
import { createHash } from "node:crypto";
import PgBoss from "pg-boss";
import { createPool } from "../db/pg-pool";

/** PostgreSQL schema of pg-boss's tables (created by the first runner that starts). */
export const QUEUE_SCHEMA = "verdant_queue";
/** The queue of experiments to run. */
export const EXPERIMENT_QUEUE = "experiments";
/** Where jobs go after their last failed attempt. */
export const DEAD_EXPERIMENT_QUEUE = "experiments-dead";

/** What a job carries: only the id; the scenario stays in the Experiment row. */
export interface ExperimentJobData {
  experimentId: string;
}

/** How long a run may hold its job, and how often a dead runner's experiment is tried again. */
export interface ExperimentQueueSettings {
  /** Seconds a job may stay active: the crash-detection delay and the longest run (under 24 h). */
  expireInSeconds: number;
  /** Further attempts after a runner died (or stopped) mid-run, before the experiment is failed. */
  retryLimit: number;
}

/** Four hours: the shipped examples run in seconds to minutes; a larger upload gets ample room. */
export const DEFAULT_QUEUE_SETTINGS: ExperimentQueueSettings = { expireInSeconds: 4 * 3600, retryLimit: 2 };

/** The SQL runner pg-boss uses for a send inside the caller's own transaction. */
export type SqlExecutor = PgBoss.Db;

/** The job id of an experiment: a UUID derived from its id, so a second enqueue conflicts and does nothing. */
export function jobIdOf(experimentId: string): string {
  const h = createHash("sha256").update(`verdant-experiment:${experimentId}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/** How long before its job expires a run stops by itself (a tenth of the expiry, 1 s to 60 s). */
export function runLimitMs(expireInSeconds: number): number {
  return expireInSeconds * 1000 - Math.min(60_000, Math.max(1_000, expireInSeconds * 100));
}

// Builds the send statement for a caller's transaction; it never opens a connection of its own.
const producer = new PgBoss({
  schema: QUEUE_SCHEMA,
  db: { executeSql: () => Promise.reject(new Error("The experiment queue producer only sends inside a caller's transaction.")) },
  supervise: false,
  schedule: false,
  migrate: false,
});

/**
 * Enqueues an experiment through `sql` (the transaction that stores its row, so there is never a
 * row without a job or a job without a row). False when no runner has created the queue yet: the
 * first runner to start enqueues every queued experiment it finds.
 */
export async function enqueueExperiment(sql: SqlExecutor, experimentId: string): Promise<boolean> {
  const ready = await sql.executeSql("SELECT to_regclass($1) IS NOT NULL AS ready", [`${QUEUE_SCHEMA}.queue`]);
  if (ready.rows[0]?.ready !== true) return false;
  // pg-boss refuses (foreign key) a job for a queue that does not exist yet.
  const queue = await sql.executeSql(`SELECT 1 FROM ${QUEUE_SCHEMA}.queue WHERE name = $1`, [EXPERIMENT_QUEUE]);
  if (queue.rows.length === 0) return false;
  await producer.send(EXPERIMENT_QUEUE, { experimentId } satisfies ExperimentJobData, { id: jobIdOf(experimentId), db: sql });
  return true;
}

/** Creates the queues (a no-op when they exist); with `settings`, also applies them to jobs enqueued from now on. */
export async function ensureExperimentQueues(boss: PgBoss, settings?: ExperimentQueueSettings): Promise<void> {
  const effective = settings ?? DEFAULT_QUEUE_SETTINGS;
  await boss.createQueue(DEAD_EXPERIMENT_QUEUE, { name: DEAD_EXPERIMENT_QUEUE, retryLimit: 0 });
  const queue = {
    name: EXPERIMENT_QUEUE,
    retryLimit: effective.retryLimit,
    retryDelay: 0,
    expireInSeconds: effective.expireInSeconds,
    deadLetter: DEAD_EXPERIMENT_QUEUE,
  };
  await boss.createQueue(EXPERIMENT_QUEUE, queue);
  if (settings) await boss.updateQueue(EXPERIMENT_QUEUE, queue);
}

/** A started pg-boss and the pool under it; close() stops both. */
export interface QueueClient {
  readonly boss: PgBoss;
  close(): Promise<void>;
}

/**
 * A started pg-boss for a runner: installs or upgrades its schema, runs maintenance (expiry,
 * retries, archive). Its connections come from our own pool, which drops a connection that broke
 * mid-use (a PostgreSQL restart) and which we can close even when start() failed half-way.
 */
export async function startQueueClient(
  databaseUrl: string,
  options: { maintenanceIntervalSeconds?: number; onError: (error: Error) => void },
): Promise<QueueClient> {
  const pool = createPool({
    connectionString: databaseUrl,
    max: 3,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    application_name: "verdant-experiments",
  });
  // An idle connection's error surfaces on the pool; without a listener it would end the process.
  pool.on("error", options.onError);
  const db: PgBoss.Db = { executeSql: (text, values) => pool.query(text, values) };
  const boss = new PgBoss({
    db,
    schema: QUEUE_SCHEMA,
    schedule: false,
    supervise: options.maintenanceIntervalSeconds !== 0,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds || 30,
  });
  boss.on("error", options.onError);
  const close = async () => {
    await boss.stop({ graceful: false, close: false }).catch(() => {});
    await pool.end().catch(() => {});
  };
  try {
    await boss.start();
  } catch (error) {
    await close();
    throw error;
  }
  return { boss, close };
}

/** Sets the queue's settings from outside a runner (tests shorten the expiry to see a crash recovered). */
export async function configureExperimentQueue(databaseUrl: string, settings: ExperimentQueueSettings): Promise<void> {
  const client = await startQueueClient(databaseUrl, { maintenanceIntervalSeconds: 0, onError: () => {} });
  try {
    await ensureExperimentQueues(client.boss, settings);
  } finally {
    await client.close();
  }
}
