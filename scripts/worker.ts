// The scheduling worker process, started beside the web server by `npm start` (VERDANT_WORKER=off
// disables it). Any number may run against one database: one leader schedules at a time.
import { fileURLToPath } from "node:url";
import { startSchedulerWorker } from "../server/worker/scheduler-worker";
import { runBackgroundProcess } from "./lib/background-process";

runBackgroundProcess("worker", ({ db, databaseUrl, env, logger }) =>
  startSchedulerWorker({
    db,
    databaseUrl,
    cycleMs: env.VERDANT_CYCLE_MS,
    simSpeed: env.VERDANT_SIM_SPEED,
    inventoryRefreshMs: env.VERDANT_INVENTORY_REFRESH_MS,
    healthEveryMs: env.VERDANT_NODE_HEALTH_MS,
    reconcileEveryMs: env.VERDANT_RECONCILE_MS,
    maxJobsPerCycle: 200,
    seed: 42,
    logger,
    // Demo arrivals run at SystemSetting.demoArrivalsPerHour (0 = off; the busy demo seeds a rate).
    demoDataDir: fileURLToPath(new URL("../data/demo", import.meta.url)),
  }),
);
