/**
 * One benchmark run (policy x trace x seed) of the FGD methodology: place the arrival sequence one job
 * at a time, no departures, skip jobs that fit nowhere; record allocation at arrived = 100% of GPU
 * capacity and per-decision wall-clock latency (timed here, never inside the engine).
 */
import { performance } from "node:perf_hooks";
import {
  applyDecision,
  buildArrivalSequence,
  clusterGpuMilliCapacity,
  createPlacer,
  createRng,
  createWorkloadLearner,
  jobGpuMilli,
  mixSeed,
  type ClusterState,
  type JobRequest,
  type PlacementPolicy,
  type TargetWorkload,
} from "@/server/engine";

/** Figures of one run. */
export interface ReplayResult {
  policy: string;
  trace: string;
  seed: number;
  unallocatedGpuPctAt100: number;
  decisions: number;
  placed: number;
  decisionLatencyMsP50: number;
  decisionLatencyMsP99: number;
  decisionsPerSec: number;
  wallMs: number;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  const idx = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, idx)] as number;
}

/** Rebuild points of the learned M: after 1, 2, 4, ..., 256 arrivals, then every 256 (timed with the decision). */
export const RELEARN_EVERY = 256;
function relearnAt(observed: number): boolean {
  return observed < RELEARN_EVERY ? (observed & (observed - 1)) === 0 : observed % RELEARN_EVERY === 0;
}

/** Runs one replay. */
export function runReplay(opts: {
  cluster: ClusterState;
  trace: readonly JobRequest[];
  traceName: string;
  policy: PlacementPolicy;
  workload: TargetWorkload;
  /** Learn M from the arrivals so far (rebuilding the placer on a schedule) instead of using `workload`. */
  learnWorkload?: boolean;
  seed: number;
  arriveUntilPct: number;
}): ReplayResult {
  const capacity = clusterGpuMilliCapacity(opts.cluster);
  const arrivals = buildArrivalSequence(opts.trace, capacity, createRng(opts.seed), opts.arriveUntilPct / 100);
  const learner = opts.learnWorkload ? createWorkloadLearner() : null;
  let placer = createPlacer({ policy: opts.policy, workload: opts.workload });
  let state = opts.cluster;
  let arrived = 0;
  let allocated = 0;
  let allocatedAt100: number | null = null;
  let placed = 0;
  const latencies = new Float64Array(arrivals.length);
  const start = performance.now();
  for (let i = 0; i < arrivals.length; i++) {
    const job = arrivals[i] as JobRequest;
    const t0 = performance.now();
    if (learner) {
      learner.observe(job);
      if (relearnAt(learner.observed)) placer = createPlacer({ policy: opts.policy, workload: learner.workload() });
    }
    const decision = placer.place(state, job, { seed: mixSeed(opts.seed, i) });
    state = applyDecision(state, job, decision);
    latencies[i] = performance.now() - t0;
    const gpu = jobGpuMilli(job);
    arrived += gpu;
    if (decision.outcome === "placed") {
      allocated += gpu;
      placed++;
    }
    if (allocatedAt100 === null && arrived >= capacity) allocatedAt100 = allocated;
  }
  const wallMs = performance.now() - start;
  const sorted = latencies.slice().sort();
  const totalDecisionMs = latencies.reduce((a, b) => a + b, 0);
  return {
    policy: opts.policy.name,
    trace: opts.traceName,
    seed: opts.seed,
    unallocatedGpuPctAt100: 100 - (100 * (allocatedAt100 ?? allocated)) / capacity,
    decisions: arrivals.length,
    placed,
    decisionLatencyMsP50: percentile(sorted, 50),
    decisionLatencyMsP99: percentile(sorted, 99),
    decisionsPerSec: arrivals.length / (totalDecisionMs / 1000),
    wallMs,
  };
}
