/** Command-line parsing for `npm run ask:eval` (node:util parseArgs). Bad usage throws AskEvalArgError (exit code 2). */
import { parseArgs } from "node:util";

/** A usage error (or a missing model); the message is the one line printed. */
export class AskEvalArgError extends Error {}

/** Parsed options. */
export interface AskEvalArgs {
  json: boolean;
  limit: number | null;
  /** The instant the period questions' "last 7 days" end at (default: now). */
  until: Date | null;
  help: boolean;
}

/** Usage text (--help). */
export const ASK_EVAL_USAGE = `usage: npm run --silent ask:eval -- [--json] [--limit N] [--until ISO-TIME]

Asks the configured model (VERDANT_ASK_BASE_URL, VERDANT_ASK_MODEL, VERDANT_ASK_API_KEY, as the app) the
golden set's questions about the demo's decisions and last week, each grounded and checked exactly as in
the app, and prints per question whether a checked answer was shown and which expected facts it lacks.
Reads DATABASE_URL, else the embedded PostgreSQL of \`npm start\` (stop \`npm start\` first, or give DATABASE_URL).

  --json            also print { questions, answered, factChecksFailed, expectedFactsMissing, ... } as the last line
  --limit N         ask only the first N questions (1-1000)
  --until ISO-TIME  end of "the last 7 days" for the questions about a week (default: now)
  --help            this text

Exit codes: 0 done, 1 failure, 2 bad arguments or no model configured (one line on stderr).`;

/** Parses argv (without node and the script). */
export function parseAskEvalArgs(argv: readonly string[]): AskEvalArgs {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        json: { type: "boolean", default: false },
        limit: { type: "string" },
        until: { type: "string" },
        help: { type: "boolean", short: "h", default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new AskEvalArgError(`${(error as Error).message.split("\n")[0]} (see --help)`);
  }
  if (values.help) return { json: false, limit: null, until: null, help: true };
  let limit: number | null = null;
  if (values.limit !== undefined) {
    limit = Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new AskEvalArgError(`--limit: "${values.limit}" is not a whole number from 1 to 1000`);
  }
  let until: Date | null = null;
  if (values.until !== undefined) {
    until = new Date(values.until);
    if (!/^\d{4}-\d{2}-\d{2}T/.test(values.until) || Number.isNaN(until.getTime()))
      throw new AskEvalArgError(`--until: "${values.until}" is not an ISO date-time such as 2026-03-15T12:00:00Z`);
  }
  return { json: values.json, limit, until, help: false };
}
