/**
 * sim:load — the simulator under load: a scenario with priority classes and large gang jobs added
 * (scripts/sim/load-contention.ts), every policy under each backfill mode with preemption off and on,
 * averaged over seeds. `npm run -s sim:load -- [--scenario FILE] [--seeds 1..3] [--policies baseline,verdant]
 * [--variants backfill,preemption] [--modes off,easy] [--elastic-share 0.5] [--gang-share 0.005] [--gang-members 4..8] [--preempt-exempt 0] [--json]`; the table and the method are in docs/benchmarks/simulator-load.md.
 * Per-seed lines go to stderr; exit code 2 on bad arguments or a bad scenario.
 */
import { parseArgs } from "node:util";
import { performance } from "node:perf_hooks";
import { simulate, SimInputError, SIM_PREEMPT_EXEMPT_MINUTES, type SimPolicy, type SimPolicyMetrics } from "@/server/engine";
import { loadScenarioFileWithReport, ScenarioError } from "@/server/sim-scenario";
import { addContention, DEFAULT_CONTENTION } from "./sim/load-contention";
import { BACKFILL_MODES, loadRow, loadTable, loadVariants, type BackfillMode, type LoadVariant } from "./sim/load-variants";
import { formatDuration } from "./sim/report";

class LoadArgError extends Error {}

const USAGE = `usage: npm run -s sim:load -- [--scenario FILE] [--seeds 1..3] [--policies baseline,verdant] [--variants backfill,preemption] [--modes off,first-fit,easy,conservative] [--elastic-share S] [--gang-share S] [--gang-members A..B] [--preempt-exempt M] [--json]

  --scenario FILE    scenario JSON (default examples/scenario-loaded.json); classes and gang jobs are added to it
  --seeds A..B       seeds to average over (A..B, A-B or a list 1,5,9; default 1..3)
  --policies a,b     policies of the scenario to vary (default baseline,verdant)
  --variants x,y     toggles to vary: backfill, preemption (default both)
  --modes a,b        backfill modes run when backfill varies: off, first-fit, easy, conservative (default all four)
  --elastic-share S  share 0..1 of the added gang jobs that are elastic: start with half their members when all do not fit, grow later (default 0)
  --gang-share S     gang jobs added, as a share of the scenario's jobs (default ${DEFAULT_CONTENTION.gangShare})
  --gang-members A..B  nodes of 8 GPUs per gang job, uniform inclusive (default ${DEFAULT_CONTENTION.gangMembers.join("..")})
  --preempt-exempt M minimum run time before preemption in every variant (minutes; default the presets' ${SIM_PREEMPT_EXEMPT_MINUTES})
  --json             also print the rows as one JSON object on the last line`;

/** "1..5", "1-5" or "1,3,5" -> seeds. */
function parseSeeds(text: string): number[] {
  const range = /^(\d+)(?:\.\.|-)(\d+)$/.exec(text.trim());
  if (range) {
    const [a, b] = [Number(range[1]), Number(range[2])];
    if (b < a || b - a >= 100) throw new LoadArgError(`--seeds: expected A..B with A <= B and at most 100 seeds, got "${text}"`);
    return Array.from({ length: b - a + 1 }, (_, i) => a + i);
  }
  const parts = text.split(",").map((p) => p.trim());
  if (parts.length === 0 || parts.some((p) => !/^\d+$/.test(p))) throw new LoadArgError(`--seeds: expected A..B or a list like 1,5,9, got "${text}"`);
  return [...new Set(parts.map(Number))];
}

function parse(argv: string[]) {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        scenario: { type: "string", default: "examples/scenario-loaded.json" },
        seeds: { type: "string", default: "1..3" },
        policies: { type: "string", default: "baseline,verdant" },
        variants: { type: "string", default: "backfill,preemption" },
        modes: { type: "string", default: BACKFILL_MODES.join(",") },
        "elastic-share": { type: "string", default: "0" },
        "gang-share": { type: "string", default: String(DEFAULT_CONTENTION.gangShare) },
        "preempt-exempt": { type: "string", default: String(SIM_PREEMPT_EXEMPT_MINUTES) },
        "gang-members": { type: "string", default: DEFAULT_CONTENTION.gangMembers.join("..") },
        json: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new LoadArgError(`${(error as Error).message.split("\n")[0]} (see --help)`);
  }
  const variants = values.variants.split(",").map((v) => v.trim());
  const unknown = variants.filter((v) => v !== "backfill" && v !== "preemption" && v !== "");
  if (unknown.length > 0) throw new LoadArgError(`--variants: unknown toggle ${unknown.join(", ")} (known: backfill, preemption)`);
  const modes = [...new Set(values.modes.split(",").map((m) => m.trim()))];
  const badModes = modes.filter((m) => !(BACKFILL_MODES as readonly string[]).includes(m));
  if (modes.length === 0 || badModes.length > 0)
    throw new LoadArgError(`--modes: unknown backfill mode ${badModes.join(", ")} (known: ${BACKFILL_MODES.join(", ")})`);
  const elasticShare = Number(values["elastic-share"]);
  if (!(elasticShare >= 0 && elasticShare <= 1)) throw new LoadArgError(`--elastic-share: expected a number from 0 to 1, got "${values["elastic-share"]}"`);
  const gangShare = Number(values["gang-share"]);
  if (!(gangShare >= 0 && gangShare <= 1)) throw new LoadArgError(`--gang-share: expected a number from 0 to 1, got "${values["gang-share"]}"`);
  const members = /^(\d+)(?:\.\.|-)(\d+)$/.exec(values["gang-members"].trim());
  const gangMembers = members ? ([Number(members[1]), Number(members[2])] as const) : null;
  if (!gangMembers || gangMembers[0] < 1 || gangMembers[1] < gangMembers[0])
    throw new LoadArgError(`--gang-members: expected A..B with 1 <= A <= B, got "${values["gang-members"]}"`);
  const preemptExemptMinutes = Number(values["preempt-exempt"]);
  if (!(preemptExemptMinutes >= 0 && preemptExemptMinutes <= 1440))
    throw new LoadArgError(`--preempt-exempt: expected minutes from 0 to 1440, got "${values["preempt-exempt"]}"`);
  return {
    help: values.help,
    preemptExemptMinutes,
    elasticShare,
    gangShare,
    gangMembers,
    scenario: values.scenario,
    seeds: parseSeeds(values.seeds),
    policies: values.policies
      .split(",")
      .map((p) => p.trim())
      .filter(Boolean),
    axes: { backfill: variants.includes("backfill"), preemption: variants.includes("preemption"), modes: modes as BackfillMode[] },
    json: values.json,
  };
}

/** The policy with its minimum run time before preemption set (--preempt-exempt). */
function withExemptTime(p: SimPolicy, minutes: number): SimPolicy {
  return { ...p, policy: { ...p.policy, constraints: { ...p.policy.constraints, preemptExemptMinutes: minutes } } };
}

async function main(): Promise<void> {
  const args = parse(process.argv.slice(2));
  if (args.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const perVariant = new Map<string, SimPolicyMetrics[]>();
  const perSeed: { seed: number; gpus: number; rows: ReturnType<typeof loadRow>[] }[] = [];
  let variants: LoadVariant[] = [];
  let described = "";
  const t0 = performance.now();
  for (const seed of args.seeds) {
    const { input: loaded } = await loadScenarioFileWithReport(args.scenario, { seed });
    const missing = args.policies.filter((n) => !loaded.policies.some((p) => p.name === n));
    if (missing.length > 0) throw new LoadArgError(`--policies: the scenario has no policy ${missing.join(", ")}`);
    const input = addContention(loaded, seed, {
      ...DEFAULT_CONTENTION,
      elasticShare: args.elasticShare,
      gangShare: args.gangShare,
      gangMembers: args.gangMembers,
    });
    variants = loadVariants(
      args.policies.map((n) =>
        withExemptTime(
          loaded.policies.find((p) => p.name === n)!,
          args.preemptExemptMinutes,
        ),
      ),
      args.axes,
    );
    const policies = variants.map((v) => v.simPolicy);
    const result = simulate({ ...input, policies, baseline: policies[0]!.name }, { now: () => performance.now() });
    for (const v of variants) perVariant.set(v.simPolicy.name, [...(perVariant.get(v.simPolicy.name) ?? []), result.policies[v.simPolicy.name]!]);
    const gpus = input.clusters.reduce((a, c) => a + c.state.nodes.reduce((b, n) => b + n.gpuMilliFree.length, 0), 0);
    perSeed.push({ seed, gpus, rows: variants.map((v) => loadRow(v, [result.policies[v.simPolicy.name]!])) });
    const large = input.jobs.filter((j) => j.gpuCount * j.gangSize >= 32).length;
    const elastic = input.jobs.filter((j) => j.minMembers != null).length;
    described = `${input.name}: ${input.jobs.length} jobs (${large} of >= 32 GPUs, ${elastic} elastic), ${input.clusters.length} clusters, ${gpus} GPUs`;
    const first = result.policies[policies[0]!.name]!;
    process.stderr.write(
      `seed ${seed}: ${described}; ${policies[0]!.name} GAR ${(100 * first.gar).toFixed(1)} %, mean wait ${formatDuration(first.meanWaitS)} (${(result.wallMs / 1000).toFixed(1)} s)\n`,
    );
  }
  const rows = variants.map((v) => loadRow(v, perVariant.get(v.simPolicy.name) ?? []));
  const out = [`${described}; seeds ${args.seeds.join(",")}; means over seeds; ${((performance.now() - t0) / 1000).toFixed(0)} s`, loadTable(rows)];
  // Each seed's own rows too: a mean over seeds can hide a seed that misses a criterion.
  if (args.json)
    out.push(
      JSON.stringify({
        seeds: args.seeds,
        scenario: args.scenario,
        elasticShare: args.elasticShare,
        gangShare: args.gangShare,
        gangMembers: args.gangMembers,
        preemptExemptMinutes: args.preemptExemptMinutes,
        rows,
        perSeed,
      }),
    );
  process.stdout.write(`${out.join("\n")}\n`);
}

main().catch((error: unknown) => {
  if (error instanceof LoadArgError || error instanceof ScenarioError || error instanceof SimInputError) {
    process.stderr.write(`sim:load: ${error.message.split("\n")[0]}\n`);
    process.exit(2);
  }
  process.stderr.write(`sim:load: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
