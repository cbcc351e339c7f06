/**
 * replay — decides stored decisions again from their stored engine inputs and checks the result is
 * byte for byte what was stored. `npm run --silent replay -- --decision ID | --all [--json]`.
 * Exit code 1 on a mismatch (not on a decision that differs only because the engine build changed since), 2 on bad arguments or no database.
 */
import { performance } from "node:perf_hooks";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseEnv } from "../server/env.js";
import { embeddedDatabaseUrl } from "../server/db/embedded-postgres";
import { openDatabase, type Database } from "./lib/database";
import { assertPortFree } from "./lib/preflight";
import { parseReplayArgs, REPLAY_USAGE, ReplayArgError } from "./replay/args";
import { replayResultLines } from "./replay/report";

const root = fileURLToPath(new URL("..", import.meta.url));

/** The database of `npm start`: DATABASE_URL, the running embedded server, or the embedded server started for this run. */
async function database(): Promise<Database> {
  const env = parseEnv(process.env);
  const dataDir = resolve(root, env.VERDANT_DATA_DIR);
  if (env.DATABASE_URL) return openDatabase({ databaseUrl: env.DATABASE_URL, dataDir, embeddedPort: env.VERDANT_EMBEDDED_PG_PORT });
  const running = await assertPortFree(env.VERDANT_EMBEDDED_PG_PORT, "embedded PostgreSQL").then(
    () => false,
    () => true,
  );
  if (running) return { url: embeddedDatabaseUrl(join(dataDir, "pg"), env.VERDANT_EMBEDDED_PG_PORT, "verdant"), embedded: false, stop: async () => {} };
  return openDatabase({ dataDir, embeddedPort: env.VERDANT_EMBEDDED_PG_PORT });
}

async function main(): Promise<number> {
  let args;
  try {
    args = parseReplayArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof ReplayArgError)) throw error;
    process.stderr.write(`${error.message}\n${REPLAY_USAGE}\n`);
    return 2;
  }
  if (args.help) {
    process.stdout.write(`${REPLAY_USAGE}\n`);
    return 0;
  }
  const db0 = await database();
  // Imported only now: these modules need the generated Prisma client and read no environment at load.
  const { createDb } = await import("../server/db/client");
  const { replayAllDecisions, replayDecision } = await import("../server/services/decision-replay-service");
  const db = createDb(db0.url);
  const print = (result: Parameters<typeof replayResultLines>[0]) =>
    process.stdout.write(`${args.json ? JSON.stringify(result) : replayResultLines(result).join("\n")}\n`);
  try {
    const started = performance.now();
    if (args.decisionId) {
      const result = await replayDecision(db, args.decisionId);
      print(result);
      const replayed = result.status === "inputs-not-recorded" ? 0 : 1;
      const mismatches = result.status === "mismatch" ? 1 : 0;
      const engineChanged = result.status === "engine-changed" ? 1 : 0;
      if (args.json) process.stdout.write(`${JSON.stringify({ replayed, mismatches, engineChanged, skipped: 1 - replayed })}\n`);
      return mismatches ? 1 : 0;
    }
    const summary = await replayAllDecisions(db, (r) => {
      if (args.json || r.status !== "inputs-not-recorded") print(r);
    });
    const seconds = (performance.now() - started) / 1000;
    if (args.json) process.stdout.write(`${JSON.stringify(summary)}\n`);
    else
      process.stdout.write(
        `replayed ${summary.replayed} decisions in ${seconds.toFixed(1)} s: ${summary.replayed - summary.mismatches - summary.engineChanged} reproduced, ${summary.mismatches} mismatches, ${summary.engineChanged} differ because the engine changed since the decision; ${summary.skipped} without stored inputs\n`,
      );
    return summary.mismatches > 0 ? 1 : 0;
  } finally {
    await db.$disconnect();
    await db0.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    process.stderr.write(`replay: ${error.message}\n`);
    process.exit(2);
  },
);
