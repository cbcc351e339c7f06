/**
 * One auto-tune queue job in the experiment runner: claim its experiment, read the fleet's history of
 * both windows, run the search in a thread under the runner's progress watch, then store the results
 * and (when validation beat the active policy) the proposal in one transaction. Cancel, failure, the
 * run limit and a stopping runner end it as they end any experiment.
 */
import type PgBoss from "pg-boss";
import { claimExperiment, finishExperiment } from "../repositories/experiment-repository";
import { finishAutoTune, findAutoTuneSettings, type ProposalInput } from "../repositories/auto-tune-repository";
import { storedAutoTuneSchema } from "../schemas/auto-tune";
import { EXPERIMENT_QUEUE, runLimitMs } from "../experiments/experiment-queue";
import { giveBack } from "../experiments/queue-upkeep";
import { recordOutcome } from "../experiments/record-outcome";
import { runThreadEntry } from "../experiments/run-in-thread";
import { watchRun, type RunWatchState } from "../experiments/run-watch";
import type { ExperimentJob, RunnerContext } from "../experiments/runner-context";
import type { AutoTuneResults } from "./auto-tune";
import type { AutoTuneThreadJob } from "./auto-tune-thread";
import { loadTuneHistory } from "./tune-history";

/** The proposal a finished auto-tune leaves, or null when its winner is null. */
export function proposalOf(results: AutoTuneResults): ProposalInput | null {
  const w = results.winner;
  if (!w) return null;
  return {
    policyName: results.active.name,
    baseVersion: results.active.version,
    objectiveWeights: w.objectiveWeights,
    constraints: w.constraints,
    figures: {
      trial: w.index,
      windows: {
        training: { fromMs: results.config.trainingFromMs, toMs: results.config.trainingToMs, jobs: results.jobs.training },
        validation: { fromMs: results.config.validationFromMs, toMs: results.config.validationToMs, jobs: results.jobs.validation },
      },
      active: { training: results.active.training, validation: results.active.validation },
      proposal: { training: w.training, validation: w.validation },
      gains: w.gains,
    } as unknown as ProposalInput["figures"],
  };
}

async function fail(ctx: Pick<RunnerContext, "db" | "log">, boss: PgBoss, job: ExperimentJob, error: string) {
  const id = job.data.experimentId;
  await finishExperiment(ctx.db, id, { status: "FAILED", at: new Date(), wallMs: 0, note: "Failed.", error });
  ctx.log.error({ event: "auto-tune.failed", id, error }, "auto-tune failed before its search");
  await boss.complete(EXPERIMENT_QUEUE, job.id);
}

/** Runs the auto-tune of one queue job and settles the job. */
export async function runAutoTuneJob(ctx: RunnerContext, boss: PgBoss, job: ExperimentJob): Promise<void> {
  const { db, log } = ctx;
  const id = job.data.experimentId;
  const claim = await claimExperiment(db, id, new Date());
  if (!claim) {
    await boss.complete(EXPERIMENT_QUEUE, job.id);
    return;
  }
  ctx.claimed.push(id);
  const parsed = storedAutoTuneSchema.safeParse(await findAutoTuneSettings(db, id));
  if (!parsed.success) return fail(ctx, boss, job, `The stored auto-tune settings cannot be read: ${parsed.error.issues[0]?.path.join(".")}`);
  const { kind: _kind, ...config } = parsed.data;
  const started = performance.now();
  const loaded = await loadTuneHistory(db, config);
  if (!loaded) return fail(ctx, boss, job, "No placement policy is active; activate one in Admin > Policy first.");
  if (loaded.history.training.jobs.length === 0) return fail(ctx, boss, job, "The training window holds no finished jobs with a ledger entry to replay.");
  if (loaded.history.validation.jobs.length === 0) return fail(ctx, boss, job, "The validation window holds no finished jobs with a ledger entry to replay.");
  log.info({ event: "experiment.start", id, kind: "auto-tune", budget: config.budget }, "auto-tune started");
  const limitMs = runLimitMs(job.expireInSeconds);
  const state: RunWatchState = {
    latest: { progress: 0, note: "Replaying the active policy on the training window." },
    cancelAt: null,
    lost: false,
    overtime: false,
  };
  const threadJob: AutoTuneThreadJob = { history: loaded.history, config, active: loaded.active };
  const run = runThreadEntry(new URL("./auto-tune-thread.ts", import.meta.url), threadJob, (progress, note) => {
    state.latest = { progress, note };
  });
  ctx.current = { id, run };
  const stopWatch = watchRun(ctx, { boss, job, run, started, limitMs, state });
  const outcome = await run.outcome.finally(stopWatch);
  ctx.current = null;
  const wallMs = performance.now() - started;
  const at = new Date();
  if (state.lost) {
    log.warn({ event: "experiment.lost", id }, "auto-tune no longer ours; stopped");
    return;
  }
  if (ctx.stopped && state.cancelAt === null && outcome.status !== "SUCCEEDED") {
    await giveBack(ctx, boss, job);
    return;
  }
  if (outcome.status === "SUCCEEDED") {
    const results = outcome.results as AutoTuneResults;
    await finishAutoTune(db, id, {
      at,
      wallMs,
      note: `Finished in ${(wallMs / 1000).toFixed(1)} s. ${results.verdict}`,
      results: JSON.parse(JSON.stringify(results)),
      proposal: proposalOf(results),
    });
    log.info({ event: "experiment.succeeded", id, kind: "auto-tune", wallMs: Math.round(wallMs), proposed: results.winner !== null }, "auto-tune succeeded");
  } else {
    await recordOutcome(ctx, { id, outcome, watch: state, wallMs, limitMs, at });
  }
  await boss.complete(EXPERIMENT_QUEUE, job.id);
}
