/** Recording how an experiment's run ended: its results, a cancel, a failure or the run limit. */
import { finishExperiment, type ExperimentJson } from "../repositories/experiment-repository";
import type { ThreadOutcome } from "./run-in-thread";
import type { RunWatchState } from "./run-watch";
import type { RunnerContext } from "./runner-context";

/** A run that ended and is still this runner's to record. */
export interface EndedRun {
  id: string;
  outcome: ThreadOutcome;
  watch: RunWatchState;
  wallMs: number;
  limitMs: number;
  at: Date;
}

/** Writes the run's ending to the experiment row and logs it. */
export async function recordOutcome(ctx: Pick<RunnerContext, "db" | "log">, ended: EndedRun): Promise<void> {
  const { db, log } = ctx;
  const { id, outcome, watch, wallMs, at } = ended;
  if (watch.overtime && outcome.status !== "SUCCEEDED") {
    const minutes = Math.round(ended.limitMs / 60_000);
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
  } else if (outcome.status === "CANCELLED" || watch.cancelAt !== null) {
    await finishExperiment(db, id, { status: "CANCELLED", at, wallMs, note: `Cancelled at ${Math.round(watch.latest.progress * 100)} %.` });
    const cancelMs = watch.cancelAt === null ? null : Math.round(performance.now() - watch.cancelAt);
    log.info({ event: "experiment.cancelled", id, wallMs: Math.round(wallMs), cancelMs }, "experiment cancelled");
  } else {
    await finishExperiment(db, id, { status: "FAILED", at, wallMs, note: "Failed.", error: outcome.error });
    log.error({ event: "experiment.failed", id, error: outcome.error }, "experiment failed");
  }
}
