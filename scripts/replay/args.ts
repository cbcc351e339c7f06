/** Command-line arguments of `npm run replay`. */

/** Usage text of the replay command. */
export const REPLAY_USAGE = `Usage: npm run --silent replay -- (--decision ID | --all) [--json]
  --decision ID  replay one stored decision
  --all          replay every stored decision, oldest first
  --json         one JSON result per line, then {"replayed","mismatches","engineChanged","skipped"} as the last line
Uses DATABASE_URL, else the embedded PostgreSQL of npm start (VERDANT_DATA_DIR, VERDANT_EMBEDDED_PG_PORT).
Exit code 1 when a decision does not replay as stored by the engine build that made it, 2 on bad arguments.`;

/** Parsed arguments. */
export interface ReplayArgs {
  readonly decisionId: string | null;
  readonly all: boolean;
  readonly json: boolean;
  readonly help: boolean;
}

/** Bad arguments, with a sentence naming the argument. */
export class ReplayArgError extends Error {}

/** Parses `argv` (without node and the script); throws ReplayArgError naming the bad argument. */
export function parseReplayArgs(argv: readonly string[]): ReplayArgs {
  let decisionId: string | null = null;
  let all = false;
  let json = false;
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--decision") {
      const id = argv[++i];
      if (!id || id.startsWith("--")) throw new ReplayArgError("--decision: give the decision id after it");
      decisionId = id;
    } else if (arg === "--all") all = true;
    else if (arg === "--json") json = true;
    else if (arg === "--help" || arg === "-h") help = true;
    else throw new ReplayArgError(`${arg}: unknown argument`);
  }
  if (!help && (decisionId === null) === !all) throw new ReplayArgError("give exactly one of --decision ID and --all");
  return { decisionId, all, json, help };
}
