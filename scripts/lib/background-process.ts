// Shared shell of the background processes `npm start` runs beside the web server (the scheduling
// worker, the experiment runner): read the validated env, open the database, hand over a pino logger
// tagged with the component, and stop cleanly on SIGTERM/SIGINT.
import { parseEnv } from "../../server/env.js";
import { createDb, type Db } from "../../server/db/client";
import { componentLogger, type Logger } from "../../server/logging/logger";

type Env = ReturnType<typeof parseEnv>;

/** Starts `start` with the database and a logger; its `stop` runs before the process exits. */
export function runBackgroundProcess(
  component: string,
  start: (deps: { db: Db; databaseUrl: string; env: Env; logger: Logger }) => { stop: () => Promise<void> },
): void {
  const env = parseEnv(process.env);
  const logger = componentLogger(component);
  if (!env.DATABASE_URL) {
    logger.fatal("DATABASE_URL is not set; start it through `npm start`.");
    process.exit(2);
  }
  const db = createDb(env.DATABASE_URL);
  logger.info({ event: "start" }, `${component} started`);
  const running = start({ db, databaseUrl: env.DATABASE_URL, env, logger });
  const stop = async (signal: string) => {
    logger.info({ event: "stop", signal }, `${component} stopping`);
    await running.stop();
    await db.$disconnect();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}
