// The experiment runner process, started beside the web server by `npm start` (VERDANT_EXPERIMENTS=off
// disables it; it does not depend on VERDANT_WORKER, so a web-only instance can still run experiments).
// Any number may run against one database: each experiment is claimed by exactly one runner.
import { startExperimentRunner } from "../server/experiments/runner";
import { runBackgroundProcess } from "./lib/background-process";

runBackgroundProcess("experiments", ({ db, databaseUrl, logger }) => startExperimentRunner({ db, databaseUrl, logger }));
