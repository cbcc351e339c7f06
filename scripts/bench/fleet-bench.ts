/**
 * The --fleet mode of bench:placement: runs the coordinator benchmark and prints a table or one JSON
 * line. --fleet-curve runs it once per cluster count, each in a child process so that every size's
 * peak memory is its own, and prints the latency curve.
 */
import { execFileSync } from "node:child_process";
import { buildTargetWorkload, type ClusterState } from "@/server/engine";
import type { BenchArgs } from "./args";
import { runFleet, type FleetResult } from "./fleet-run";
import { loadOpenbJobs } from "./load-openb";
import { COORDINATOR_NODE_FLAGS } from "../lib/coordinator-node-flags";

/** Node flags of a measuring process: the coordinator's own, or BENCH_FLEET_NODE_FLAGS ("" = V8's defaults). */
function measuringFlags(): string[] {
  const custom = process.env.BENCH_FLEET_NODE_FLAGS;
  return custom === undefined ? [...COORDINATOR_NODE_FLAGS] : custom.split(/\s+/).filter(Boolean);
}

/** Runs this command again in a child with the measuring flags (marked, so the child measures). */
function runMeasuringChild(argv: readonly string[], stdio: "inherit" | "pipe"): string {
  return execFileSync(process.execPath, [...measuringFlags(), ...process.execArgv, process.argv[1] as string, ...argv], {
    encoding: "utf8",
    stdio: ["ignore", stdio, "inherit"],
    maxBuffer: 1 << 24,
    env: { ...process.env, BENCH_FLEET_MEASURING: "1" },
  });
}

const r3 = (v: number) => Math.round(v * 1000) / 1000;

/** This command's arguments for one size of the curve: the curve flag dropped, --fleet N and --json added. */
function curveChildArgs(n: number): string[] {
  const argv = process.argv.slice(2);
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--fleet-curve" || argv[i] === "--fleet") i++;
    else if (argv[i] !== "--json") out.push(argv[i] as string);
  }
  return [...out, "--fleet", String(n), "--json"];
}

/** --fleet-curve: one child process per cluster count; a table (or one JSON line) of every size's figures. */
function runFleetCurve(args: BenchArgs): void {
  const rows: Record<string, number | string>[] = [];
  for (const n of args.fleetCurve) {
    const out = runMeasuringChild(curveChildArgs(n), "pipe");
    const last = out.trim().split("\n").pop() as string;
    rows.push((JSON.parse(last) as { fleet: Record<string, number | string> }).fleet);
  }
  if (args.json) {
    process.stdout.write(`${JSON.stringify({ fleetCurve: rows })}\n`);
    return;
  }
  const cols = [
    "clusters",
    "nodes",
    "gpus",
    "decisions",
    "gpuAllocationPct",
    "decisionLatencyMsP50",
    "decisionLatencyMsP99",
    "decisionLatencyMsP99WithoutGc",
    "gcPauses",
    "decisionCpuMsP50",
    "decisionCpuMsP99",
    "decisionsPerSec",
    "peakRssMib",
    "decisionDigest",
  ];
  process.stdout.write(`${cols.join("\t")}\n${rows.map((r) => cols.map((c) => r[c]).join("\t")).join("\n")}\n`);
}

/**
 * Runs one fleet benchmark per seed on the first pod list and writes the report to stdout. The cluster
 * is loaded only by the process that measures (a curve's or a single run's parent only starts children).
 */
export async function runFleetBench(args: BenchArgs, loadCluster: () => ClusterState): Promise<void> {
  if (args.fleetCurve.length > 0) return runFleetCurve(args);
  // The decisions are timed in a process started with the coordinator's Node flags, as the worker is.
  if (process.env.BENCH_FLEET_MEASURING !== "1") {
    runMeasuringChild(process.argv.slice(2), "inherit");
    return;
  }
  const cluster = loadCluster();
  const trace = loadOpenbJobs(args.pods[0] as string);
  const workload = buildTargetWorkload(trace);
  const results: (FleetResult & { seed: number })[] = [];
  for (const seed of args.seeds.slice(0, 1)) {
    const r = await runFleet({
      cluster,
      trace,
      workload,
      n: args.fleet ?? 1,
      seed,
      arriveUntilPct: Math.min(args.arriveUntilPct, 100),
      maxDecisions: args.fleetDecisions,
      explainEvery: 25,
      prefillPct: args.fleetPrefillPct,
      warmup: args.fleetPrefillPct > 0 ? args.fleetWarmup : 0,
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
    gpuAllocationAtStartPct: r3(r.gpuAllocationAtStartPct),
    gpuAllocationPct: r3(r.gpuAllocationPct),
    decisionLatencyMsP50: r3(r.decisionLatencyMsP50),
    decisionLatencyMsP99: r3(r.decisionLatencyMsP99),
    decisionLatencyMsMax: r3(r.decisionLatencyMsMax),
    decisionCpuMsP50: r3(r.decisionCpuMsP50),
    decisionCpuMsP99: r3(r.decisionCpuMsP99),
    decisionsPerSec: Math.round(r.decisionsPerSec),
    decisionLatencyMsP99WithoutGc: r3(r.decisionLatencyMsP99WithoutGc),
    gcPauses: r.gcPauses,
    gcPauseMs: r3(r.gcPauseMs),
    decisionsWithGc: r.decisionsWithGc,
    coldDecisionMs: r3(r.coldDecisionMs),
    warmupDecisions: r.warmupDecisions,
    warmupDecisionMsMax: r3(r.warmupDecisionMsMax),
    explanationLatencyMsP50: r3(r.explanationLatencyMsP50),
    explanationLatencyMsP99: r3(r.explanationLatencyMsP99),
    decisionDigest: r.decisionDigest,
    peakRssMib: Math.round(r.peakRssMib),
    wallS: r3(r.wallMs / 1000),
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
