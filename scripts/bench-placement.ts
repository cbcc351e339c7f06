/**
 * bench:placement — replays openb traces against in-cluster placement policies (FGD methodology) and
 * prints unallocated GPU % at 100% arrived, decision latency p50/p99 and decisions/s.
 * See docs/benchmarks/placement.md. Exit code 2 on bad arguments or missing files.
 */
import { BUILTIN_POLICIES, buildTargetWorkload, findBuiltinPolicy, type PlacementPolicy } from "@/server/engine";
import { BenchArgError, parseBenchArgs } from "./bench/args";
import { loadOpenbCluster, loadOpenbJobs, traceName } from "./bench/load-openb";
import { toJson, toTable } from "./bench/report";
import { runReplay, type ReplayResult } from "./bench/run-replay";
import { runFleetBench } from "./bench/fleet-bench";
import { familyTraces } from "./bench/family-source";

function main(): Promise<void> | void {
  const args = parseBenchArgs(
    process.argv.slice(2),
    BUILTIN_POLICIES.map((p) => p.name),
  );
  if (args.fleet !== null) return runFleetBench(args, () => loadOpenbCluster(args.nodes, args.rackSize));
  const cluster = loadOpenbCluster(args.nodes, args.rackSize);
  const results: ReplayResult[] = [];
  const familiesOn = args.families === "all" || args.families.length > 0;
  const sources = familiesOn
    ? familyTraces(args.pods[0] as string, args.nodes, args.families)
    : args.pods.map((file) => ({ name: traceName(file), jobs: loadOpenbJobs(file) }));
  for (const { name: traceLabel, jobs: trace } of sources) {
    // FGD keeps the paper's target workload (the whole trace, known up front); with --workload online,
    // Verdant learns its own from the arrivals so far, as it would live.
    const workload = buildTargetWorkload(trace);
    for (const name of args.policies) {
      const policy = findBuiltinPolicy(name) as PlacementPolicy;
      const learnWorkload = args.workload === "online" && name === "verdant";
      for (const seed of args.seeds) {
        const r = runReplay({ cluster, trace, traceName: traceLabel, policy, workload, learnWorkload, seed, arriveUntilPct: args.arriveUntilPct });
        results.push(r);
        process.stderr.write(
          `${r.trace} ${r.policy} seed ${r.seed}: ${r.unallocatedGpuPctAt100.toFixed(2)}% unallocated, p99 ${r.decisionLatencyMsP99.toFixed(2)} ms, ${(r.wallMs / 1000).toFixed(1)} s\n`,
        );
      }
    }
  }
  process.stdout.write(`${args.json ? toJson(results, sources.length > 1) : toTable(results)}\n`);
}

/** Bad arguments and unreadable inputs: one line and exit code 2; anything else is a bug and throws. */
function fail(error: unknown): never {
  if (error instanceof BenchArgError || (error instanceof Error && error.name === "CsvInputError")) {
    process.stderr.write(`bench:placement: ${error.message}\n`);
    process.exit(2);
  }
  throw error;
}

try {
  void main()?.catch(fail);
} catch (error) {
  fail(error);
}
