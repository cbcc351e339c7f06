/**
 * sim — replays a scenario file through the discrete-event simulator and compares its policies.
 * `npm run --silent sim -- --scenario FILE.json [--json]`; see --help and examples/README.md.
 * Exit code 2 on bad arguments or a bad scenario, with one line on stderr naming the field or file:line.
 */
import { performance } from "node:perf_hooks";
import { simulate, SimInputError, type SimInput } from "@/server/engine";
import type { SimResult } from "@/server/engine";
import { loadScenarioFileWithReport, ScenarioError } from "@/server/sim-scenario";
import { parseSimArgs, SimArgError, USAGE } from "./sim/args";
import { describeScenario, toJsonSummary, toTable } from "./sim/report";
import { seedSweepTable, summarizeSeeds } from "./sim/seed-sweep";

function pickPolicies(input: SimInput, names: readonly string[] | null): SimInput {
  if (!names) return input;
  const unknown = names.filter((n) => !input.policies.some((p) => p.name === n));
  if (unknown.length > 0)
    throw new SimArgError(`--policies: the scenario has no policy ${unknown.join(", ")} (it has ${input.policies.map((p) => p.name).join(", ")})`);
  const keep = new Set([input.baseline, ...names]);
  return { ...input, policies: input.policies.filter((p) => keep.has(p.name)) };
}

/** Progress on stderr: a rewritten line on a terminal, else one line per 10 % step. */
function progressReporter(): (progress: number, note: string) => void {
  let lastStep = -1;
  return (progress, note) => {
    if (process.stderr.isTTY) {
      process.stderr.write(`\r${(progress * 100).toFixed(0).padStart(3)} % ${note}`.padEnd(80));
      return;
    }
    const step = Math.floor(progress * 10);
    if (step > lastStep) {
      lastStep = step;
      process.stderr.write(`${(progress * 100).toFixed(0).padStart(3)} % ${note}\n`);
    }
  };
}

async function main(): Promise<void> {
  const args = parseSimArgs(process.argv.slice(2));
  if (args.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (args.seeds) return sweep(args.scenario, args.seeds, args.policies, args.json);
  const t0 = performance.now();
  const { input: loaded, report } = await loadScenarioFileWithReport(args.scenario, args.seed === null ? {} : { seed: args.seed });
  const input = pickPolicies(loaded, args.policies);
  process.stderr.write(
    `${describeScenario(input.name, report)}\nloaded in ${((performance.now() - t0) / 1000).toFixed(1)} s; simulating ${input.policies.length} policies (seed ${input.seed})\n`,
  );
  // CPU time (ms) leaves out the time other processes held the cores; the table's "wall time" row then holds it.
  const cpuMs = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  const now = args.cpuTime ? cpuMs : () => performance.now();
  if (args.cpuTime) process.stderr.write("times below are this process's CPU time (--cpu-time)\n");
  const result = simulate(input, { now, onProgress: progressReporter() });
  if (process.stderr.isTTY) process.stderr.write("\n");
  const lines = [
    `${input.name}: ${input.jobs.length} jobs, ${input.clusters.length} clusters, seed ${result.seed}; baseline "${result.baseline}"`,
    toTable(
      result,
      input.policies.map((p) => p.name),
    ),
    `simulated ${Object.values(result.policies)
      .reduce((s, m) => s + m.events, 0)
      .toLocaleString("en-US")} events in ${(result.wallMs / 1000).toFixed(1)} s (${Math.round(result.eventsPerSec).toLocaleString("en-US")} events/s)`,
  ];
  if (args.json) lines.push(JSON.stringify(toJsonSummary(result)));
  process.stdout.write(`${lines.join("\n")}\n`);
}

/** --seeds: the scenario once per seed, one progress line per seed on stderr, the spread table on stdout. */
async function sweep(file: string, seeds: readonly number[], policies: readonly string[] | null, json: boolean): Promise<void> {
  const results: SimResult[] = [];
  for (const seed of seeds) {
    const input = pickPolicies((await loadScenarioFileWithReport(file, { seed })).input, policies);
    const result = simulate(input, { now: () => performance.now() });
    results.push(result);
    const saved = Object.entries(result.policies)
      .filter(([n]) => n !== result.baseline)
      .map(([n, m]) => `${n} ${m.emissionsSavedPctVsBaseline.toFixed(1)} %`);
    process.stderr.write(`seed ${seed}: CO2e saved ${saved.join(", ")} (${(result.wallMs / 1000).toFixed(1)} s)\n`);
  }
  const summary = summarizeSeeds(seeds, results);
  process.stdout.write(`${seedSweepTable(summary)}\n${json ? `${JSON.stringify(summary)}\n` : ""}`);
}

main().catch((error: unknown) => {
  if (error instanceof SimArgError || error instanceof ScenarioError || error instanceof SimInputError) {
    process.stderr.write(`sim: ${error.message.split("\n")[0]}\n`);
    process.exit(2);
  }
  process.stderr.write(`sim: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
