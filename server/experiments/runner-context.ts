/** What the experiment runner's parts share: the database, the log and the runner's own state. */
import type PgBoss from "pg-boss";
import type { Db } from "../db/client";
import type { Logger } from "../logging/logger";
import type { ExperimentJobData } from "./experiment-queue";
import type { ThreadRun } from "./run-in-thread";

/** A queue job with its metadata (start time, retries, expiry). */
export type ExperimentJob = PgBoss.JobWithMetadata<ExperimentJobData>;

/** The runner state and settings one experiment run reads. */
export interface RunnerContext {
  db: Db;
  log: Logger;
  /** Progress write and cancel poll interval. */
  progressMs: number;
  /** After a cancel, how long the thread may take to stop before it is terminated. */
  cancelGraceMs: number;
  /** Ids this runner ran (or started running), in order. */
  claimed: string[];
  /** The run under way, for stop() to terminate. */
  current: { id: string; run: ThreadRun } | null;
  /** Whether stop() has been called. */
  stopped: boolean;
  /** Stamps the runner's heartbeat (at most every few seconds). */
  heartbeat(): Promise<void>;
}
