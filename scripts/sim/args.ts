/** Command-line parsing for `npm run sim` (node:util parseArgs). Bad usage throws SimArgError (exit code 2). */
import { parseArgs } from "node:util";

/** A usage error; the message is the one line printed. */
export class SimArgError extends Error {}

/** Parsed options. */
export interface SimArgs {
  scenario: string;
  json: boolean;
  /** Override of the scenario's seed. */
  seed: number | null;
  /** Run the scenario once per seed and summarize (--seeds). */
  seeds: number[] | null;
  /** Run only these policies (the baseline is always kept). */
  policies: string[] | null;
  /** Time policies by this process's CPU time (user + system) instead of the wall clock (--cpu-time). */
  cpuTime: boolean;
  help: boolean;
}

/** Usage text (--help). */
export const USAGE = `usage: npm run --silent sim -- --scenario FILE.json [--json] [--seed N | --seeds A-B] [--policies a,b] [--cpu-time]

Replays a scenario (fleet, workload trace, carbon data, policies; format in examples/README.md)
through the simulator and prints a table with one column per policy. Progress goes to stderr.

  --scenario FILE   scenario JSON; paths inside it are relative to its folder
  --json            also print the results as one JSON object on the last line of stdout
  --seed N          override the scenario's seed (node and workload sampling and the simulation)
  --seeds A-B       run once per seed (a range A-B or a list 1,5,9; at most 100) and print each
                    policy's CO2e saving, GAR change and wait change as mean, min and max over them
  --policies a,b    run only these policies of the scenario (its baseline is always run)
  --cpu-time        report each policy's time as this process's CPU time, not wall time (on a
                    shared machine the wall clock also counts the time other work held the cores)
  --help            this text

Exit codes: 0 done, 2 bad arguments or bad scenario (one line on stderr names the field or file:line).`;

/** Parses argv (without node and the script). */
export function parseSimArgs(argv: readonly string[]): SimArgs {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        scenario: { type: "string" },
        json: { type: "boolean", default: false },
        seed: { type: "string" },
        seeds: { type: "string" },
        policies: { type: "string" },
        "cpu-time": { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new SimArgError(`${(error as Error).message.split("\n")[0]} (see --help)`);
  }
  if (values.help) return { scenario: "", json: false, seed: null, seeds: null, policies: null, cpuTime: false, help: true };
  if (!values.scenario) throw new SimArgError("--scenario: missing; give the scenario JSON file (see --help)");
  let seed: number | null = null;
  if (values.seed !== undefined) {
    seed = Number(values.seed);
    if (!/^\d+$/.test(values.seed) || seed > 2 ** 32 - 1) throw new SimArgError(`--seed: expected a whole number 0..4294967295, got "${values.seed}"`);
  }
  const seeds = values.seeds === undefined ? null : parseSeeds(values.seeds);
  if (seeds && seed !== null) throw new SimArgError("--seed and --seeds: give one of them");
  const policies =
    values.policies === undefined
      ? null
      : values.policies
          .split(",")
          .map((p) => p.trim())
          .filter(Boolean);
  if (policies && policies.length === 0) throw new SimArgError("--policies: give at least one policy name");
  return { scenario: values.scenario, json: values.json, seed, seeds, policies, cpuTime: values["cpu-time"], help: false };
}

/** "3-7" or "1,5,9" -> distinct seeds in order; SimArgError otherwise. */
function parseSeeds(text: string): number[] {
  const bad = () => new SimArgError(`--seeds: expected a range like 1-8 or a list like 1,5,9 of whole numbers (at most 100 seeds), got "${text}"`);
  const range = /^(\d+)-(\d+)$/.exec(text.trim());
  let seeds: number[];
  if (range) {
    const [a, b] = [Number(range[1]), Number(range[2])];
    if (b < a || b - a >= 100) throw bad();
    seeds = Array.from({ length: b - a + 1 }, (_, i) => a + i);
  } else {
    const parts = text.split(",").map((p) => p.trim());
    if (parts.some((p) => !/^\d+$/.test(p))) throw bad();
    seeds = [...new Set(parts.map(Number))];
  }
  if (seeds.length === 0 || seeds.length > 100 || seeds.some((x) => x > 2 ** 32 - 1)) throw bad();
  return seeds;
}
