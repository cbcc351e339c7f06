/**
 * bench:placement --fleet N: the openb GPU cluster replicated into N clusters in different grid zones
 * behind the coordinator. Jobs arrive (FGD arrival methodology over the fleet's capacity), one decision
 * each, timed here around decide() (the engine never reads a clock). No departures; a deferred job
 * holds its GPUs from the decision on (the benchmark measures decision cost, not a schedule).
 * A third of the jobs are flexible (24 h window), so the carbon search runs; durations 1-6 h.
 * With `prefillPct`, one cluster is first filled by its in-cluster placer (untimed) with arrivals up to
 * that share of its GPUs and copied into every cluster (distinct node objects, so memory and caches are
 * those of N real clusters); then `maxDecisions` of the fleet's arrivals past that share are timed.
 */
import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import { performance, PerformanceObserver, type PerformanceEntry } from "node:perf_hooks";
import {
  allocate,
  buildArrivalSequence,
  createCoordinator,
  createPlacer,
  createRng,
  DEFAULT_COORDINATOR_POLICY,
  jobGpuMilli,
  mixSeed,
  VERDANT_POLICY,
  type ClusterState,
  type Coordinator,
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
  /** The same decisions timed by this process's CPU time (user + system): what the machine's other work cannot inflate. */
  decisionCpuMsP50: number;
  decisionCpuMsP99: number;
  decisionsPerSec: number;
  explanationLatencyMsP50: number;
  explanationLatencyMsP99: number;
  gpuAllocationPct: number;
  /** GPU allocated when the timed decisions start (the prefill; 0 without one). */
  gpuAllocationAtStartPct: number;
  /**
   * The first decision of the process (every cluster's placer builds its caches on the filled state): the
   * first warm-up decision, or without a warm-up the first timed one, then left out of the percentiles.
   */
  coldDecisionMs: number;
  /** Warm-up decisions (past arrivals, decided and dropped before the timed ones) and the slowest of them after the cold one. */
  warmupDecisions: number;
  warmupDecisionMsMax: number;
  /** Garbage-collection pauses (perf_hooks "gc" entries) that began during the timed decisions, their total, and the decisions they overlapped. */
  gcPauses: number;
  gcPauseMs: number;
  decisionsWithGc: number;
  /** p99 of each decision's wall time minus the garbage-collection pauses inside it: the decision's own work. */
  decisionLatencyMsP99WithoutGc: number;
  /**
   * SHA-256 over every timed decision's outcome, parts (cluster, request, assignments, start, end), energy,
   * gCO2e and verdicts; with BENCH_FLEET_DIGEST_EXPLANATIONS=1 also over every explanation's JSON (read
   * after the timing). Equal digests before and after an engine change mean the same decisions.
   */
  decisionDigest: string;
  /** Peak resident memory of the process (MiB), from the OS's high-water mark. */
  peakRssMib: number;
  wallMs: number;
}

/**
 * One cluster filled by the in-cluster placer (policy verdant) with arrivals until `pct` % of its GPUs
 * are requested; jobs that do not fit are dropped. Returns the state and the GPU milli allocated.
 */
function prefillCluster(state: ClusterState, trace: readonly JobRequest[], workload: TargetWorkload, pct: number, seed: number) {
  const capacity = state.nodes.reduce((s, n) => s + n.gpuMilliFree.length * 1000, 0);
  const arrivals = buildArrivalSequence(trace, capacity, createRng(mixSeed(seed, 11)), 1);
  const placer = createPlacer({ policy: VERDANT_POLICY, workload });
  let requested = 0;
  let allocated = 0;
  for (let i = 0; i < arrivals.length && requested < (pct / 100) * capacity; i++) {
    const job = arrivals[i] as JobRequest;
    requested += jobGpuMilli(job);
    const d = placer.place(state, job, { seed: mixSeed(seed, 100_000 + i) });
    if (d.outcome !== "placed") continue;
    state = allocate(state, job, d.assignments);
    allocated += jobGpuMilli(job);
  }
  return { state, allocated };
}

/** A copy of the state with its own node objects (each cluster of the fleet then has its own). */
const ownNodes = (state: ClusterState): ClusterState => ({ nodes: state.nodes.map((n) => ({ ...n })) });

/** Index of the first arrival once `pct` % of `capacityMilli` has been requested. */
function firstPast(arrivals: readonly JobRequest[], capacityMilli: number, pct: number): number {
  let requested = 0;
  let i = 0;
  while (i < arrivals.length && requested < (pct / 100) * capacityMilli) requested += jobGpuMilli(arrivals[i++] as JobRequest);
  return i;
}

const pct = (sorted: number[], p: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number) : 0;

/** A fleet job for one arrival: a third flexible (30 h window), durations 1-6 h, drawn from `rng`. */
function fleetJobOf(a: JobRequest, id: string, nowMs: number, rng: ReturnType<typeof createRng>): { job: FleetJob; flexible: boolean } {
  const flexible = rng.next() < 1 / 3;
  const job: FleetJob = {
    id,
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
  return { job, flexible };
}

/** The fleet as the coordinator sees it at `nowMs` (no links, tenants or quotas in this benchmark). */
const snapshotAt = (nowMs: number, clusters: FleetCluster[]) => ({ nowMs, clusters, links: [], gpuModels: OPENB_GPU_MODELS, tenants: [] });

/**
 * Decides `past` arrivals (the ones just before the timed part) on the fleet without applying them: a
 * coordinator that has been running has compiled its code paths. Own random stream, so the timed jobs
 * are the same with or without a warm-up; the decisions only fill caches, which never change a result.
 */
function warmUp(coordinator: Coordinator, clusters: FleetCluster[], past: readonly JobRequest[], t0: number, seed: number): number[] {
  const rng = createRng(mixSeed(seed, 8));
  const latencies: number[] = [];
  past.forEach((a, k) => {
    const nowMs = t0 - (past.length - k) * 30_000;
    const { job } = fleetJobOf(a, `w${k}`, nowMs, rng);
    const s = performance.now();
    coordinator.decide(snapshotAt(nowMs, clusters), job, { seed: mixSeed(seed, 900_000 + k) });
    latencies.push(performance.now() - s);
  });
  return latencies;
}

/** The garbage-collection pauses that began inside the timed span, and each decision's wall time without them. */
function gcWithin(entries: readonly PerformanceEntry[], spans: readonly [number, number][]) {
  const first = spans[0]?.[0] ?? 0;
  const last = spans[spans.length - 1]?.[1] ?? 0;
  const pauses = entries.filter((e) => e.startTime >= first && e.startTime <= last);
  let decisionsWithGc = 0;
  const ownMs = spans.map(([s, e]) => {
    let inside = 0;
    for (const p of pauses) inside += Math.max(0, Math.min(e, p.startTime + p.duration) - Math.max(s, p.startTime));
    if (inside > 0) decisionsWithGc++;
    return e - s - inside;
  });
  return { pauses: pauses.length, pauseMs: pauses.reduce((a, p) => a + p.duration, 0), decisionsWithGc, ownMs };
}

/** Runs the fleet benchmark. `maxDecisions` caps the arrival sequence (0 = all, up to arriveUntilPct). */
export async function runFleet(opts: {
  cluster: ClusterState;
  trace: readonly JobRequest[];
  workload: TargetWorkload;
  n: number;
  seed: number;
  arriveUntilPct: number;
  maxDecisions: number;
  explainEvery: number;
  /** Fill every cluster to this % of its GPUs requested before timing (0 = start empty). */
  prefillPct?: number;
  /** Past arrivals decided (not applied, not timed in the percentiles) before the timed ones, so the JIT is warm as in a running coordinator. */
  warmup?: number;
}): Promise<FleetResult> {
  const prefillPct = opts.prefillPct ?? 0;
  const prefill = prefillPct > 0 ? prefillCluster(opts.cluster, opts.trace, opts.workload, prefillPct, opts.seed) : null;
  let clusters: FleetCluster[] = replicateFleet(prefill ? prefill.state : opts.cluster, loadZoneSeries(), opts.n);
  if (prefill) clusters = clusters.map((c) => ({ ...c, state: ownNodes(c.state) }));
  const gpus = clusters.reduce((a, c) => a + c.state.nodes.reduce((s, x) => s + x.gpuMilliFree.length, 0), 0);
  const arrivals = buildArrivalSequence(opts.trace, gpus * 1000, createRng(opts.seed), opts.arriveUntilPct / 100);
  const from = prefill ? firstPast(arrivals, gpus * 1000, prefillPct) : 0;
  const left = arrivals.length - from;
  const total = opts.maxDecisions > 0 ? Math.min(opts.maxDecisions, left) : left;
  const coordinator = createCoordinator({ policy: DEFAULT_COORDINATOR_POLICY, workload: opts.workload });
  const rng = createRng(mixSeed(opts.seed, 7));
  const t0 = Date.UTC(2023, 2, 1);
  const latencies: number[] = [];
  const explainLatencies: number[] = [];
  let placed = 0;
  let deferred = 0;
  let allocatedMilli = prefill ? prefill.allocated * opts.n : 0;
  const allocatedAtStartMilli = allocatedMilli;
  let coldMs = 0;
  const cpuLatencies: number[] = [];
  const digest = createHash("sha256");
  const withExplanations = process.env.BENCH_FLEET_DIGEST_EXPLANATIONS === "1";
  // BENCH_FLEET_DUMP=file writes one line per decision (index, CPU ms, outcome, job shape, clusters passed) to profile the slow ones.
  const dumpPath = process.env.BENCH_FLEET_DUMP;
  const dump: string[] = [];
  const warm = warmUp(coordinator, clusters, arrivals.slice(Math.max(0, from - (opts.warmup ?? 0)), from), t0, opts.seed);
  const spans: [number, number][] = [];
  const gcEntries: PerformanceEntry[] = [];
  const gcObserver = new PerformanceObserver((list) => void gcEntries.push(...list.getEntries()));
  gcObserver.observe({ entryTypes: ["gc"] });
  const start = performance.now();
  for (let i = 0; i < total; i++) {
    const nowMs = t0 + i * 30_000;
    const { job, flexible } = fleetJobOf(arrivals[from + i] as JobRequest, `j${i}`, nowMs, rng);
    const snapshot = snapshotAt(nowMs, clusters);
    const h0 = dumpPath ? process.hrtime.bigint() : 0n;
    const c0 = process.cpuUsage();
    const s = performance.now();
    const d = coordinator.decide(snapshot, job, { seed: mixSeed(opts.seed, i) });
    const e = performance.now();
    latencies.push(e - s);
    spans.push([s, e]);
    const c1 = process.cpuUsage(c0);
    const h1 = dumpPath ? process.hrtime.bigint() : 0n;
    cpuLatencies.push((c1.user + c1.system) / 1000);
    // With a prefill the first decision builds every cluster's placer caches at once (a live coordinator keeps them warm).
    if (prefill && i === 0 && warm.length === 0) {
      coldMs = latencies.pop() as number;
      cpuLatencies.pop();
      spans.pop();
    }
    // The fields one by one: spreading the decision would read (and build) its explanation.
    const { outcome, split, parts, startMs, energyKwh, gCo2e, verdicts, couldEverRun } = d;
    digest.update(JSON.stringify({ i, outcome, split, parts, startMs, energyKwh, gCo2e, verdicts, couldEverRun }));
    if (dumpPath)
      dump.push(
        JSON.stringify({
          i,
          cpuMs: (c1.user + c1.system) / 1000,
          // Monotonic µs (the clock of V8's --cpu-prof samples), to attribute profile samples to this decision.
          fromUs: Number(h0 / 1000n),
          toUs: Number(h1 / 1000n),
          outcome: d.outcome,
          gpuCount: job.gpuCount,
          milli: job.gpuMilliPerGpu,
          models: job.allowedGpuModels.length,
          flexible,
          passed: d.verdicts.filter((v) => v.verdict === "pass").length,
          unfit: d.verdicts.filter((v) => v.verdict === "unfit").length,
        }),
      );
    if (opts.explainEvery > 0 && i % opts.explainEvery === 0) {
      const e0 = performance.now();
      void d.explanation.summary;
      explainLatencies.push(performance.now() - e0);
    }
    if (withExplanations) digest.update(JSON.stringify(d.explanation));
    if (d.outcome === "unschedulable") continue;
    if (d.outcome === "placed") placed++;
    else deferred++;
    for (const part of d.parts) {
      clusters = clusters.map((c) => (c.id === part.clusterId ? { ...c, state: allocate(c.state, part.request, part.assignments) } : c));
      allocatedMilli += part.request.gpuCount * part.request.gpuMilliPerGpu * (part.request.gangSize ?? 1);
    }
  }
  const wallMs = performance.now() - start;
  // GC entries are delivered after the pause, on a later turn of the event loop.
  await new Promise((resolve) => setTimeout(resolve, 50));
  const gc = gcWithin(gcEntries, spans);
  gcObserver.disconnect();
  if (dumpPath) writeFileSync(dumpPath, `${dump.join("\n")}\n`);
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
    decisionCpuMsP50: pct(
      [...cpuLatencies].sort((x, y) => x - y),
      50,
    ),
    decisionCpuMsP99: pct(
      [...cpuLatencies].sort((x, y) => x - y),
      99,
    ),
    decisionsPerSec: latencies.length / (latencies.reduce((x, y) => x + y, 0) / 1000),
    coldDecisionMs: warm[0] ?? coldMs,
    warmupDecisions: warm.length,
    warmupDecisionMsMax: Math.max(0, ...warm.slice(1)),
    gcPauses: gc.pauses,
    gcPauseMs: gc.pauseMs,
    decisionsWithGc: gc.decisionsWithGc,
    decisionLatencyMsP99WithoutGc: pct(
      gc.ownMs.sort((x, y) => x - y),
      99,
    ),
    explanationLatencyMsP50: pct(sortedE, 50),
    explanationLatencyMsP99: pct(sortedE, 99),
    gpuAllocationPct: (100 * allocatedMilli) / (gpus * 1000),
    gpuAllocationAtStartPct: (100 * allocatedAtStartMilli) / (gpus * 1000),
    decisionDigest: digest.digest("hex").slice(0, 16),
    peakRssMib: process.resourceUsage().maxRSS / 1024,
    wallMs,
  };
}
