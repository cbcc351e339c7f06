/** Claiming a queue job's experiment and reading what its run needs. */
import type PgBoss from "pg-boss";
import { claimExperiment, findExperimentForRun, finishExperiment, type ExperimentRunRow } from "../repositories/experiment-repository";
import { StoredJsonError } from "../repositories/stored-json";
import { EXPERIMENT_QUEUE } from "./experiment-queue";
import type { ExperimentJob, RunnerContext } from "./runner-context";

/** A claimed experiment ready to run. */
export interface ClaimedRun {
  row: ExperimentRunRow;
  /** The status before the claim: RUNNING means an earlier runner stopped under it. */
  previous: "QUEUED" | "RUNNING";
}

/**
 * Claims the experiment and reads its row; null when there is nothing to run (cancelled while
 * queued, already ended, or unreadable), with the job completed.
 */
export async function claimRun(ctx: Pick<RunnerContext, "db" | "log">, boss: PgBoss, job: ExperimentJob): Promise<ClaimedRun | null> {
  const { db, log } = ctx;
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
    return null;
  }
  if (!claim || !row) {
    // Cancelled while queued, or already ended: the job has nothing left to do.
    await boss.complete(EXPERIMENT_QUEUE, job.id);
    return null;
  }
  return { row, previous: claim.previous };
}
