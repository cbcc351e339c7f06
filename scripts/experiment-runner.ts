// The experiment runner process, started beside the web server by `npm start` (VERDANT_EXPERIMENTS=off
// disables it; it does not depend on VERDANT_WORKER, so a web-only instance can still run experiments).
// Any number may run against one database: each experiment is claimed by exactly one runner.
import { parseEnv } from "../server/env.js";
import { createDb } from "../server/db/client";
import { startExperimentRunner } from "../server/experiments/runner";

const env = parseEnv(process.env);
if (!env.DATABASE_URL) {
  console.error("[experiments] DATABASE_URL is not set; start the runner through `npm start`.");
  process.exit(2);
}
const db = createDb(env.DATABASE_URL);
const runner = startExperimentRunner({
  db,
  databaseUrl: env.DATABASE_URL,
  log: (line) => console.log(JSON.stringify({ at: new Date().toISOString(), component: "experiments", ...line })),
});

async function stop() {
  await runner.stop();
  await db.$disconnect();
  process.exit(0);
}
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
