/**
 * auto-tune — searches the active policy's weights and deferral thresholds on the fleet's recorded
 * history (training window), validates the best on the later held-out window and prints the figures:
 * `npm run --silent auto-tune -- --training-days 3 --validation-days 1 --budget 12 [--until ISO] [--seed N]
 * [--max-gar-drop PTS] [--max-wait-increase PCT] [--json]`. Read-only: it proposes nothing; the
 * experiment of the same name (Operator > Experiments > New auto-tune) stores a proposal for admins.
 * Reads DATABASE_URL, else starts the embedded PostgreSQL of `npm start`. Exit 2 on bad arguments.
 */
import { performance } from "node:perf_hooks";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { createDb } from "../server/db/client";
import { parseEnv } from "../server/env.js";
import { startAutoTuneSchema } from "../server/schemas/auto-tune";
import { autoTuneSettings } from "../server/services/auto-tune-service";
import { runAutoTune } from "../server/tuning/auto-tune";
import { loadTuneHistory } from "../server/tuning/tune-history";
import { openDatabase } from "./lib/database";
import { autoTuneLines } from "./lib/auto-tune-report";

const USAGE =
  "usage: npm run --silent auto-tune -- --training-days N --validation-days N --budget N [--until ISO-TIME] [--seed N] [--max-gar-drop PTS] [--max-wait-increase PCT] [--validate-top N] [--json]";

class ArgError extends Error {}

function parse(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      "training-days": { type: "string" },
      "validation-days": { type: "string" },
      budget: { type: "string" },
      until: { type: "string" },
      seed: { type: "string" },
      "max-gar-drop": { type: "string" },
      "max-wait-increase": { type: "string" },
      "validate-top": { type: "string" },
      json: { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) return null;
  const num = (flag: string, v: string | undefined) => {
    if (v === undefined) return undefined;
    const n = Number(v);
    if (!Number.isFinite(n)) throw new ArgError(`--${flag} must be a number (got "${v}")`);
    return n;
  };
  const input = {
    name: "cli",
    trainingDays: num("training-days", values["training-days"]),
    validationDays: num("validation-days", values["validation-days"]),
    budget: num("budget", values.budget),
    endAt: values.until,
    seed: num("seed", values.seed),
    maxGarDropPts: num("max-gar-drop", values["max-gar-drop"]),
    maxMeanWaitIncreasePct: num("max-wait-increase", values["max-wait-increase"]),
    validateTop: num("validate-top", values["validate-top"]),
  };
  const checked = startAutoTuneSchema.safeParse(input);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    const flag = String(issue.path[0] ?? "").replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    throw new ArgError(`--${flag}: ${issue.message}`);
  }
  return { input: checked.data, json: values.json };
}

async function main(argv: string[]) {
  const args = parse(argv);
  if (!args) return void process.stdout.write(`${USAGE}\n`);
  const env = parseEnv(process.env);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: resolve(env.VERDANT_DATA_DIR), embeddedPort: env.VERDANT_EMBEDDED_PG_PORT });
  const db = createDb(database.url);
  try {
    const { kind: _kind, ...config } = autoTuneSettings(args.input, new Date());
    const loaded = await loadTuneHistory(db, config);
    if (!loaded) throw new Error("No placement policy is active; activate one in Admin > Policy first.");
    const results = runAutoTune(loaded.history, config, loaded.active, {
      now: () => performance.now(),
      onProgress: (f, note) => process.stderr.write(`\r${(100 * f).toFixed(0).padStart(3)} % ${note}`.padEnd(90)),
    });
    process.stderr.write("\n");
    const lines = autoTuneLines(results);
    if (args.json) lines.push(JSON.stringify(results));
    process.stdout.write(`${lines.join("\n")}\n`);
  } finally {
    await db.$disconnect();
    await database.stop();
  }
}

try {
  await main(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`auto-tune: ${(error as Error).message}\n${error instanceof ArgError ? `${USAGE}\n` : ""}`);
  process.exit(error instanceof ArgError ? 2 : 1);
}
