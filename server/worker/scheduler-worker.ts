/**
 * The control loop: every cycle (default a few seconds, at once when a job is submitted) the leader
 * instance advances running jobs and runs a scheduling cycle. Database trouble makes it back off
 * and retry, never exit; a crash mid-cycle loses nothing because every step is its own transaction
 * and the loop always restarts from what the database says.
 */
import type { Db } from "../db/client";
import { createJobRunner } from "../services/job-runner";
import { createDemoArrivals } from "../services/demo-arrivals";
import { createFetchDeps } from "../carbon-feeds/http-fetch";
import { recordCycle } from "../repositories/heartbeat-repository";
import { componentLogger, type Logger } from "../logging/logger";
import { createBackgroundPasses } from "./background-passes";
import { createLeaderCycle } from "./leader-cycle";
import { openLeaderConnection, type LeaderConnection } from "./leader-lock";

/** How the worker connects, how often it cycles and what it places with. */
export interface WorkerOptions {
  db: Db;
  databaseUrl: string;
  cycleMs: number;
  /** Simulated seconds per real second for the simulated clusters. */
  simSpeed: number;
  maxJobsPerCycle: number;
  seed: number;
  /** Least time between two inventory imports of one Kubernetes cluster (VERDANT_INVENTORY_REFRESH_MS). */
  inventoryRefreshMs?: number;
  /** Least time between two node-health reads (VERDANT_NODE_HEALTH_MS) and reconciliation passes (VERDANT_RECONCILE_MS) of one cluster. */
  healthEveryMs?: number;
  reconcileEveryMs?: number;
  /** Where cycles (info), back-off (warn) and failures (error) are logged; the "worker" component logger by default. */
  logger?: Logger;
  now?: () => Date;
  /** Folder of the demo's openb pod list: set, the worker submits demo arrivals at the configured rate. */
  demoDataDir?: string;
}

/** A started worker. */
export interface WorkerHandle {
  /** Asks for a cycle now (also triggered by job submissions through LISTEN/NOTIFY). */
  wake(): void;
  stop(): Promise<void>;
  /** Resolves after the next completed cycle (tests). */
  nextCycle(): Promise<void>;
}

const MAX_BACKOFF_MS = 30_000;

/** Starts the loop; it runs until stop() is called. */
export function startSchedulerWorker(options: WorkerOptions): WorkerHandle {
  const now = options.now ?? (() => new Date());
  const log = options.logger ?? componentLogger("worker");
  let stopped = false;
  let wakeUp: (() => void) | null = null;
  let cycleWaiters: (() => void)[] = [];
  let connection: LeaderConnection | null = null;
  let failures = 0;
  const runner = createJobRunner(options.db, {
    simSpeed: options.simSpeed,
    seed: options.seed,
    inventoryRefreshMs: options.inventoryRefreshMs,
    healthEveryMs: options.healthEveryMs,
    reconcileEveryMs: options.reconcileEveryMs,
  });
  const feedDeps = createFetchDeps({ seed: options.seed, now: () => now().getTime() });
  const passes = createBackgroundPasses(options.db, runner, feedDeps, log);
  const arrivals = options.demoDataDir ? createDemoArrivals(options.db, { dataDir: options.demoDataDir, seed: options.seed }) : undefined;
  const leaderCycle = createLeaderCycle({ db: options.db, seed: options.seed, maxJobsPerCycle: options.maxJobsPerCycle, log, runner, passes, arrivals });

  /** Waits `ms`, or less when woken (a submitted job, or stop()). */
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = null;
        resolve();
      }
      wakeUp = done;
    });

  /** Keeps the leader connection open (reopening a broken one) and runs a cycle while this instance leads. */
  async function cycle() {
    if (!connection || connection.broken) {
      await connection?.close();
      connection = await openLeaderConnection(options.databaseUrl);
      await connection.listen(() => wakeUp?.());
    }
    if (!(await connection.ensureLeader())) {
      log.debug({ event: "cycle", role: "follower" }, "cycle as follower (another instance leads)");
      return;
    }
    await leaderCycle(now());
  }

  const loop = (async () => {
    while (!stopped) {
      let waitMs = options.cycleMs;
      try {
        await cycle();
        failures = 0;
        // Liveness for /api/health; a failed stamp only shows as staleness there, so it never fails the loop.
        await recordCycle(options.db, "worker", process.pid, new Date()).catch((error: Error) =>
          log.warn({ event: "heartbeat-error", error: error.message.split("\n")[0] }, "could not stamp the heartbeat"),
        );
      } catch (error) {
        failures++;
        waitMs = Math.min(MAX_BACKOFF_MS, options.cycleMs * 2 ** Math.min(failures, 5));
        log.warn({ event: "cycle-error", error: (error as Error).message.split("\n")[0], failures, retryInMs: waitMs }, "cycle failed; backing off");
        await (connection as LeaderConnection | null)?.close();
        connection = null;
      }
      const waiters = cycleWaiters;
      cycleWaiters = [];
      waiters.forEach((w) => w());
      if (!stopped) await sleep(waitMs);
    }
  })();

  return {
    wake: () => wakeUp?.(),
    nextCycle: () => new Promise<void>((resolve) => cycleWaiters.push(resolve)),
    async stop() {
      stopped = true;
      wakeUp?.();
      await loop;
      await passes.settle();
      await (connection as LeaderConnection | null)?.close();
    },
  };
}
