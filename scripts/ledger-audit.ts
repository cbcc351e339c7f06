/**
 * ledger:audit — checks the savings ledger against a shadow replay of the same jobs:
 * `npm run --silent ledger:audit -- --days 7 [--until ISO-TIME] [--json]` (see --help).
 * Reads DATABASE_URL, else starts the embedded PostgreSQL of `npm start` (VERDANT_DATA_DIR,
 * VERDANT_EMBEDDED_PG_PORT). Exit code 2 on bad arguments, 1 on any other failure.
 */
import { performance } from "node:perf_hooks";
import { resolve } from "node:path";
import { differenceInterval, perJobGrams } from "../server/accounting/audit-difference-interval";
import { replayedGrams, runPartCollector, shadowBreakdown } from "../server/accounting/shadow-breakdown";
import { readShadowShared, readShadowWindow } from "../server/accounting/shadow-replay-reads";
import { buildShadowScenario, summarizeAudit } from "../server/accounting/shadow-replay";
import { createDb } from "../server/db/client";
import { simulate } from "../server/engine";
import { parseEnv } from "../server/env.js";
import { openDatabase } from "./lib/database";
import { LEDGER_AUDIT_USAGE, LedgerAuditArgError, parseLedgerAuditArgs, type LedgerAuditArgs } from "./lib/ledger-audit-args";
import { breakdownLines } from "./lib/ledger-audit-breakdown";
import { ledgerAuditJson, ledgerAuditLines } from "./lib/ledger-audit-report";

const DAY_MS = 86_400_000;

async function audit(args: LedgerAuditArgs): Promise<void> {
  const env = parseEnv(process.env);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: resolve(env.VERDANT_DATA_DIR), embeddedPort: env.VERDANT_EMBEDDED_PG_PORT });
  const db = createDb(database.url);
  try {
    const to = args.until ?? new Date();
    const from = new Date(to.getTime() - args.days * DAY_MS);
    const shared = await readShadowShared(db);
    const { policy } = shared;
    if (!policy) throw new Error("No placement policy is active; activate one in Admin > Policy first.");
    const input = await readShadowWindow(db, { ...shared, policy }, from.getTime(), to.getTime());
    const t0 = performance.now();
    const { jobs, occupants } = input;
    const { scenario, unmeasuredHours, forecastHours } = buildShadowScenario(input);
    const collector = runPartCollector();
    const result = simulate(scenario, { now: () => performance.now(), onRunPart: collector.onRunPart });
    process.stderr.write(
      `replayed ${jobs.length} jobs (and ${occupants.length} that only held capacity) under 2 policies in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`,
    );
    const breakdown = shadowBreakdown(jobs, scenario, collector.parts);
    const summary = summarizeAudit(jobs, result, unmeasuredHours, replayedGrams(breakdown), forecastHours);
    const interval = differenceInterval(perJobGrams(jobs, scenario, collector.parts));
    const lines = [
      ...ledgerAuditLines(summary, { from, to }, interval),
      `jobs replayed only to hold capacity as they did live: ${occupants.length}`,
      ...breakdownLines(breakdown),
    ];
    if (args.json) lines.push(ledgerAuditJson(summary));
    process.stdout.write(`${lines.join("\n")}\n`);
  } finally {
    await db.$disconnect();
    await database.stop();
  }
}

try {
  const args = parseLedgerAuditArgs(process.argv.slice(2));
  if (args.help) process.stdout.write(`${LEDGER_AUDIT_USAGE}\n`);
  else await audit(args);
} catch (error) {
  process.stderr.write(`ledger:audit: ${(error as Error).message}\n`);
  // An explicit exit: a module loaded on the way (the database client) resets process.exitCode.
  process.exit(error instanceof LedgerAuditArgError ? 2 : 1);
}
