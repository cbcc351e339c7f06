/**
 * The experiment runner: claims queued experiments one at a time and runs each in a worker thread,
 * writing progress (~1 per second) and the results to the experiment row. Any number of runners may
 * share one database (one per app instance): claims never hand one experiment to two runners (see
 * run-lock.ts). Each progress write also reads `cancelRequested`, so a cancel reaches the thread's
 * shared flag within about a second. Every sweep (at start and every `sweepMs`) marks experiments
 * whose runner died FAILED. An orderly stop gives the running experiment back to the queue.
 */
import type { Db } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { findExperimentForRun, finishExperiment, requeueExperiment, writeExperimentProgress } from "../repositories/experiment-repository";
import { recordCycle } from "../repositories/heartbeat-repository";
import { componentLogger, type Logger } from "../logging/logger";
import { openRunLockConnection, type RunLockConnection } from "./run-lock";
import { runInThread, type ThreadRun } from "./run-in-thread";
import type { StoredScenario } from "./scenario-source";

export interface ExperimentRunnerOptions {
  db: Db;
  databaseUrl: string;
  /** Runs and their ends (info), retries (warn) and failures (error); the "experiments" component logger by default. */
  logger?: Logger;
  /** Idle poll for queued experiments (a start also wakes the runner through NOTIFY). */
  pollMs?: number;
  /** Progress write and cancel poll interval. */
  progressMs?: number;
  /** How often RUNNING rows of dead runners are looked for. */
  sweepMs?: number;
  /** After a cancel, how long the thread may take to stop before it is terminated. */
  cancelGraceMs?: number;
}

export interface ExperimentRunnerHandle {
  /** Ids this runner claimed, in order (tests check no experiment runs twice). */
  readonly claimed: readonly string[];
  /** Resolves when the runner has nothing running and found nothing queued at its last look. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

const MAX_BACKOFF_MS = 30_000;
/** The heartbeat is stamped at most this often (health allows 30 s between stamps). */
const HEARTBEAT_EVERY_MS = 5_000;

/** Starts a runner; it runs until stop() is called. */
export function startExperimentRunner(options: ExperimentRunnerOptions): ExperimentRunnerHandle {
  const pollMs = options.pollMs ?? 1_000;
  const progressMs = options.progressMs ?? 1_000;
  const sweepMs = options.sweepMs ?? 10_000;
  const cancelGraceMs = options.cancelGraceMs ?? 10_000;
  const { db } = options;
  const log = options.logger ?? componentLogger("experiments");
  const claimed: string[] = [];
  const own = new Set<string>();
  let connection: RunLockConnection | null = null;
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
    await recordCycle(db, "experiments", process.pid, new Date()).catch((error: unknown) => log.warn({ event: "runner.heartbeat-error", error: String(error) }, "could not stamp the heartbeat"));
  }

  let wake = () => {};
  /** Waits `ms`, or less when woken (a NOTIFY, or stop()). */
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => (clearTimeout(timer), resolve());
    });

  async function connect() {
    if (connection && !connection.broken) return connection;
    await connection?.close();
    connection = await openRunLockConnection(options.databaseUrl);
    await connection.listen(() => wake());
    return connection;
  }

  async function runOne(lock: RunLockConnection, id: string) {
    own.add(id);
    claimed.push(id);
    const started = performance.now();
    log.info({ event: "experiment.start", id }, "experiment started");
    try {
      const row = await findExperimentForRun(db, id);
      if (!row) return;
      let latest = { progress: 0, note: "Loading the scenario." };
      let cancelAt: number | null = null;
      let lost = false;
      const run = runInThread({ scenario: row.scenario as unknown as StoredScenario, policies: row.policies, baseline: row.baseline }, (progress, note) => {
        latest = { progress, note };
      });
      current = { id, run };
      let writing = false;
      const ticker = setInterval(() => {
        if (writing) return;
        writing = true;
        void writeExperimentProgress(db, id, latest.progress, latest.note)
          .then((state) => {
            // A long experiment keeps the loop inside runOne: its progress writes prove the runner alive.
            void heartbeat();
            if (state === null) {
              // No longer RUNNING here (a sweep presumed this runner dead): stop computing for nobody.
              lost = true;
              void run.terminate();
            } else if (state.cancelRequested && cancelAt === null) {
              cancelAt = performance.now();
              run.cancel();
            } else if (cancelAt !== null && performance.now() - cancelAt > cancelGraceMs) {
              void run.terminate();
            }
          })
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
        await requeueExperiment(db, id);
        log.info({ event: "experiment.requeued", id }, "experiment given back to the queue");
      } else if (outcome.status === "SUCCEEDED") {
        await finishExperiment(db, id, { status: "SUCCEEDED", at, wallMs, note: `Finished in ${(wallMs / 1000).toFixed(1)} s.`, results: outcome.results as Prisma.InputJsonValue, timeSeries: outcome.timeSeries as Prisma.InputJsonValue });
        log.info({ event: "experiment.succeeded", id, wallMs: Math.round(wallMs), simWallMs: Math.round(outcome.simWallMs) }, "experiment succeeded");
      } else if (outcome.status === "CANCELLED" || cancelAt !== null) {
        await finishExperiment(db, id, { status: "CANCELLED", at, wallMs, note: `Cancelled at ${Math.round(latest.progress * 100)} %.` });
        log.info({ event: "experiment.cancelled", id, wallMs: Math.round(wallMs), cancelMs: cancelAt === null ? null : Math.round(performance.now() - cancelAt) }, "experiment cancelled");
      } else {
        await finishExperiment(db, id, { status: "FAILED", at, wallMs, note: "Failed.", error: outcome.error });
        log.error({ event: "experiment.failed", id, error: outcome.error }, "experiment failed");
      }
    } finally {
      current = null;
      own.delete(id);
      await lock.release(id).catch(() => {});
    }
  }

  async function loop() {
    while (!stopped) {
      let sleepMs = pollMs;
      try {
        const lock = await connect();
        if (performance.now() - lastSweep >= sweepMs) {
          lastSweep = performance.now();
          const orphans = await lock.failOrphans(own, new Date());
          if (orphans.length) log.error({ event: "experiment.orphans-failed", ids: orphans }, "experiments of a lost runner marked failed");
        }
        const id = stopped ? null : await lock.claimNext(new Date());
        failures = 0;
        await heartbeat();
        if (id) {
          await runOne(lock, id);
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
      await connection?.close();
    },
  };
}
