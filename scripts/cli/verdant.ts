/**
 * `npx verdant submit|status|why|cancel`: the command line over the same tRPC API as the web app,
 * signed in with a personal API token (VERDANT_TOKEN or --token) against VERDANT_URL or --url.
 * See docs/cli.md. Returns the exit code instead of exiting, so tests run it in-process.
 */
import { parseArgs, type ParseArgsConfig } from "node:util";
import { baseUrl, verdantClient } from "./api-client";
import { cliErrorOf } from "./cli-errors";
import { CliError, EXIT, type CliIo } from "./cli-io";
import { cancelCommand, resolveClass, statusOfJob, statusOfJobs, submitCommand, whyCommand, type CommandResult } from "./commands";
import { flagOfField, jobFromFile, jobFromFlags, SUBMIT_OPTIONS, type SubmitFlags } from "./job-input";

export { processIo } from "./cli-io";

const DEFAULT_URL = "http://localhost:3000";
const DEFAULT_WAIT_S = 20;

const COMMON_OPTIONS = {
  url: { type: "string" },
  token: { type: "string" },
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const satisfies ParseArgsConfig["options"];

const STATUS_OPTIONS = { limit: { type: "string" } } as const satisfies ParseArgsConfig["options"];

const USAGE = `Usage: verdant <command> [options]

Commands:
  submit --file job.json         submit the job in the file (the API's fields)
  submit --name N [--gpus 2 --model A100-SXM4-80GB --hours 3 ...]
                                 submit from flags in the form's units; prints the id and first decision
  status [JOB] [--limit 25]      one job, or your jobs as a table
  why JOB                        the explanation of the job's latest decision
  cancel JOB                     cancel a job that has not started

Options:
  --url URL      server (default: VERDANT_URL, else ${DEFAULT_URL})
  --token TOKEN  API token (default: VERDANT_TOKEN); create one under API tokens in the account menu
  --json         machine-readable output
  -h, --help     this help

Submit flags: --name --kind training|inference|batch --cpus --memory (GiB) --gpus --gpu-share (%)
  --model (repeatable) --compute (A100-eq) --min-gpu-memory (GiB) --nodes --min-nodes --same-rack
  --hours --class (name or id) --checkpoint-minutes --start-after ISO --deadline ISO
  --region (repeatable) --allow-split --max-retries --idempotency-key --wait SECONDS (default ${DEFAULT_WAIT_S})

Exit codes: 0 done, 1 refused by the server, 2 bad usage or input, 3 token refused or not allowed,
  4 server unreachable. See docs/cli.md.
`;

type Values = Record<string, string | boolean | string[] | undefined>;

function parse(command: string, args: string[]): { values: Values; positionals: string[] } {
  const options = { ...COMMON_OPTIONS, ...(command === "submit" ? SUBMIT_OPTIONS : {}), ...(command === "status" ? STATUS_OPTIONS : {}) };
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true }) as { values: Values; positionals: string[] };
  } catch (error) {
    throw new CliError(`${(error as Error).message}\nRun \`verdant --help\` for the options.`, EXIT.usage);
  }
}

function onePositional(command: string, positionals: string[], required: boolean): string | undefined {
  if (positionals.length > 1) throw new CliError(`${command} takes one job id; got ${positionals.length}: ${positionals.join(" ")}.`, EXIT.usage);
  if (required && positionals.length === 0) throw new CliError(`${command} needs a job id: verdant ${command} JOB.`, EXIT.usage);
  return positionals[0];
}

function wholeNumber(flag: string, value: string | undefined, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > max) throw new CliError(`--${flag}: "${value}" is not a whole number from 0 to ${max}.`, EXIT.usage);
  return n;
}

/** Runs one command line; returns its exit code. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === "--help" || command === "-h" || command === "help") {
    io.stdout(USAGE);
    return command ? EXIT.ok : EXIT.usage;
  }
  let url = io.env.VERDANT_URL || DEFAULT_URL;
  let fieldLabel = flagOfField;
  try {
    if (!["submit", "status", "why", "cancel"].includes(command))
      throw new CliError(`Unknown command "${command}". Commands: submit, status, why, cancel.`, EXIT.usage);
    const { values, positionals } = parse(command, rest);
    if (values.help) {
      io.stdout(USAGE);
      return EXIT.ok;
    }
    url = baseUrl((values.url as string | undefined) ?? url);
    const token = (values.token as string | undefined) ?? io.env.VERDANT_TOKEN;
    if (!token)
      throw new CliError("No API token: set VERDANT_TOKEN or pass --token. Create one under API tokens in the account menu of the web app.", EXIT.auth);
    const client = verdantClient({ url, token });
    let result: CommandResult;
    if (command === "submit") {
      if (positionals.length > 0) throw new CliError(`submit takes no job id (got ${positionals.join(" ")}).`, EXIT.usage);
      const flags = values as SubmitFlags;
      const wait = wholeNumber("wait", flags.wait, DEFAULT_WAIT_S, 600);
      if (flags.file !== undefined) fieldLabel = (field) => field;
      const job = flags.file !== undefined ? await jobFromFile(flags.file, flags) : jobFromFlags(flags, await resolveClass(client, flags.class));
      result = await submitCommand(client, job, wait);
    } else if (command === "status") {
      const id = onePositional(command, positionals, false);
      result = id ? await statusOfJob(client, id) : await statusOfJobs(client, wholeNumber("limit", values.limit as string | undefined, 25, 200) || 25);
    } else if (command === "why") {
      result = await whyCommand(client, onePositional(command, positionals, true)!);
    } else {
      result = await cancelCommand(client, onePositional(command, positionals, true)!);
    }
    io.stdout(values.json ? JSON.stringify(result.json, null, 2) + "\n" : result.text);
    return EXIT.ok;
  } catch (error) {
    const failure = cliErrorOf(error, url, fieldLabel);
    // With --json the error is JSON too, so a script reads one format on either stream.
    io.stderr(
      rest.includes("--json") ? JSON.stringify({ error: failure.message, exitCode: failure.exitCode }) + "\n" : `verdant ${command}: ${failure.message}\n`,
    );
    return failure.exitCode;
  }
}
