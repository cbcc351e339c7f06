/**
 * Carbon scenario matrix: the small openb example (`examples/scenario-small-openb-day.json`: 1.2 trace
 * days of pods, 3 simulated days) replayed on different zone sets (the 16 zones of
 * ../shared/data/carbon), seasons and fleet sizes, idle and loaded, in a tuning year (2022, history
 * from 2021) and a held-out year (2023). Every scenario uses the engine's own history-only forecaster
 * (`forecast.method: "forecaster"`, so deferral checks allow for its measured error). Prints, per
 * scenario, each policy's CO2e saving, GAR change and mean-wait change against the carbon-agnostic
 * baseline, and the duration predictor's error (JTTED).
 *
 *   npm run --silent bench:carbon -- [--year 2023] [--sets solar-north,solar-south] [--seasons jan,apr,jul]
 *                                    [--fleets idle,loaded,busy] [--policies carbon-greedy,time-shift,verdant]
 *                                    [--seed 7 | --seeds 1-5] [--oracle-forecast] [--json]
 *
 * With --seeds every scenario runs once per scenario seed and the table gives each policy's mean saving
 * with its range, and on how many seeds verdant saved at least as much as each other policy listed.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { simulate } from "@/server/engine";
import { loadScenarioWithReport } from "@/server/sim-scenario";
import { CARBON_RAW_DIR } from "./bench/carbon-zones";
import { fleetMeans, summarizeSeeds } from "./bench/carbon-seed-summary";

/**
 * Zone sets, one entry per cluster: [zone id, file prefix in the raw folder]. The single-zone sets put
 * every cluster in one zone, so where a job runs cannot change its emissions and time-shift's effect
 * is temporal only.
 */
const SETS: Record<string, [string, string][]> = {
  "solar-north": [
    ["US-CAL-CISO", "US-CAL-CISO"],
    ["US-TEX-ERCO", "US-TEX-ERCO"],
    ["DE", "DE-LU"],
  ],
  "solar-south": [
    ["AU-NSW", "AU-NSW"],
    ["AU-VIC", "AU-VIC"],
    ["CL-SEN", "CL-SIC"],
  ],
  "wind-hydro": [
    ["CA-ON", "CA-ON"],
    ["GB", "GB"],
    ["BR-CS", "BR-SP"],
  ],
  asia: [
    ["JP-TK", "JP-TK"],
    ["KR", "KR"],
    ["SG", "SG"],
  ],
  "coal-gas": [
    ["IN-WE", "IN-WE"],
    ["ZA", "ZA"],
    ["US-MIDA-PJM", "US-MIDA-PJM"],
    ["US-NY-NYIS", "US-NY-NYIS"],
  ],
  "only-caiso": [
    ["US-CAL-CISO", "US-CAL-CISO"],
    ["US-CAL-CISO", "US-CAL-CISO"],
    ["US-CAL-CISO", "US-CAL-CISO"],
  ],
  "only-au-nsw": [
    ["AU-NSW", "AU-NSW"],
    ["AU-NSW", "AU-NSW"],
    ["AU-NSW", "AU-NSW"],
  ],
  "only-de": [
    ["DE", "DE-LU"],
    ["DE", "DE-LU"],
    ["DE", "DE-LU"],
  ],
};
/** Season -> UTC start (month, day) of the 3 simulated days. */
const SEASONS: Record<string, [number, number]> = { jan: [0, 15], apr: [3, 15], jul: [6, 15], oct: [9, 15] };
/**
 * Fleet size: sampled nodes per cluster and how much the arrivals are compressed. `busy` was sized on
 * the tuning year (2022, northern solar set, April) so the carbon-agnostic baseline waits just over an
 * hour on average (72.6 min); `loaded` is far past capacity (3.2 h, a sixth of the jobs miss deadlines).
 */
const FLEETS: Record<string, { nodes: number; arrivalTimeScale: number }> = {
  idle: { nodes: 4, arrivalTimeScale: 1 },
  loaded: { nodes: 2, arrivalTimeScale: 0.5 },
  busy: { nodes: 3, arrivalTimeScale: 0.55 },
};

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const list = (name: string, all: string[]) => (opt(name) ?? all.join(",")).split(",").filter(Boolean);
const year = Number(opt("year") ?? 2023);
const sets = list("sets", Object.keys(SETS));
const seasons = list("seasons", ["jan", "apr", "jul"]);
const fleets = list("fleets", Object.keys(FLEETS));
const policies = list("policies", ["carbon-greedy", "time-shift", "verdant"]);
/** "1-5" or "1,2,3": the scenario seeds to run (default: --seed, or 7). */
function parseSeeds(text: string | undefined): number[] {
  if (text === undefined) return [Number(opt("seed") ?? 7)];
  const range = /^(\d+)-(\d+)$/.exec(text);
  const seeds = range ? Array.from({ length: Number(range[2]) - Number(range[1]) + 1 }, (_, i) => Number(range[1]) + i) : text.split(",").map(Number);
  if (seeds.length === 0 || seeds.some((n) => !Number.isInteger(n) || n < 0)) {
    console.error(`--seeds: expected A-B or a list of whole numbers, got ${text}`);
    process.exit(2);
  }
  return seeds;
}
const seeds = parseSeeds(opt("seeds"));
const json = args.includes("--json");
// The true future intensity as the forecast (no error): separates the forecaster's error from the run-time predictor's.
const oracle = args.includes("--oracle-forecast");

const examples = resolve(process.cwd(), "examples");
const base = JSON.parse(readFileSync(join(examples, "scenario-small-openb-day.json"), "utf8")) as Record<string, unknown> & {
  clusters: Record<string, unknown>[];
  workload: Record<string, unknown>;
};

interface Row {
  seed: number;
  set: string;
  season: string;
  fleet: string;
  year: number;
  gpus: number;
  baselineKg: number;
  baselineMeanWaitS: number;
  jttedMedianRelErr: number;
  jttedP90RelErr: number;
  policies: Record<string, { savedPct: number; garDeltaPts: number; meanWaitDeltaS: number; deadlineMisses: number }>;
}

function scenarioFor(set: string, season: string, fleet: string, seed: number): unknown {
  const members = SETS[set]!;
  const [month, day] = SEASONS[season]!;
  const size = FLEETS[fleet]!;
  const clusters = members.map(([zone], i) => ({
    ...(base.clusters[i % base.clusters.length] as object),
    name: `${zone.toLowerCase()}-${i + 1}`,
    zone,
    slice: { index: i, of: members.length },
    sample: { count: size.nodes },
  }));
  const files = (prefix: string) => [year - 1, year].map((y) => join(CARBON_RAW_DIR, `${prefix}_${y}_hourly.csv.gz`));
  return {
    ...base,
    name: `${set} ${season} ${year} ${fleet}`,
    seed,
    start: new Date(Date.UTC(year, month, day)).toISOString().replace(".000Z", "Z"),
    clusters,
    workload: { ...base.workload, arrivalTimeScale: size.arrivalTimeScale },
    carbon: { column: "lifecycle", zones: Object.fromEntries(members.map(([zone, prefix]) => [zone, files(prefix)])) },
    forecast: oracle ? { method: "noisy-truth", noiseSigma: 0, horizonHours: 48 } : { method: "forecaster", noiseSigma: 0.1, horizonHours: 48 },
    policies: ["baseline", ...policies.map(policyEntry)],
    baseline: "baseline",
  };
}

/**
 * Candidate variants of the combined preset, for tuning on the tuning year (merged over the preset,
 * as a scenario's policy object is): more weight on waiting, as carbon-greedy has, and a deferral
 * floor as high as time-shift's.
 */
const CANDIDATES: Record<string, { preset: string; policy: Record<string, unknown> }> = {
  "verdant-wait2": { preset: "verdant", policy: { objectiveWeights: { carbon: 1, fragmentation: 0.05, waiting: 2 } } },
  "verdant-floor15": { preset: "verdant", policy: { constraints: { minDeferralSavingPct: 15 } } },
  "verdant-nodefer": { preset: "verdant", policy: { constraints: { maxDeferralHours: 0 } } },
  "verdant-wait2-floor15": {
    preset: "verdant",
    policy: { objectiveWeights: { carbon: 1, fragmentation: 0.05, waiting: 2 }, constraints: { minDeferralSavingPct: 15 } },
  },
};
const policyEntry = (p: string) => (CANDIDATES[p] ? { name: p, ...CANDIDATES[p] } : p);

const rows: Row[] = [];
const t0 = performance.now();
for (const seed of seeds)
  for (const set of sets)
    for (const season of seasons)
      for (const fleet of fleets) {
        const { input, report } = await loadScenarioWithReport(scenarioFor(set, season, fleet, seed), { baseDir: examples });
        const result = simulate(input, { now: () => performance.now() });
        const b = result.policies[result.baseline]!;
        const row: Row = {
          seed,
          set,
          season,
          fleet,
          year,
          gpus: report.clusters.reduce((s, c) => s + c.gpus, 0),
          baselineKg: Math.round(b.emissionsKg * 10) / 10,
          baselineMeanWaitS: Math.round(b.meanWaitS),
          jttedMedianRelErr: Math.round(b.jttedMedianRelErr * 1000) / 1000,
          jttedP90RelErr: Math.round((b.jttedP90RelErr ?? Number.NaN) * 1000) / 1000,
          policies: Object.fromEntries(
            policies.map((p) => {
              const m = result.policies[p]!;
              return [
                p,
                {
                  savedPct: Math.round(m.emissionsSavedPctVsBaseline * 10) / 10,
                  garDeltaPts: Math.round(m.garDeltaPointsVsBaseline * 100) / 100,
                  meanWaitDeltaS: Math.round(m.meanWaitDeltaSVsBaseline),
                  deadlineMisses: m.deadlineMisses,
                },
              ];
            }),
          ),
        };
        rows.push(row);
        process.stderr.write(
          `${set} ${season} ${fleet} ${year} seed ${seed}: ${row.gpus} GPUs, baseline ${row.baselineKg} kg, wait ${(row.baselineMeanWaitS / 60).toFixed(1)} min; ${policies.map((p) => `${p} ${row.policies[p]!.savedPct} %`).join(", ")} (${(result.wallMs / 1000).toFixed(1)} s)\n`,
        );
      }

const fmtWait = (s: number) => (Math.abs(s) >= 3600 ? `${(s / 3600).toFixed(1)} h` : `${(s / 60).toFixed(1)} min`);
const summary = seeds.length > 1 ? summarizeSeeds(rows, policies) : null;
const signed = (s: number) => `${s >= 0 ? "+" : "−"}${fmtWait(Math.abs(s))}`;
if (!summary) {
  const head = [
    "zones",
    "season",
    "fleet",
    "GPUs",
    "baseline kg",
    "baseline wait",
    "JTTED p50 / p90",
    ...policies.map((p) => `${p}: CO2e saved / GAR pts / wait`),
  ];
  console.log(`| ${head.join(" | ")} |`);
  console.log(`|${head.map(() => " --- ").join("|")}|`);
  for (const r of rows)
    console.log(
      `| ${r.set} | ${r.season} ${r.year} | ${r.fleet} | ${r.gpus} | ${r.baselineKg} | ${fmtWait(r.baselineMeanWaitS)} | ${r.jttedMedianRelErr} / ${r.jttedP90RelErr} | ${policies
        .map((p) => {
          const x = r.policies[p]!;
          return `${x.savedPct} % / ${x.garDeltaPts >= 0 ? "+" : ""}${x.garDeltaPts} / ${signed(x.meanWaitDeltaS)}`;
        })
        .join(" | ")} |`,
    );
} else {
  const counted = summary.some((r) => r.combinedAtLeastAllOthers !== undefined);
  const head = ["zones", "season", "fleet", "baseline wait (mean)", ...policies.map((p) => `${p}: CO2e saved mean (min .. max) / wait`)];
  if (counted) head.push("seeds verdant >= every other");
  console.log(`Scenario seeds ${seeds.join(", ")}, ${year}`);
  console.log(`| ${head.join(" | ")} |`);
  console.log(`|${head.map(() => " --- ").join("|")}|`);
  for (const r of summary) {
    const cells = policies.map((p) => {
      const x = r.savedPct[p]!;
      return `${x.mean.toFixed(1)} % (${x.min} .. ${x.max}) / ${signed(r.meanWaitDeltaS[p]!)}`;
    });
    if (counted) cells.push(`${r.combinedAtLeastAllOthers}/${r.seeds}`);
    console.log(`| ${r.set} | ${r.season} | ${r.fleet} | ${fmtWait(r.baselineMeanWaitS.mean)} | ${cells.join(" | ")} |`);
  }
  for (const [fleet, means] of Object.entries(fleetMeans(summary, policies)))
    console.log(`${fleet}: mean over rows ${policies.map((p) => `${p} ${means[p]!.toFixed(1)} %`).join(", ")}`);
  const worstGar = Math.min(...rows.flatMap((r) => policies.map((p) => r.policies[p]!.garDeltaPts)));
  console.log(`worst GAR change in any run: ${worstGar} points`);
}
console.log(`${rows.length} scenarios in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
if (json) console.log(JSON.stringify({ year, seeds, rows, ...(summary ? { summary } : {}) }));
