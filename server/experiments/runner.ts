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
 */
import type PgBoss from "pg-boss";
import type { Db } from "../db/client";
import {
  claimExperiment,
  failLostExperiment,
  findExperimentForRun,
  findQueuedExperimentIds,
  finishExperiment,
  requeueExperiment,
  writeExperimentProgress,
  type ExperimentJson,
  type ExperimentRunRow,
} from "../repositories/experiment-repository";
import { StoredJsonError } from "../repositories/stored-json";
import { recordCycle } from "../repositories/heartbeat-repository";
import { componentLogger, type Logger } from "../logging/logger";
import {
  DEAD_EXPERIMENT_QUEUE,
  EXPERIMENT_QUEUE,
  ensureExperimentQueues,
  jobIdOf,
  runLimitMs,
  startQueueClient,
  type ExperimentJobData,
  type ExperimentQueueSettings,
  type QueueClient,
} from "./experiment-queue";
import { runInThread, type ThreadRun } from "./run-in-thread";

/** Why an experiment failed when its job gave up after runners kept dying under it. */
export const CRASH_REASON =
  "The experiment runner stopped while this experiment was running, on every attempt (its process crashed or lost the database). Start the experiment again.";

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

type Job = PgBoss.JobWithMetadata<ExperimentJobData>;

/** Starts a runner; it runs until stop() is called. */
export function startExperimentRunner(options: ExperimentRunnerOptions): ExperimentRunnerHandle {
  const pollMs = options.pollMs ?? 1_000;
  const progressMs = options.progressMs ?? 1_000;
  const sweepMs = options.sweepMs ?? 10_000;
  const cancelGraceMs = options.cancelGraceMs ?? 10_000;
  const { db } = options;
  const log = options.logger ?? componentLogger("experiments");
  const claimed: string[] = [];
  let client: QueueClient | null = null;
  let current: { id: string; run: ThreadRun } | null = null;
  let stopped = false;
  let idleWaiters: (() => void)[] = [];
  let lastSweep = -Infinity;
  let failures = 0;
  let lastHeartbeat = -Infinity;

  /** Liveness for /api/health; a failed stamp only shows as staleness there, so it never stops the runner. */
  async function heartbeat() {
    if (performance.now() - lastHeartbeat < HEARTBEAT_EVERY_MS) return;
    lastHeartbeat = performance.now();
    await recordCycle(db, "experiments", process.pid, new Date()).catch((error: unknown) =>
      log.warn({ event: "runner.heartbeat-error", error: String(error) }, "could not stamp the heartbeat"),
    );
  }

  let wake = () => {};
  /** Waits `ms`, or less when woken by stop(). */
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => (clearTimeout(timer), resolve());
    });

  async function connect(): Promise<PgBoss> {
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
  }

  /** Every queued experiment has its job (a no-op for those that have one), and dead letters become FAILED rows. */
  async function sweep(boss: PgBoss) {
    for (const id of await findQueuedExperimentIds(db)) {
      if (await boss.send(EXPERIMENT_QUEUE, { experimentId: id } satisfies ExperimentJobData, { id: jobIdOf(id) }))
        log.info({ event: "experiment.enqueued", id }, "queued experiment without a job enqueued");
    }
    const dead = await boss.fetch<ExperimentJobData>(DEAD_EXPERIMENT_QUEUE, { batchSize: 20 });
    for (const job of dead) {
      if (await failLostExperiment(db, job.data.experimentId, CRASH_REASON, new Date()))
        log.error({ event: "experiment.lost-for-good", id: job.data.experimentId }, "experiment failed: its runners kept stopping under it");
    }
    if (dead.length)
      await boss.complete(
        DEAD_EXPERIMENT_QUEUE,
        dead.map((j) => j.id),
      );
  }

  /** Gives the experiment back to the queue with a fresh job (same id), so an orderly stop costs no retry. */
  async function giveBack(boss: PgBoss, job: Job) {
    const id = job.data.experimentId;
    await requeueExperiment(db, id);
    await boss.deleteJob(EXPERIMENT_QUEUE, job.id);
    await boss.send(EXPERIMENT_QUEUE, { experimentId: id } satisfies ExperimentJobData, { id: jobIdOf(id) });
  }

  async function runJob(boss: PgBoss, job: Job) {
    const id = job.data.experimentId;
    const claim = await claimExperiment(db, id, new Date());
    let row: ExperimentRunRow | null = null;
    try {
      row = claim && (await findExperimentForRun(db, id));
    } catch (error) {
      if (!(error instanceof StoredJsonError)) throw error;
      // A row no run can read fails now, with the field: retrying would only read it again.
      await finishExperiment(db, id, {
        status: "FAILED",
        at: new Date(),
        wallMs: 0,
        note: "Failed.",
        error: `The stored scenario cannot be read: ${error.message}`,
      });
      log.error({ event: "experiment.unreadable", id, field: error.field, error: error.message }, "experiment failed: its stored scenario cannot be read");
      await boss.complete(EXPERIMENT_QUEUE, job.id);
      return;
    }
    if (!claim || !row) {
      // Cancelled while queued, or already ended: the job has nothing left to do.
      await boss.complete(EXPERIMENT_QUEUE, job.id);
      return;
    }
    claimed.push(id);
    const started = performance.now();
    const limitMs = runLimitMs(job.expireInSeconds);
    const jobStartedAt = new Date(job.startedOn).getTime();
    log[claim.previous === "RUNNING" ? "warn" : "info"](
      { event: "experiment.start", id, attempt: job.retryCount + 1, restarted: claim.previous === "RUNNING" },
      claim.previous === "RUNNING" ? "experiment restarted after its runner stopped" : "experiment started",
    );
    let latest = { progress: 0, note: "Loading the scenario." };
    let cancelAt: number | null = null;
    let lost = false;
    let overtime = false;
    const run = runInThread({ scenario: row.scenario, policies: row.policies, baseline: row.baseline }, (progress, note) => {
      latest = { progress, note };
    });
    current = { id, run };
    let writing = false;
    const ticker = setInterval(() => {
      if (writing) return;
      writing = true;
      void (async () => {
        const state = await writeExperimentProgress(db, id, latest.progress, latest.note);
        const held = await boss.getJobById<ExperimentJobData>(EXPERIMENT_QUEUE, job.id);
        // A long experiment keeps the loop here: its progress writes prove the runner alive.
        void heartbeat();
        if (state === null || !held || held.state !== "active" || new Date(held.startedOn).getTime() !== jobStartedAt) {
          // The row ended elsewhere, or the job expired and belongs to another attempt now: stop computing for nobody.
          lost = true;
          void run.terminate();
        } else if (state.cancelRequested && cancelAt === null) {
          cancelAt = performance.now();
          run.cancel();
        } else if (cancelAt !== null && performance.now() - cancelAt > cancelGraceMs) {
          void run.terminate();
        } else if (performance.now() - started > limitMs) {
          overtime = true;
          void run.terminate();
        }
      })()
        .catch((error: unknown) => log.warn({ event: "experiment.progress-error", id, error: String(error) }, "could not write progress"))
        .finally(() => {
          writing = false;
        });
    }, progressMs);
    const outcome = await run.outcome.finally(() => clearInterval(ticker));
    current = null;
    const wallMs = performance.now() - started;
    const at = new Date();
    if (lost) {
      log.warn({ event: "experiment.lost", id }, "experiment no longer ours; stopped");
    } else if (stopped && cancelAt === null && outcome.status !== "SUCCEEDED") {
      await giveBack(boss, job);
      log.info({ event: "experiment.requeued", id }, "experiment given back to the queue");
    } else {
      if (overtime && outcome.status !== "SUCCEEDED") {
        const minutes = Math.round(limitMs / 60_000);
        await finishExperiment(db, id, {
          status: "FAILED",
          at,
          wallMs,
          note: "Stopped at the run limit.",
          error: `The run took longer than the limit of ${minutes} min (the experiment queue's expiry) and was stopped.`,
        });
        log.error({ event: "experiment.overtime", id, wallMs: Math.round(wallMs) }, "experiment stopped at the run limit");
      } else if (outcome.status === "SUCCEEDED") {
        await finishExperiment(db, id, {
          status: "SUCCEEDED",
          at,
          wallMs,
          note: `Finished in ${(wallMs / 1000).toFixed(1)} s.`,
          // The thread built both with finiteJson (results.ts): plain JSON, no NaN or Infinity.
          results: outcome.results as ExperimentJson,
          timeSeries: outcome.timeSeries as ExperimentJson,
        });
        log.info({ event: "experiment.succeeded", id, wallMs: Math.round(wallMs), simWallMs: Math.round(outcome.simWallMs) }, "experiment succeeded");
      } else if (outcome.status === "CANCELLED" || cancelAt !== null) {
        await finishExperiment(db, id, { status: "CANCELLED", at, wallMs, note: `Cancelled at ${Math.round(latest.progress * 100)} %.` });
        log.info(
          { event: "experiment.cancelled", id, wallMs: Math.round(wallMs), cancelMs: cancelAt === null ? null : Math.round(performance.now() - cancelAt) },
          "experiment cancelled",
        );
      } else {
        await finishExperiment(db, id, { status: "FAILED", at, wallMs, note: "Failed.", error: outcome.error });
        log.error({ event: "experiment.failed", id, error: outcome.error }, "experiment failed");
      }
      // The run ended with a recorded outcome: a failed simulation is a result, not a reason to retry.
      await boss.complete(EXPERIMENT_QUEUE, job.id);
    }
  }

  async function loop() {
    while (!stopped) {
      let sleepMs = pollMs;
      try {
        const boss = await connect();
        if (performance.now() - lastSweep >= sweepMs) {
          lastSweep = performance.now();
          await sweep(boss);
        }
        const [job] = stopped ? [] : await boss.fetch<ExperimentJobData>(EXPERIMENT_QUEUE, { batchSize: 1, includeMetadata: true });
        failures = 0;
        await heartbeat();
        if (job) {
          await runJob(boss, job);
          continue;
        }
        for (const resolve of idleWaiters) resolve();
        idleWaiters = [];
      } catch (error) {
        failures++;
        sleepMs = Math.min(MAX_BACKOFF_MS, pollMs * 2 ** failures);
        log.warn({ event: "runner.error", error: String(error), failures, retryInMs: sleepMs }, "runner loop failed; backing off");
      }
      if (!stopped) await sleep(sleepMs);
    }
  }

  const running = loop();

  return {
    claimed,
    idle: () => new Promise<void>((resolve) => idleWaiters.push(resolve)),
    async stop() {
      stopped = true;
      wake();
      await current?.run.terminate();
      await running;
      await (client as QueueClient | null)?.close();
    },
  };
}
