/**
 * One cycle of the leader: start the feed pass, advance the running jobs, start the inventory pass,
 * run a scheduling cycle, grow running elastic jobs into free capacity, prune old decisions when due, and log what the cycle did.
 */
import type { Db } from "../db/client";
import type { Logger } from "../logging/logger";
import { DECISION_RETENTION_EVERY_MS, pruneDecisions } from "../services/decision-retention";
import type { DemoArrivals } from "../services/demo-arrivals";
import type { JobRunner, RunnerReport } from "../services/job-runner";
import { growElasticJobs } from "../services/elastic-grow";
import { runSchedulingCycle, type CycleReport } from "../services/scheduling-cycle";
import type { createBackgroundPasses } from "./background-passes";

/** What the leader's cycles need. */
export interface LeaderCycleDeps {
  db: Db;
  seed: number;
  maxJobsPerCycle: number;
  log: Logger;
  runner: JobRunner;
  passes: ReturnType<typeof createBackgroundPasses>;
  /** The demo's arrival process (submits the jobs due at the configured rate before scheduling). */
  arrivals?: DemoArrivals;
}

/** The cycle's log line: both reports, with the decision latencies as median and maximum. */
function logCycle(log: Logger, ms: number, running: RunnerReport, scheduling: CycleReport, arrived: number): void {
  const latencies = [...scheduling.decisionLatencyMs].sort((a, b) => a - b);
  log.info(
    {
      event: "cycle",
      role: "leader",
      ms,
      ...running,
      ...scheduling,
      arrived,
      decisionLatencyMs: undefined,
      decisionLatencyMsP50: latencies.length ? Number(latencies[Math.floor(latencies.length / 2)]!.toFixed(2)) : null,
      decisionLatencyMsMax: latencies.length ? Number(latencies[latencies.length - 1]!.toFixed(2)) : null,
    },
    "cycle",
  );
}

/** The leader's cycle; keeps when decisions were last pruned (once soon after start, then about daily). */
export function createLeaderCycle(deps: LeaderCycleDeps) {
  const { db, log, runner, passes } = deps;
  let lastRetentionMs = -Infinity;

  async function pruneWhenDue(at: Date): Promise<void> {
    if (at.getTime() - lastRetentionMs < DECISION_RETENTION_EVERY_MS) return;
    lastRetentionMs = at.getTime();
    const pruned = await pruneDecisions(db, at);
    log.info(
      { event: "decision-retention", retentionDays: pruned.retentionDays, deleted: pruned.deleted, inputsDeleted: pruned.inputsDeleted },
      "old decisions pruned",
    );
  }

  return async function leaderCycle(at: Date): Promise<void> {
    const started = performance.now();
    passes.startFeedPass(at);
    const running = await runner.advance(at);
    passes.startInventoryPass(at);
    const arrived = (await deps.arrivals?.tick(at)) ?? 0;
    const scheduling = await runSchedulingCycle(db, { now: at, seed: deps.seed, maxJobs: deps.maxJobsPerCycle });
    // Queued jobs first; then running elastic jobs grow into what is still free.
    await growElasticJobs(db, runner, at, deps.seed);
    // Run events, thresholds and episodes of this cycle go to the outbox; webhooks are sent beside the next cycles.
    passes.startNotificationPass(at);
    await pruneWhenDue(at);
    logCycle(log, Math.round(performance.now() - started), running, scheduling, arrived);
  };
}
