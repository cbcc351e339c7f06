/** Command-line parsing for bench:placement. Bad input throws BenchArgError (exit code 2 upstream). */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

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
  [--fleet N [--fleet-decisions N]]`;

function requireFile(path: string, flag: string): string {
  if (!existsSync(path) || !statSync(path).isFile()) throw new BenchArgError(`${flag}: file not found: ${path}`);
  return path;
}

function positiveInt(value: string | undefined, flag: string, min = 1): number {
  const n = Number(value);
  if (value === undefined || !Number.isInteger(n) || n < min) throw new BenchArgError(`${flag}: expected a whole number >= ${min}, got ${value ?? "nothing"}`);
  return n;
}

/** Parses argv (without node and script). `knownPolicies` validates --policies. */
export function parseBenchArgs(argv: readonly string[], knownPolicies: readonly string[]): BenchArgs {
  let nodes: string = DEFAULTS.nodes;
  let pods: string = DEFAULTS.pods;
  let traceDir: string | null = null;
  let allTraces = false;
  let policies = ["verdant", "fgd"];
  let seeds: number[] = Array.from({ length: DEFAULTS.seeds }, (_, i) => DEFAULTS.firstSeed + i);
  let json = false;
  let arriveUntilPct = 130;
  let rackSize = 16;
  let fleet: number | null = null;
  let fleetDecisions = 0;
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i] as string;
    const value = () => {
      const v = argv[++i];
      if (v === undefined || v.startsWith("--")) throw new BenchArgError(`${flag}: missing value`);
      return v;
    };
    switch (flag) {
      case "--nodes":
        nodes = value();
        break;
      case "--pods":
        pods = value();
        break;
      case "--trace-dir":
        traceDir = value();
        break;
      case "--all-traces":
        allTraces = true;
        break;
      case "--json":
        json = true;
        break;
      case "--seeds": {
        const n = positiveInt(value(), flag);
        seeds = Array.from({ length: n }, (_, k) => DEFAULTS.firstSeed + k);
        break;
      }
      case "--seed-list":
        seeds = value()
          .split(",")
          .map((s) => positiveInt(s, flag, 0));
        break;
      case "--arrive-until":
        arriveUntilPct = positiveInt(value(), flag, 100);
        break;
      case "--rack-size":
        rackSize = positiveInt(value(), flag);
        break;
      case "--fleet":
        fleet = positiveInt(value(), flag);
        break;
      case "--fleet-decisions":
        fleetDecisions = positiveInt(value(), flag, 0);
        break;
      case "--policies": {
        const v = value();
        policies =
          v === "all"
            ? [...knownPolicies]
            : v
                .split(",")
                .map((p) => p.trim())
                .filter(Boolean);
        const unknown = policies.filter((p) => !knownPolicies.includes(p));
        if (unknown.length > 0 || policies.length === 0)
          throw new BenchArgError(`--policies: unknown policy ${unknown.join(",") || "(none)"}; known: ${knownPolicies.join(",")},all`);
        break;
      }
      case "--help":
        throw new BenchArgError(USAGE);
      default:
        throw new BenchArgError(`${flag}: unknown flag\n${USAGE}`);
    }
  }
  requireFile(nodes, "--nodes");
  let podFiles: string[];
  if (allTraces) {
    const dir = traceDir ?? DATA_DIR;
    if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new BenchArgError(`--trace-dir: directory not found: ${dir}`);
    podFiles = readdirSync(dir)
      .filter((f) => /^openb_pod_list_.*\.csv$/.test(f))
      .sort()
      .map((f) => join(dir, f));
    if (podFiles.length === 0) throw new BenchArgError(`--trace-dir: no openb_pod_list_*.csv in ${dir}`);
  } else {
    if (traceDir !== null) throw new BenchArgError("--trace-dir: only meaningful with --all-traces");
    podFiles = [requireFile(pods, "--pods")];
  }
  return { nodes, pods: podFiles, policies, seeds, json, arriveUntilPct, rackSize, fleet, fleetDecisions };
}
