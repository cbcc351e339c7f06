// Shared shell of the background processes `npm start` runs beside the web server (the scheduling
// worker, the experiment runner): read the validated env, open the database, log JSON lines tagged
// with the component, and stop cleanly on SIGTERM/SIGINT.
import { parseEnv } from "../../server/env.js";
import { createDb, type Db } from "../../server/db/client";

type Env = ReturnType<typeof parseEnv>;
type LogLine = Record<string, unknown>;

/** Starts `start` with the database and a logger; its `stop` runs before the process exits. */
export function runBackgroundProcess(component: string, start: (deps: { db: Db; databaseUrl: string; env: Env; log: (line: LogLine) => void }) => { stop: () => Promise<void> }): void {
  const env = parseEnv(process.env);
  if (!env.DATABASE_URL) {
    console.error(`[${component}] DATABASE_URL is not set; start it through \`npm start\`.`);
    process.exit(2);
  }
  const db = createDb(env.DATABASE_URL);
  const log = (line: LogLine) => console.log(JSON.stringify({ at: new Date().toISOString(), component, ...line }));
  const running = start({ db, databaseUrl: env.DATABASE_URL, env, log });
  const stop = async () => {
    await running.stop();
    await db.$disconnect();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop());
  process.on("SIGINT", () => void stop());
}
