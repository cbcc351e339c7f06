/** Queue upkeep of a runner: jobs for queued rows without one, dead letters, and giving a job back. */
import type PgBoss from "pg-boss";
import { failLostExperiment, findQueuedExperimentIds, requeueExperiment } from "../repositories/experiment-repository";
import { DEAD_EXPERIMENT_QUEUE, EXPERIMENT_QUEUE, jobIdOf, type ExperimentJobData } from "./experiment-queue";
import type { ExperimentJob, RunnerContext } from "./runner-context";

/** Why an experiment failed when its job gave up after runners kept dying under it. */
export const CRASH_REASON =
  "The experiment runner stopped while this experiment was running, on every attempt (its process crashed or lost the database). Start the experiment again.";

/** Every queued experiment has its job (a no-op for those that have one), and dead letters become FAILED rows. */
export async function sweepQueue(ctx: Pick<RunnerContext, "db" | "log">, boss: PgBoss): Promise<void> {
  const { db, log } = ctx;
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
export async function giveBack(ctx: Pick<RunnerContext, "db">, boss: PgBoss, job: ExperimentJob): Promise<void> {
  const id = job.data.experimentId;
  await requeueExperiment(ctx.db, id);
  await boss.deleteJob(EXPERIMENT_QUEUE, job.id);
  await boss.send(EXPERIMENT_QUEUE, { experimentId: id } satisfies ExperimentJobData, { id: jobIdOf(id) });
}
