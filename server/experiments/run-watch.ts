/**
 * The watch over a running experiment: about once per `progressMs` it writes the thread's latest
 * progress, reads `cancelRequested` and checks the queue job is still this run's, then cancels,
 * terminates or lets the thread go on.
 */
import type PgBoss from "pg-boss";
import { writeExperimentProgress } from "../repositories/experiment-repository";
import { EXPERIMENT_QUEUE, type ExperimentJobData } from "./experiment-queue";
import type { ThreadRun } from "./run-in-thread";
import type { ExperimentJob, RunnerContext } from "./runner-context";

/** What the watch has seen of one run; the run's end reads it to record the outcome. */
export interface RunWatchState {
  /** The thread's latest progress report. */
  latest: { progress: number; note: string };
  /** When a cancel was passed to the thread (performance.now()), or null. */
  cancelAt: number | null;
  /** The row ended elsewhere or the job belongs to another attempt now. */
  lost: boolean;
  /** The run outlived the queue's run limit. */
  overtime: boolean;
}

/** The run the watch looks after. */
export interface WatchedRun {
  boss: PgBoss;
  job: ExperimentJob;
  run: ThreadRun;
  /** performance.now() at the run's start. */
  started: number;
  limitMs: number;
  state: RunWatchState;
}

/** One look at the run: write progress, then stop it if it is lost, cancelled, past its grace or past its limit. */
async function check(ctx: RunnerContext, watched: WatchedRun): Promise<void> {
  const { boss, job, run, state } = watched;
  const id = job.data.experimentId;
  const row = await writeExperimentProgress(ctx.db, id, state.latest.progress, state.latest.note);
  const held = await boss.getJobById<ExperimentJobData>(EXPERIMENT_QUEUE, job.id);
  // A long experiment keeps the loop here: its progress writes prove the runner alive.
  void ctx.heartbeat();
  if (row === null || !held || held.state !== "active" || new Date(held.startedOn).getTime() !== new Date(job.startedOn).getTime()) {
    // The row ended elsewhere, or the job expired and belongs to another attempt now: stop computing for nobody.
    state.lost = true;
    void run.terminate();
  } else if (row.cancelRequested && state.cancelAt === null) {
    state.cancelAt = performance.now();
    run.cancel();
  } else if (state.cancelAt !== null && performance.now() - state.cancelAt > ctx.cancelGraceMs) {
    void run.terminate();
  } else if (performance.now() - watched.started > watched.limitMs) {
    state.overtime = true;
    void run.terminate();
  }
}

/** Starts the watch; the returned function stops it. A look still under way skips the next tick. */
export function watchRun(ctx: RunnerContext, watched: WatchedRun): () => void {
  const id = watched.job.data.experimentId;
  let writing = false;
  const ticker = setInterval(() => {
    if (writing) return;
    writing = true;
    void check(ctx, watched)
      .catch((error: unknown) => ctx.log.warn({ event: "experiment.progress-error", id, error: String(error) }, "could not write progress"))
      .finally(() => {
        writing = false;
      });
  }, ctx.progressMs);
  return () => clearInterval(ticker);
}
