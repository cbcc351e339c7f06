// One job runner (drivers + sim clock) per test database, as the worker keeps one per process.
import type { Db } from "../../../server/db/client";
import { createJobRunner, type JobRunner } from "../../../server/services/job-runner";

const runners = new WeakMap<Db, JobRunner>();

/** The runner of `db` at 60x (created on first use). */
export function runnerFor(db: Db): JobRunner {
  let runner = runners.get(db);
  if (!runner) {
    runner = createJobRunner(db, { simSpeed: 60, seed: 1 });
    runners.set(db, runner);
  }
  return runner;
}
