/**
 * The control loop: every cycle (default a few seconds, at once when a job is submitted) the leader
 * instance advances running jobs and runs a scheduling cycle. Database trouble makes it back off
 * and retry, never exit; a crash mid-cycle loses nothing because every step is its own transaction
 * and the loop always restarts from what the database says.
 */
import type { Db } from "../db/client";
import { createJobRunner } from "../services/job-runner";
import { createFetchDeps } from "../carbon-feeds/http-fetch";
import { pollDueFeeds } from "../carbon-feeds/feed-scheduler";
import { runSchedulingCycle } from "../services/scheduling-cycle";
import { DECISION_RETENTION_EVERY_MS, pruneDecisions } from "../services/decision-retention";
import { recordCycle } from "../repositories/heartbeat-repository";
import { componentLogger, type Logger } from "../logging/logger";
import { openLeaderConnection, type LeaderConnection } from "./leader-lock";

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
  /** Where cycles (info), back-off (warn) and failures (error) are logged; the "worker" component logger by default. */
  logger?: Logger;
  now?: () => Date;
}

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
  const runner = createJobRunner(options.db, { simSpeed: options.simSpeed, seed: options.seed, inventoryRefreshMs: options.inventoryRefreshMs });
  const feedDeps = createFetchDeps({ seed: options.seed, now: () => now().getTime() });
  // Feed polls may wait on retries: they run beside the cycles, one pass at a time.
  let feedPass: Promise<void> | null = null;
  // Inventory imports wait on cluster APIs too: beside the cycles, one pass at a time.
  let inventoryPass: Promise<void> | null = null;
  // Decision retention: once soon after start, then about daily, by the leader only.
  let lastRetentionMs = -Infinity;

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
    const started = performance.now();
    const at = now();
    feedPass ??= pollDueFeeds(options.db, at, feedDeps)
      .then(
        (r) => void ((r.polled || r.failed) && log[r.failed ? "warn" : "info"]({ event: "feeds", polled: r.polled, failed: r.failed }, "carbon feeds polled")),
      )
      .catch((error: Error) => log.error({ event: "feeds-error", error: error.message.split("\n")[0] }, "carbon feed pass failed"))
      .finally(() => (feedPass = null));
    const running = await runner.advance(at);
    inventoryPass ??= runner
      .refreshInventories(at)
      .then((r) => void ((r.imported || r.failed) && log[r.failed ? "warn" : "info"]({ event: "inventory", ...r }, "cluster inventories imported")))
      .catch((error: Error) => log.error({ event: "inventory-error", error: error.message.split("\n")[0] }, "inventory pass failed"))
      .finally(() => (inventoryPass = null));
    const scheduling = await runSchedulingCycle(options.db, { now: at, seed: options.seed, maxJobs: options.maxJobsPerCycle });
    if (at.getTime() - lastRetentionMs >= DECISION_RETENTION_EVERY_MS) {
      lastRetentionMs = at.getTime();
      const pruned = await pruneDecisions(options.db, at);
      log.info(
        { event: "decision-retention", retentionDays: pruned.retentionDays, deleted: pruned.deleted, inputsDeleted: pruned.inputsDeleted },
        "old decisions pruned",
      );
    }
    const latencies = [...scheduling.decisionLatencyMs].sort((a, b) => a - b);
    log.info(
      {
        event: "cycle",
        role: "leader",
        ms: Math.round(performance.now() - started),
        ...running,
        ...scheduling,
        decisionLatencyMs: undefined,
        decisionLatencyMsP50: latencies.length ? Number(latencies[Math.floor(latencies.length / 2)]!.toFixed(2)) : null,
        decisionLatencyMsMax: latencies.length ? Number(latencies[latencies.length - 1]!.toFixed(2)) : null,
      },
      "cycle",
    );
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
      await feedPass;
      await inventoryPass;
      await (connection as LeaderConnection | null)?.close();
    },
  };
}
