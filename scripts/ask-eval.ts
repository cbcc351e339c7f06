/**
 * ask:eval — asks the configured model the golden set's questions over the demo and scores the answers:
 * `npm run --silent ask:eval -- [--json] [--limit N] [--until ISO-TIME]` (see --help).
 * Reads DATABASE_URL, else starts the embedded PostgreSQL of `npm start` (VERDANT_DATA_DIR,
 * VERDANT_EMBEDDED_PG_PORT). Exit code 2 on bad arguments or when no model is configured, 1 on any other failure.
 */
import { resolve } from "node:path";
import { ASK_ENABLE_HINT, askConfig } from "../server/ask";
import { AskEvalArgError, ASK_EVAL_USAGE, parseAskEvalArgs, type AskEvalArgs } from "../server/ask/eval/args";
import { GOLDEN_SET } from "../server/ask/eval/golden-set";
import { reportJson, reportLines } from "../server/ask/eval/report";
import { resolveCases, runCase, summarize, type EvalResult } from "../server/ask/eval/run-eval";
import { createDb } from "../server/db/client";
import { parseEnv } from "../server/env.js";
import { openDatabase } from "./lib/database";

async function evaluate(args: AskEvalArgs): Promise<void> {
  const config = askConfig();
  if (!config) throw new AskEvalArgError(`no model is configured: ${ASK_ENABLE_HINT}`);
  // The hourly limit is for people; a measurement run asks as demo users and would stop at it.
  process.env.VERDANT_ASK_RATE_PER_HOUR ??= "10000";
  const env = parseEnv(process.env);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: resolve(env.VERDANT_DATA_DIR), embeddedPort: env.VERDANT_EMBEDDED_PG_PORT });
  const db = createDb(database.url);
  try {
    const questions = GOLDEN_SET.slice(0, args.limit ?? GOLDEN_SET.length);
    const { cases, unresolved } = await resolveCases(db, questions, args.until ?? new Date());
    const results: EvalResult[] = [];
    for (const c of cases) {
      results.push(await runCase(db, c));
    }
    const summary = summarize(results, unresolved.length);
    const lines = reportLines(results, unresolved, summary, config.model);
    if (args.json) lines.push(reportJson(summary));
    process.stdout.write(`${lines.join("\n")}\n`);
  } finally {
    await db.$disconnect();
    await database.stop();
  }
}

try {
  const args = parseAskEvalArgs(process.argv.slice(2));
  if (args.help) process.stdout.write(`${ASK_EVAL_USAGE}\n`);
  else await evaluate(args);
} catch (error) {
  process.stderr.write(`ask:eval: ${(error as Error).message}\n`);
  // An explicit exit: a module loaded on the way (the database client) resets process.exitCode.
  process.exit(error instanceof AskEvalArgError ? 2 : 1);
}
