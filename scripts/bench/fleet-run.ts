/**
 * bench:placement --fleet N: the openb GPU cluster replicated into N clusters in different grid zones
 * behind the coordinator. Jobs arrive (FGD arrival methodology over the fleet's capacity), one decision
 * each, timed here around decide() (the engine never reads a clock). No departures; a deferred job
 * holds its GPUs from the decision on (the benchmark measures decision cost, not a schedule).
 * A third of the jobs are flexible (24 h window), so the carbon search runs; durations 1-6 h.
 */
import { performance } from "node:perf_hooks";
import {
  allocate,
  buildArrivalSequence,
  createCoordinator,
  createRng,
  DEFAULT_COORDINATOR_POLICY,
  mixSeed,
  type ClusterState,
  type FleetCluster,
  type FleetJob,
  type JobRequest,
  type TargetWorkload,
} from "@/server/engine";
import { loadZoneSeries, OPENB_GPU_MODELS, replicateFleet } from "./fleet-data";

/** Figures of one fleet run. */
export interface FleetResult {
  clusters: number;
  nodes: number;
  gpus: number;
  decisions: number;
  placed: number;
  deferred: number;
  unschedulable: number;
  decisionLatencyMsP50: number;
  decisionLatencyMsP99: number;
  decisionLatencyMsMax: number;
  decisionsPerSec: number;
  explanationLatencyMsP50: number;
  explanationLatencyMsP99: number;
  gpuAllocationPct: number;
  wallMs: number;
}

const pct = (sorted: number[], p: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number) : 0;

/** Runs the fleet benchmark. `maxDecisions` caps the arrival sequence (0 = all, up to arriveUntilPct). */
export function runFleet(opts: {
  cluster: ClusterState;
  trace: readonly JobRequest[];
  workload: TargetWorkload;
  n: number;
  seed: number;
  arriveUntilPct: number;
  maxDecisions: number;
  explainEvery: number;
}): FleetResult {
  let clusters: FleetCluster[] = replicateFleet(opts.cluster, loadZoneSeries(), opts.n);
  const gpus = clusters.reduce((a, c) => a + c.state.nodes.reduce((s, x) => s + x.gpuMilliFree.length, 0), 0);
  const arrivals = buildArrivalSequence(opts.trace, gpus * 1000, createRng(opts.seed), opts.arriveUntilPct / 100);
  const total = opts.maxDecisions > 0 ? Math.min(opts.maxDecisions, arrivals.length) : arrivals.length;
  const coordinator = createCoordinator({ policy: DEFAULT_COORDINATOR_POLICY, workload: opts.workload });
  const rng = createRng(mixSeed(opts.seed, 7));
  const t0 = Date.UTC(2023, 2, 1);
  const latencies: number[] = [];
  const explainLatencies: number[] = [];
  let placed = 0;
  let deferred = 0;
  let allocatedMilli = 0;
  const start = performance.now();
  for (let i = 0; i < total; i++) {
    const a = arrivals[i] as JobRequest;
    const nowMs = t0 + i * 30_000;
    const flexible = rng.next() < 1 / 3;
    const job: FleetJob = {
      id: `j${i}`,
      tenant: "bench",
      kind: "batch",
      cpuMilli: a.cpuMilli,
      memoryMib: a.memoryMib,
      gpuCount: a.gpuCount,
      gpuMilliPerGpu: a.gpuMilliPerGpu,
      allowedGpuModels: a.allowedGpuModels,
      gangSize: 1,
      estimatedDurationS: 3600 * (1 + rng.nextInt(6)),
      allowedRegions: [],
      allowSplit: false,
      ...(flexible ? { earliestStartMs: nowMs, deadlineMs: nowMs + 30 * 3_600_000 } : {}),
    };
    const snapshot = { nowMs, clusters, links: [], gpuModels: OPENB_GPU_MODELS, tenants: [] };
    const s = performance.now();
    const d = coordinator.decide(snapshot, job, { seed: mixSeed(opts.seed, i) });
    latencies.push(performance.now() - s);
    if (opts.explainEvery > 0 && i % opts.explainEvery === 0) {
      const e0 = performance.now();
      void d.explanation.summary;
      explainLatencies.push(performance.now() - e0);
    }
    if (d.outcome === "unschedulable") continue;
    if (d.outcome === "placed") placed++;
    else deferred++;
    for (const part of d.parts) {
      clusters = clusters.map((c) => (c.id === part.clusterId ? { ...c, state: allocate(c.state, part.request, part.assignments) } : c));
      allocatedMilli += part.request.gpuCount * part.request.gpuMilliPerGpu * (part.request.gangSize ?? 1);
    }
  }
  const wallMs = performance.now() - start;
  const sorted = [...latencies].sort((x, y) => x - y);
  const sortedE = [...explainLatencies].sort((x, y) => x - y);
  return {
    clusters: opts.n,
    nodes: clusters.reduce((a, c) => a + c.state.nodes.length, 0),
    gpus,
    decisions: total,
    placed,
    deferred,
    unschedulable: total - placed - deferred,
    decisionLatencyMsP50: pct(sorted, 50),
    decisionLatencyMsP99: pct(sorted, 99),
    decisionLatencyMsMax: sorted[sorted.length - 1] ?? 0,
    decisionsPerSec: total / (latencies.reduce((x, y) => x + y, 0) / 1000),
    explanationLatencyMsP50: pct(sortedE, 50),
    explanationLatencyMsP99: pct(sortedE, 99),
    gpuAllocationPct: (100 * allocatedMilli) / (gpus * 1000),
    wallMs,
  };
}
