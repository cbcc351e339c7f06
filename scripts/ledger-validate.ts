/**
 * ledger:validate — checks the savings ledger's per-job baseline (method 1) against the simulated
 * truth on data it was not tuned on: for each zone set, fleet load and year, the openb workload of
 * examples/scenario-loaded.json runs under the carbon-agnostic baseline and under verdant; method 1 is
 * computed from verdant's jobs and compared with the baseline policy's own emissions of the same jobs
 * (server/accounting/ledger-validation.ts).
 * `npm run --silent ledger:validate -- [--years 2021,2022,2023] [--sets A,B,C] [--fleets idle,loaded] [--json]`
 * Exit code 2 on bad arguments.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { performance } from "node:perf_hooks";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { partsEmissions, simZoneLookup, validateLedger, type LedgerValidation } from "../server/accounting/ledger-validation";
import { simulate, type SimRunPart } from "../server/engine";
import { loadScenarioWithReport } from "../server/sim-scenario";

const root = fileURLToPath(new URL("..", import.meta.url));

/** Zone sets of four clusters each, none of them the demo's six-zone fleet; 16 zones in all. */
const ZONE_SETS: Record<string, { zones: string[]; pue: number[] }> = {
  A: { zones: ["GB", "JP-TK", "AU-NSW", "US-MIDA-PJM"], pue: [1.2, 1.3, 1.25, 1.4] },
  B: { zones: ["BR-SP", "IN-WE", "KR", "US-NY-NYIS"], pue: [1.3, 1.5, 1.2, 1.15] },
  C: { zones: ["AU-VIC", "CL-SIC", "ZA", "US-TEX-ERCO"], pue: [1.25, 1.35, 1.45, 1.3] },
  D: { zones: ["CA-ON", "DE-LU", "SG", "US-CAL-CISO"], pue: [1.15, 1.2, 1.35, 1.3] },
};
/** Files whose name is not the zone id they hold (Electricity Maps renamed these zones). */
const ZONE_OF_FILE: Record<string, string> = { "BR-SP": "BR-CS", "CL-SIC": "CL-SEN", "DE-LU": "DE" };
const zoneOf = (file: string) => ZONE_OF_FILE[file] ?? file;

/** Nodes sampled per cluster: an idle fleet rarely queues; a loaded one does (as the load benchmark's). */
const FLEETS: Record<string, number> = { idle: 40, loaded: 8 };
const USAGE = `usage: npm run --silent ledger:validate -- [--years 2021,2022,2023] [--sets A,B,C,D] [--fleets idle,loaded] [--carbon DIR] [--json]
  --years    years of hourly intensity to run (each scenario starts on 1 March of the year); 2021-2022 tune, 2023 is held out
  --sets     zone sets: ${Object.entries(ZONE_SETS)
    .map(([k, v]) => `${k} = ${v.zones.join(" ")}`)
    .join("; ")}
  --fleets   idle (${FLEETS.idle} nodes per cluster) and/or loaded (${FLEETS.loaded})
  --carbon   folder of Electricity Maps files ZONE_YEAR_hourly.csv.gz (default ../shared/data/carbon/electricitymaps_raw)
  --json     also print every row as one JSON object on the last line`;

class ArgError extends Error {}

function list(text: string, known: readonly string[], flag: string): string[] {
  const items = text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = items.filter((i) => !known.includes(i));
  if (bad.length > 0 || items.length === 0) throw new ArgError(`${flag}: unknown ${bad.join(", ") || "(empty)"} (known: ${known.join(", ")})`);
  return items;
}

function parse(argv: string[]) {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        years: { type: "string", default: "2021,2022,2023" },
        sets: { type: "string", default: "A,B,C" },
        fleets: { type: "string", default: "idle,loaded" },
        carbon: { type: "string", default: join(root, "..", "shared", "data", "carbon", "electricitymaps_raw") },
        json: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
      strict: true,
    }));
  } catch (error) {
    throw new ArgError(`${(error as Error).message.split("\n")[0]} (see --help)`);
  }
  return {
    help: values.help,
    json: values.json,
    carbon: resolve(values.carbon),
    years: list(values.years, ["2021", "2022", "2023"], "--years").map(Number),
    sets: list(values.sets, Object.keys(ZONE_SETS), "--sets"),
    fleets: list(values.fleets, Object.keys(FLEETS), "--fleets"),
  };
}

/** The load benchmark's scenario on another zone set, fleet size and year. */
function scenarioJson(set: string, fleet: string, year: number, carbonDir: string): unknown {
  const base = JSON.parse(readFileSync(join(root, "examples", "scenario-loaded.json"), "utf8")) as Record<string, unknown> & {
    clusters: Record<string, unknown>[];
  };
  const { zones, pue } = ZONE_SETS[set]!;
  const template = base.clusters[1]!;
  return {
    ...base,
    name: `ledger validation ${set}/${fleet}/${year}`,
    start: `${year}-03-01T00:00:00Z`,
    clusters: zones.map((file, i) => ({
      ...template,
      name: `c${i}-${file.toLowerCase()}`,
      region: `r${i}`,
      zone: zoneOf(file),
      tier: "regional",
      pue: pue[i],
      slice: { index: i, of: zones.length },
      sample: { count: FLEETS[fleet] },
    })),
    carbon: { column: "lifecycle", zones: Object.fromEntries(zones.map((file) => [zoneOf(file), join(carbonDir, `${file}_${year}_hourly.csv.gz`)])) },
    policies: ["baseline", "verdant"],
    baseline: "baseline",
  };
}

interface Row extends LedgerValidation {
  set: string;
  fleet: string;
  year: number;
  heldOut: boolean;
  /** The simulator's own job emissions of the baseline policy (all jobs), kg: the per-part sum must match it. */
  simBaselineJobKg: number;
  partsBaselineKg: number;
}

async function run(set: string, fleet: string, year: number, carbonDir: string): Promise<Row> {
  const { input } = await loadScenarioWithReport(scenarioJson(set, fleet, year, carbonDir), { baseDir: join(root, "examples") });
  const parts = new Map<string, Map<string, SimRunPart[]>>();
  const result = simulate(input, {
    now: () => performance.now(),
    onRunPart: (policy, part) => {
      const byJob = parts.get(policy) ?? new Map<string, SimRunPart[]>();
      parts.set(policy, byJob);
      byJob.set(part.jobId, [...(byJob.get(part.jobId) ?? []), part]);
    },
  });
  const v = validateLedger(input, parts, { verdant: "verdant", baseline: "baseline" });
  // The per-part sum over every baseline job against the simulator's own meter (a check of the truth).
  const lookups = new Map(input.zones.map((z) => [z.zone, simZoneLookup(input, z.zone)] as const));
  const allBaselineG = [...(parts.get("baseline")?.values() ?? [])].reduce((g, p) => g + partsEmissions(p, input, lookups), 0);
  return {
    set,
    fleet,
    year,
    heldOut: year === 2023,
    ...v,
    simBaselineJobKg: result.policies.baseline!.jobEmissionsKg,
    partsBaselineKg: allBaselineG / 1000,
  };
}

const pct = (v: number) => `${v >= 0 ? "+" : ""}${v.toFixed(1)}`;

async function main(): Promise<number> {
  let args;
  try {
    args = parse(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof ArgError)) throw error;
    process.stderr.write(`ledger:validate: ${error.message}\n`);
    return 2;
  }
  if (args.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const rows: Row[] = [];
  for (const year of args.years)
    for (const set of args.sets)
      for (const fleet of args.fleets) {
        const t0 = performance.now();
        const row = await run(set, fleet, year, args.carbon);
        rows.push(row);
        process.stderr.write(`${set}/${fleet}/${year}: ${row.jobs} jobs in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
      }
  const lines = [
    "method 1 (capacity-weighted start at submission, from verdant's runs) against the baseline policy's simulated emissions of the same jobs",
    "set fleet  year  held-out jobs  estimate kg  truth kg  ratio  median job ratio  saved % (method 1)  saved % (truth)  gap pts",
    ...rows.map((r) =>
      [
        r.set.padEnd(3),
        r.fleet.padEnd(6),
        String(r.year),
        (r.heldOut ? "yes" : "no").padEnd(8),
        String(r.jobs).padStart(5),
        (r.estimateG / 1000).toFixed(2).padStart(11),
        (r.truthG / 1000).toFixed(2).padStart(9),
        r.ratio.toFixed(3).padStart(6),
        r.medianJobRatio.toFixed(3).padStart(17),
        r.savedPctEstimate.toFixed(1).padStart(19),
        r.savedPctTruth.toFixed(1).padStart(16),
        pct(r.savedPctEstimate - r.savedPctTruth).padStart(8),
      ].join(" "),
    ),
  ];
  const held = rows.filter((r) => r.heldOut);
  if (held.length > 0) {
    const gaps = held.map((r) => r.savedPctEstimate - r.savedPctTruth);
    lines.push(
      `held-out (2023): ratio ${Math.min(...held.map((r) => r.ratio)).toFixed(3)}-${Math.max(...held.map((r) => r.ratio)).toFixed(3)}, saved-share gap ${pct(Math.min(...gaps))} to ${pct(Math.max(...gaps))} points`,
    );
  }
  const check = rows.map((r) => Math.abs(r.partsBaselineKg - r.simBaselineJobKg) / Math.max(r.simBaselineJobKg, 1e-9));
  lines.push(`truth check: per-job parts sum to the simulator's baseline job emissions within ${(100 * Math.max(...check)).toFixed(4)} %`);
  if (args.json) lines.push(JSON.stringify({ rows }));
  process.stdout.write(`${lines.join("\n")}\n`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    process.stderr.write(`ledger:validate: ${error.message}\n`);
    process.exit(1);
  },
);
