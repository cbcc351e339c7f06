/**
 * The experiment runner: takes experiment jobs from the queue (pg-boss, experiment-queue.ts) one at
 * a time and runs each in a worker thread, writing progress (~1 per second) and the results to the
 * experiment row. Any number of runners on any number of machines may share one database: the queue
 * gives each job to one runner. Each progress write also reads `cancelRequested`, so a cancel reaches
 * the thread's shared flag within about a second, and checks that the job is still this runner's
 * (a run that outlived its job's expiry stops). A runner that dies mid-run leaves its job active
 * until the expiry; pg-boss then retries it on another runner, and after the last retry the dead
 * letter queue says to mark the experiment FAILED. An orderly stop gives the experiment back to the
 * queue at once.
 * One job's run is in run-experiment-job.ts (claim, progress watch, outcome), the queue upkeep in
 * queue-upkeep.ts.
 */
import type PgBoss from "pg-boss";
import { recordCycle } from "../repositories/heartbeat-repository";
import { componentLogger, type Logger } from "../logging/logger";
import {
  EXPERIMENT_QUEUE,
  ensureExperimentQueues,
  startQueueClient,
  type ExperimentJobData,
  type ExperimentQueueSettings,
  type QueueClient,
} from "./experiment-queue";
import { sweepQueue } from "./queue-upkeep";
import { runExperimentJob } from "./run-experiment-job";
import type { RunnerContext } from "./runner-context";
import type { Db } from "../db/client";

export { CRASH_REASON } from "./queue-upkeep";

/** How the runner connects, polls and watches its runs. */
export interface ExperimentRunnerOptions {
  db: Db;
  databaseUrl: string;
  /** Runs and their ends (info), retries (warn) and failures (error); the "experiments" component logger by default. */
  logger?: Logger;
  /** Idle poll for queued jobs. */
  pollMs?: number;
  /** Progress write and cancel poll interval. */
  progressMs?: number;
  /** How often queued rows are checked for their job, and dead letters are turned into FAILED rows. */
  sweepMs?: number;
  /** After a cancel, how long the thread may take to stop before it is terminated. */
  cancelGraceMs?: number;
  /** pg-boss maintenance (expiring the jobs of dead runners) interval, seconds. */
  maintenanceIntervalSeconds?: number;
  /** Queue settings applied at start (by default the queue keeps what it has, or gets the defaults when new). */
  queue?: ExperimentQueueSettings;
}

/** A started runner. */
export interface ExperimentRunnerHandle {
  /** Ids this runner ran (or started running), in order (tests check no experiment runs twice). */
  readonly claimed: readonly string[];
  /** Resolves when the runner has nothing running and found nothing queued at its last look. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

const MAX_BACKOFF_MS = 30_000;
/** The heartbeat is stamped at most this often (health allows 30 s between stamps). */
const HEARTBEAT_EVERY_MS = 5_000;

/** The runner's shared state, with a heartbeat that never stops the runner. */
function createRunnerContext(options: ExperimentRunnerOptions): RunnerContext {
  const { db } = options;
  const log = options.logger ?? componentLogger("experiments");
  let lastHeartbeat = -Infinity;
  return {
    db,
    log,
    progressMs: options.progressMs ?? 1_000,
    cancelGraceMs: options.cancelGraceMs ?? 10_000,
    claimed: [],
    current: null,
    stopped: false,
    /** Liveness for /api/health; a failed stamp only shows as staleness there, so it never stops the runner. */
    async heartbeat() {
      if (performance.now() - lastHeartbeat < HEARTBEAT_EVERY_MS) return;
      lastHeartbeat = performance.now();
      await recordCycle(db, "experiments", process.pid, new Date()).catch((error: unknown) =>
        log.warn({ event: "runner.heartbeat-error", error: String(error) }, "could not stamp the heartbeat"),
      );
    },
  };
}

/** The runner's queue client, started on first use (and again after a failed start). */
function createConnection(options: ExperimentRunnerOptions, log: Logger) {
  let client: QueueClient | null = null;
  return {
    async connect(): Promise<PgBoss> {
      if (client) return client.boss;
      const started = await startQueueClient(options.databaseUrl, {
        maintenanceIntervalSeconds: options.maintenanceIntervalSeconds,
        onError: (error) => log.warn({ event: "queue.error", error: error.message.split("\n")[0] }, "job queue error"),
      });
      try {
        await ensureExperimentQueues(started.boss, options.queue);
      } catch (error) {
        await started.close();
        throw error;
      }
      client = started;
      return started.boss;
    },
    close: async () => {
      await (client as QueueClient | null)?.close();
    },
  };
}

/** Starts a runner; it runs until stop() is called. */
export function startExperimentRunner(options: ExperimentRunnerOptions): ExperimentRunnerHandle {
  const pollMs = options.pollMs ?? 1_000;
  const sweepMs = options.sweepMs ?? 10_000;
  const ctx = createRunnerContext(options);
  const connection = createConnection(options, ctx.log);
  let idleWaiters: (() => void)[] = [];
  let lastSweep = -Infinity;
  let failures = 0;

  let wake = () => {};
  /** Waits `ms`, or less when woken by stop(). */
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => (clearTimeout(timer), resolve());
    });

  /** One look at the queue: sweep when due, then run one job; false when there was none. */
  async function step(): Promise<boolean> {
    const boss = await connection.connect();
    if (performance.now() - lastSweep >= sweepMs) {
      lastSweep = performance.now();
      await sweepQueue(ctx, boss);
    }
    const [job] = ctx.stopped ? [] : await boss.fetch<ExperimentJobData>(EXPERIMENT_QUEUE, { batchSize: 1, includeMetadata: true });
    failures = 0;
    await ctx.heartbeat();
    if (!job) return false;
    await runExperimentJob(ctx, boss, job);
    return true;
  }

  async function loop() {
    while (!ctx.stopped) {
      let sleepMs = pollMs;
      try {
        if (await step()) continue;
        for (const resolve of idleWaiters) resolve();
        idleWaiters = [];
      } catch (error) {
        failures++;
        sleepMs = Math.min(MAX_BACKOFF_MS, pollMs * 2 ** failures);
        ctx.log.warn({ event: "runner.error", error: String(error), failures, retryInMs: sleepMs }, "runner loop failed; backing off");
      }
      if (!ctx.stopped) await sleep(sleepMs);
    }
  }

  const running = loop();

  return {
    claimed: ctx.claimed,
    idle: () => new Promise<void>((resolve) => idleWaiters.push(resolve)),
    async stop() {
      ctx.stopped = true;
      wake();
      await ctx.current?.run.terminate();
      await running;
      await connection.close();
    },
  };
}
