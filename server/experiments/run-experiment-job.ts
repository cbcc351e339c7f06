/**
 * One queue job, start to end: claim its experiment, run it in a thread under the progress watch,
 * then record the outcome, or give the experiment back to the queue when the runner is stopping,
 * or leave it alone when it is no longer this run's.
 */
import type PgBoss from "pg-boss";
import { findExperimentKind } from "../repositories/auto-tune-repository";
import { runAutoTuneJob } from "../tuning/run-auto-tune-job";
import { claimRun } from "./claim-run";
import { EXPERIMENT_QUEUE, runLimitMs } from "./experiment-queue";
import { giveBack } from "./queue-upkeep";
import { recordOutcome } from "./record-outcome";
import { runInThread } from "./run-in-thread";
import { watchRun, type RunWatchState } from "./run-watch";
import type { ExperimentJob, RunnerContext } from "./runner-context";

/** Runs the experiment of one queue job and settles the job. */
export async function runExperimentJob(ctx: RunnerContext, boss: PgBoss, job: ExperimentJob): Promise<void> {
  const { log } = ctx;
  const id = job.data.experimentId;
  // An auto-tune replays the fleet's history instead of a scenario (server/tuning/).
  if ((await findExperimentKind(ctx.db, id)) === "auto-tune") return runAutoTuneJob(ctx, boss, job);
  const claim = await claimRun(ctx, boss, job);
  if (!claim) return;
  const { row, previous } = claim;
  ctx.claimed.push(id);
  const started = performance.now();
  const limitMs = runLimitMs(job.expireInSeconds);
  log[previous === "RUNNING" ? "warn" : "info"](
    { event: "experiment.start", id, attempt: job.retryCount + 1, restarted: previous === "RUNNING" },
    previous === "RUNNING" ? "experiment restarted after its runner stopped" : "experiment started",
  );
  const state: RunWatchState = { latest: { progress: 0, note: "Loading the scenario." }, cancelAt: null, lost: false, overtime: false };
  const run = runInThread({ scenario: row.scenario, policies: row.policies, baseline: row.baseline }, (progress, note) => {
    state.latest = { progress, note };
  });
  ctx.current = { id, run };
  const stopWatch = watchRun(ctx, { boss, job, run, started, limitMs, state });
  const outcome = await run.outcome.finally(stopWatch);
  ctx.current = null;
  const wallMs = performance.now() - started;
  const at = new Date();
  if (state.lost) {
    log.warn({ event: "experiment.lost", id }, "experiment no longer ours; stopped");
  } else if (ctx.stopped && state.cancelAt === null && outcome.status !== "SUCCEEDED") {
    await giveBack(ctx, boss, job);
    log.info({ event: "experiment.requeued", id }, "experiment given back to the queue");
  } else {
    await recordOutcome(ctx, { id, outcome, watch: state, wallMs, limitMs, at });
    // The run ended with a recorded outcome: a failed simulation is a result, not a reason to retry.
    await boss.complete(EXPERIMENT_QUEUE, job.id);
  }
}
