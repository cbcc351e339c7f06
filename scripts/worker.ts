// The scheduling worker process, started beside the web server by `npm start` (VERDANT_WORKER=off
// disables it). Any number may run against one database: one leader schedules at a time.
import { parseEnv } from "../server/env.js";
import { createDb } from "../server/db/client";
import { startSchedulerWorker } from "../server/worker/scheduler-worker";

const env = parseEnv(process.env);
if (!env.DATABASE_URL) {
  console.error("[worker] DATABASE_URL is not set; start the worker through `npm start`.");
  process.exit(2);
}
const db = createDb(env.DATABASE_URL);
const worker = startSchedulerWorker({
  db,
  databaseUrl: env.DATABASE_URL,
  cycleMs: env.VERDANT_CYCLE_MS,
  simSpeed: env.VERDANT_SIM_SPEED,
  maxJobsPerCycle: 200,
  seed: 42,
  log: (line) => console.log(JSON.stringify({ at: new Date().toISOString(), component: "worker", ...line })),
});

async function stop() {
  await worker.stop();
  await db.$disconnect();
  process.exit(0);
}
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
