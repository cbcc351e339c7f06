/** The --fleet mode of bench:placement: runs the coordinator benchmark and prints a table or one JSON line. */
import { buildTargetWorkload, type ClusterState } from "@/server/engine";
import type { BenchArgs } from "./args";
import { runFleet, type FleetResult } from "./fleet-run";
import { loadOpenbJobs } from "./load-openb";

const r3 = (v: number) => Math.round(v * 1000) / 1000;

/** Runs one fleet benchmark per seed on the first pod list and writes the report to stdout. */
export function runFleetBench(args: BenchArgs, cluster: ClusterState): void {
  const trace = loadOpenbJobs(args.pods[0] as string);
  const workload = buildTargetWorkload(trace);
  const results: (FleetResult & { seed: number })[] = [];
  for (const seed of args.seeds.slice(0, 1)) {
    const r = runFleet({
      cluster,
      trace,
      workload,
      n: args.fleet ?? 1,
      seed,
      arriveUntilPct: Math.min(args.arriveUntilPct, 100),
      maxDecisions: args.fleetDecisions,
      explainEvery: 25,
    });
    results.push({ ...r, seed });
    process.stderr.write(
      `fleet ${r.clusters} clusters seed ${seed}: ${r.decisions} decisions, p50 ${r.decisionLatencyMsP50.toFixed(2)} ms, p99 ${r.decisionLatencyMsP99.toFixed(2)} ms, ${Math.round(r.decisionsPerSec)}/s, ${(r.wallMs / 1000).toFixed(1)} s\n`,
    );
  }
  const r = results[0] as FleetResult & { seed: number };
  const fleet = {
    clusters: r.clusters,
    nodes: r.nodes,
    gpus: r.gpus,
    seed: r.seed,
    decisions: r.decisions,
    placed: r.placed,
    deferred: r.deferred,
    unschedulable: r.unschedulable,
    gpuAllocationPct: r3(r.gpuAllocationPct),
    decisionLatencyMsP50: r3(r.decisionLatencyMsP50),
    decisionLatencyMsP99: r3(r.decisionLatencyMsP99),
    decisionLatencyMsMax: r3(r.decisionLatencyMsMax),
    decisionsPerSec: Math.round(r.decisionsPerSec),
    explanationLatencyMsP50: r3(r.explanationLatencyMsP50),
    explanationLatencyMsP99: r3(r.explanationLatencyMsP99),
  };
  if (args.json) {
    process.stdout.write(`${JSON.stringify({ results: [], summary: {}, fleet })}\n`);
    return;
  }
  process.stdout.write(
    `${Object.entries(fleet)
      .map(([k, v]) => `${k.padEnd(26)} ${v}`)
      .join("\n")}\n`,
  );
}
