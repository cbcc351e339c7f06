/** Command-line parsing for bench:placement. Bad input throws BenchArgError (exit code 2 upstream). */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { familyVariantNames } from "./trace-families";

/** A usage error naming the flag or file at fault. */
export class BenchArgError extends Error {}

/** Parsed benchmark options. */
export interface BenchArgs {
  /** Node list CSV. */
  nodes: string;
  /** Pod list CSVs to run (one, or every trace with --all-traces). */
  pods: string[];
  policies: string[];
  seeds: number[];
  json: boolean;
  /** Arrivals stop when requested GPU reaches this % of capacity (methodology: 130). */
  arriveUntilPct: number;
  /** Nodes per synthetic rack (openb has no topology; racks are consecutive node-list slices). */
  rackSize: number;
  /** --fleet N: run the cross-cluster coordinator benchmark on N replicated clusters instead (null = off). */
  fleet: number | null;
  /** --fleet-decisions N: cap the fleet run's decisions (0 = every arrival). */
  fleetDecisions: number;
  /** --fleet-prefill PCT: fill each cluster to PCT % of its GPUs requested before timing (0 = start empty). */
  fleetPrefillPct: number;
  /** --fleet-warmup N: decisions on past arrivals, untimed and not applied, before the timed ones (a running coordinator is warm). */
  fleetWarmup: number;
  /** --fleet-curve 1,3,10: one fleet run per cluster count, each in its own process (empty = off). */
  fleetCurve: number[];
  /** --families all|name,...: run trace-family variants derived from --pods instead (empty = off). */
  families: string[] | "all";
  /** --workload trace|online: Verdant's target workload from the whole trace, or learned from arrivals so far. */
  workload: "trace" | "online";
}

const DATA_DIR = "../shared/data/openb";
/** Default files, relative to the repo root. */
export const DEFAULTS = {
  nodes: `${DATA_DIR}/openb_node_list_gpu_node.csv`,
  pods: `${DATA_DIR}/openb_pod_list_default.csv`,
  seeds: 10,
  firstSeed: 42,
} as const;

/** Usage text. */
export const USAGE = `usage: npm run --silent bench:placement -- [--nodes FILE] [--pods FILE | --trace-dir DIR --all-traces]
  [--policies all|name,name] [--seeds N | --seed-list 42,43] [--arrive-until PCT] [--rack-size N] [--json]
  [--families all|gpuspec05,multigpu20,...] [--workload online|trace] [--fleet N [--fleet-decisions N]]
  [--fleet-curve 1,3,10,30,100] [--fleet-prefill PCT] [--fleet-warmup N]`;

/** The path, when it names a file. */
function requireFile(path: string, flag: string): string {
  if (!existsSync(path) || !statSync(path).isFile()) throw new BenchArgError(`${flag}: file not found: ${path}`);
  return path;
}

/** The value as a whole number of at least `min`. */
function positiveInt(value: string | undefined, flag: string, min = 1): number {
  const n = Number(value);
  if (value === undefined || !Number.isInteger(n) || n < min) throw new BenchArgError(`${flag}: expected a whole number >= ${min}, got ${value ?? "nothing"}`);
  return n;
}

/** The options as the flags set them, before the pod files are resolved. */
interface FlagValues extends Omit<BenchArgs, "pods"> {
  pods: string;
  traceDir: string | null;
  allTraces: boolean;
}

/** The --policies value: "all" or a comma list, every name known. */
function parsePolicies(v: string, knownPolicies: readonly string[]): string[] {
  const policies =
    v === "all"
      ? [...knownPolicies]
      : v
          .split(",")
          .map((p) => p.trim())
          .filter(Boolean);
  const unknown = policies.filter((p) => !knownPolicies.includes(p));
  if (unknown.length > 0 || policies.length === 0)
    throw new BenchArgError(`--policies: unknown policy ${unknown.join(",") || "(none)"}; known: ${knownPolicies.join(",")},all`);
  return policies;
}

/** Sets one flag's option; `value` takes the flag's argument. */
type FlagHandler = (into: FlagValues, value: () => string, flag: string, knownPolicies: readonly string[]) => void;

/** Every flag (a Map, so a name such as "constructor" is not mistaken for one). */
const FLAGS = new Map<string, FlagHandler>([
  ["--nodes", (o, value) => void (o.nodes = value())],
  ["--pods", (o, value) => void (o.pods = value())],
  ["--trace-dir", (o, value) => void (o.traceDir = value())],
  ["--all-traces", (o) => void (o.allTraces = true)],
  ["--json", (o) => void (o.json = true)],
  ["--seeds", (o, value, flag) => void (o.seeds = Array.from({ length: positiveInt(value(), flag) }, (_, k) => DEFAULTS.firstSeed + k))],
  [
    "--seed-list",
    (o, value, flag) =>
      void (o.seeds = value()
        .split(",")
        .map((s) => positiveInt(s, flag, 0))),
  ],
  ["--arrive-until", (o, value, flag) => void (o.arriveUntilPct = positiveInt(value(), flag, 100))],
  ["--rack-size", (o, value, flag) => void (o.rackSize = positiveInt(value(), flag))],
  ["--fleet", (o, value, flag) => void (o.fleet = positiveInt(value(), flag))],
  ["--fleet-decisions", (o, value, flag) => void (o.fleetDecisions = positiveInt(value(), flag, 0))],
  ["--fleet-prefill", (o, value, flag) => void (o.fleetPrefillPct = Math.min(99, positiveInt(value(), flag, 0)))],
  ["--fleet-warmup", (o, value, flag) => void (o.fleetWarmup = positiveInt(value(), flag, 0))],
  [
    "--fleet-curve",
    (o, value, flag) =>
      void (o.fleetCurve = value()
        .split(",")
        .map((s) => positiveInt(s, flag))),
  ],
  ["--policies", (o, value, _flag, known) => void (o.policies = parsePolicies(value(), known))],
  ["--families", (o, value) => void (o.families = parseFamilies(value()))],
  [
    "--workload",
    (o, value, flag) => {
      const v = value();
      if (v !== "trace" && v !== "online") throw new BenchArgError(`${flag}: expected online or trace, got ${v}`);
      o.workload = v;
    },
  ],
]);

/** The --families value: "all" or a comma list of known variant names. */
function parseFamilies(v: string): string[] | "all" {
  if (v === "all") return "all";
  const names = v
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  const known = familyVariantNames();
  const unknown = names.filter((n) => !known.includes(n));
  if (unknown.length > 0 || names.length === 0)
    throw new BenchArgError(`--families: unknown variant ${unknown.join(",") || "(none)"}; known: ${known.join(",")},all`);
  return names;
}

/** The pod list files: every openb trace of the directory with --all-traces, else the one --pods file. */
function podFilesOf(o: FlagValues): string[] {
  if (!o.allTraces) {
    if (o.traceDir !== null) throw new BenchArgError("--trace-dir: only meaningful with --all-traces");
    return [requireFile(o.pods, "--pods")];
  }
  const dir = o.traceDir ?? DATA_DIR;
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new BenchArgError(`--trace-dir: directory not found: ${dir}`);
  const podFiles = readdirSync(dir)
    .filter((f) => /^openb_pod_list_.*\.csv$/.test(f))
    .sort()
    .map((f) => join(dir, f));
  if (podFiles.length === 0) throw new BenchArgError(`--trace-dir: no openb_pod_list_*.csv in ${dir}`);
  return podFiles;
}

/** Parses argv (without node and script). `knownPolicies` validates --policies. */
export function parseBenchArgs(argv: readonly string[], knownPolicies: readonly string[]): BenchArgs {
  const o: FlagValues = {
    nodes: DEFAULTS.nodes,
    pods: DEFAULTS.pods,
    traceDir: null,
    allTraces: false,
    policies: ["verdant", "fgd"],
    seeds: Array.from({ length: DEFAULTS.seeds }, (_, i) => DEFAULTS.firstSeed + i),
    json: false,
    arriveUntilPct: 130,
    rackSize: 16,
    fleet: null,
    fleetDecisions: 0,
    fleetPrefillPct: 0,
    fleetWarmup: 20,
    fleetCurve: [],
    families: [],
    workload: "online",
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i] as string;
    const value = () => {
      const v = argv[++i];
      if (v === undefined || v.startsWith("--")) throw new BenchArgError(`${flag}: missing value`);
      return v;
    };
    if (flag === "--help") throw new BenchArgError(USAGE);
    const handler = FLAGS.get(flag);
    if (!handler) throw new BenchArgError(`${flag}: unknown flag\n${USAGE}`);
    handler(o, value, flag, knownPolicies);
  }
  requireFile(o.nodes, "--nodes");
  const pods = podFilesOf(o);
  if ((o.families === "all" || o.families.length > 0) && o.allTraces) throw new BenchArgError("--families: not with --all-traces");
  const { nodes, policies, seeds, json, arriveUntilPct, rackSize, fleet, fleetDecisions, fleetPrefillPct, fleetWarmup, fleetCurve, families, workload } = o;
  // A curve runs the fleet benchmark once per size.
  const fleetOn = fleetCurve.length > 0 ? (fleetCurve[0] as number) : fleet;
  return {
    nodes,
    pods,
    policies,
    seeds,
    json,
    arriveUntilPct,
    rackSize,
    fleet: fleetOn,
    fleetDecisions,
    fleetPrefillPct,
    fleetWarmup,
    fleetCurve,
    families,
    workload,
  };
}
