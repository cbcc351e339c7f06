/** Command-line parsing for `npm run ledger:audit` (node:util parseArgs). Bad usage throws LedgerAuditArgError (exit code 2). */
import { parseArgs } from "node:util";

/** A usage error; the message is the one line printed. */
export class LedgerAuditArgError extends Error {}

/** Parsed options. */
export interface LedgerAuditArgs {
  days: number;
  /** End of the period (default: now). */
  until: Date | null;
  json: boolean;
  help: boolean;
}

/** Usage text (--help). */
export const LEDGER_AUDIT_USAGE = `usage: npm run --silent ledger:audit -- --days N [--until ISO-TIME] [--json]

Replays the jobs of the last N days that have a savings-ledger entry through the simulator, under the
carbon-agnostic baseline and under the active policy, on the fleet's inventory and the measured
intensity, and prints both totals beside the ledger's own for the same jobs. Reads DATABASE_URL, else
the embedded PostgreSQL of \`npm start\` (stop \`npm start\` first, or give DATABASE_URL).

  --days N          the period: jobs submitted in the N days (1-90) before --until
  --until ISO-TIME  end of the period (default: now), e.g. 2026-03-15T12:00:00Z
  --json            also print { entries, baselineClusterShareMax, ledgerSavedPct, shadowSavedPct } as the last line
  --help            this text

Exit codes: 0 done, 1 failure, 2 bad arguments (one line on stderr names the flag).`;

/** Parses argv (without node and the script). */
export function parseLedgerAuditArgs(argv: readonly string[]): LedgerAuditArgs {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        days: { type: "string" },
        until: { type: "string" },
        json: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new LedgerAuditArgError(`${(error as Error).message.split("\n")[0]} (see --help)`);
  }
  if (values.help) return { days: 0, until: null, json: false, help: true };
  if (values.days === undefined) throw new LedgerAuditArgError("--days: missing; give the number of days to audit, 1-90 (see --help)");
  const days = Number(values.days);
  if (!Number.isInteger(days) || days < 1 || days > 90) throw new LedgerAuditArgError(`--days: "${values.days}" is not a whole number of days from 1 to 90`);
  let until: Date | null = null;
  if (values.until !== undefined) {
    until = new Date(values.until);
    if (!/^\d{4}-\d{2}-\d{2}T/.test(values.until) || Number.isNaN(until.getTime()))
      throw new LedgerAuditArgError(`--until: "${values.until}" is not an ISO date-time such as 2026-03-15T12:00:00Z`);
  }
  return { days, until, json: values.json, help: false };
}
