/**
 * The mutable state of one policy run of the discrete-event simulator, shared by its step functions
 * (arrivals, completions, deferral wake-ups, backfill dispatch, metrics sampling). Holding it in one
 * object keeps each step a plain function of (state, event) instead of a closure inside one long loop.
 */
import { createCoordinator, type Coordinator } from "../coordinator/coordinator";
import type { FleetCluster } from "../coordinator/types";
import { HOUR_MS } from "../carbon/series";
import { createDurationPredictor, type DurationFeatures, type DurationPredictor } from "../estimate/duration-predictor";
import type { NodeState } from "../model/node";
import type { TargetWorkload } from "../model/target-workload";
import { emptyTotals, EnergyMeter, type EnergyTotals } from "./energy-meter";
import { EventQueue } from "./event-queue";
import { SimClusterRun } from "./sim-cluster";
import { MetricAccumulator } from "./sim-metrics";
import type { SimHooks, SimInput, SimJob, SimPolicy, SimPolicyMetrics, SimTimeSeries } from "./types";
import { ForecastBook, ZoneTruth } from "./zone-signal";

/** Event priorities at equal times: free capacity first, decide last. */
export const P = { complete: 0, capacity: 1, hour: 2, arrive: 3, wake: 4, sample: 5, dispatch: 6 } as const;

/** One event of the simulation queue; `token` invalidates completions and wake-ups of a job that moved on. */
export type SimEvent =
  | { k: "arrive"; r: JobRec }
  | { k: "complete"; r: JobRec; token: number }
  | { k: "wake"; r: JobRec; token: number }
  | { k: "capacity"; clusterIndex: number; nodeIndex: number; up: boolean }
  | { k: "hour" }
  | { k: "sample" }
  | { k: "dispatch" };

/** The simulator's record of one job across its life (queued, reserved, running, finished). */
export interface JobRec {
  readonly idx: number;
  readonly job: SimJob;
  readonly features: DurationFeatures;
  readonly shape: string;
  status: "pending" | "waiting" | "reserved" | "running" | "done" | "skipped";
  token: number;
  redecisions: number;
  firstStartMs: number | null;
  /** Duration the coordinator was given (p90 for flexible jobs, else the median). */
  estimateS: number;
  /** The predictor's median estimate (JTTED). */
  medianEstimateS: number;
  clusterIndex: number;
  /** Backfill reservation (EASY head, or any blocked job under conservative backfill) made in the current dispatch. */
  headReserved: boolean;
  /** Work (s of true run time) saved by checkpoints of earlier, preempted runs: a resumed run needs only the rest. */
  savedWorkS: number;
  /** Start of the current run (epoch ms), or NaN when not running. */
  runStartMs: number;
  /** The current run started by backfill: on a cluster where another job held a capacity reservation. */
  backfilled: boolean;
  /** True end of the current run (epoch ms; moved later when an elastic run sheds members). */
  runEndMs?: number;
}

/** Everything a run returns. */
export interface PolicyRunResult {
  readonly metrics: SimPolicyMetrics;
  readonly series: SimTimeSeries;
}

/** Shared, policy-independent preparation (built once per simulate call). */
export interface RunContext {
  readonly input: SimInput;
  readonly truths: ReadonlyMap<string, ZoneTruth>;
  readonly workload: TargetWorkload;
  /** Most common multi-GPU member size (GFR's reference shape). */
  readonly gfrGpus: number;
  readonly hooks: SimHooks;
  /** Progress offset and span of this policy within the whole run. */
  readonly progressBase: number;
  readonly progressSpan: number;
}

/** A fleet cluster handed to the coordinator, kept with the cluster version and instant it describes. */
export interface BuiltFleetCluster {
  version: number;
  atMs: number;
  fleet: FleetCluster;
}

/** The mutable state of one policy run. */
export interface SimState {
  readonly ctx: RunContext;
  readonly simPolicy: SimPolicy;
  readonly input: SimInput;
  readonly coordinator: Coordinator;
  readonly predictor: DurationPredictor;
  readonly book: ForecastBook;
  readonly energy: EnergyTotals;
  readonly clusters: SimClusterRun[];
  readonly acc: MetricAccumulator;
  readonly queue: EventQueue<SimEvent>;
  readonly quota: Map<string, number>;
  /** GPUs in use per tenant. */
  readonly usage: Map<string, number>;
  /** Queued jobs in priority order (priority desc, then arrival, then input order). */
  readonly waiting: JobRec[];
  /** Whether a job shape fits nowhere even on the idle fleet (cached per shape). */
  readonly neverFits: Map<string, boolean>;
  readonly recs: JobRec[];
  /** Job records by job id (victims of a preemption plan are named by id). */
  readonly recById: ReadonlyMap<string, JobRec>;
  /** Per-cluster snapshot cache (see buildSnapshot). */
  readonly built: (BuiltFleetCluster | undefined)[];
  /** Node fragmentation per node state object (states are replaced, never mutated, on change). */
  readonly fragCache: WeakMap<NodeState, number>;
  /** Whether any job is an elastic gang (only then does a dispatch look for runs to grow). */
  readonly elastic: boolean;
  /** Instant of the dispatch already queued, or NaN. */
  dispatchAt: number;
  /** Jobs holding a deferral reservation (counted as queued in samples). */
  reservedCount: number;
  now: number;
}

/** Builds the initial state of one run: clusters, meters, coordinator, predictor and job records. */
export function createSimState(ctx: RunContext, simPolicy: SimPolicy): SimState {
  const { input } = ctx;
  const coordinator = createCoordinator({ policy: simPolicy.policy, workload: ctx.workload });
  const predictor = createDurationPredictor();
  const book = new ForecastBook(ctx.truths, input.forecast, input.seed, input.startMs);
  const energy = emptyTotals();
  const catalog = new Map(input.gpuModels.map((m) => [m.id, m]));
  const recs = input.jobs.map(jobRecord);
  const clusters = input.clusters.map(
    (c, i) =>
      new SimClusterRun(
        c,
        i,
        new EnergyMeter(ctx.truths.get(c.zone) as ZoneTruth, c.pue, input.startMs, input.endMs, energy),
        catalog,
        ctx.hooks.onRunPart ? (part) => ctx.hooks.onRunPart!(simPolicy.name, part) : undefined,
      ),
  );
  return {
    ctx,
    simPolicy,
    input,
    coordinator,
    predictor,
    book,
    energy,
    clusters,
    acc: new MetricAccumulator(input.startMs, input.endMs),
    queue: new EventQueue<SimEvent>(),
    quota: new Map(input.tenants.map((t) => [t.tenant, t.maxGpus])),
    usage: new Map<string, number>(),
    waiting: [],
    neverFits: new Map<string, boolean>(),
    recs,
    recById: new Map(recs.map((r) => [r.job.id, r])),
    built: [],
    fragCache: new WeakMap<NodeState, number>(),
    elastic: input.jobs.some((j) => j.minMembers != null && j.minMembers < j.gangSize),
    dispatchAt: Number.NaN,
    reservedCount: 0,
    now: input.startMs,
  };
}

/** A fresh record for the job at `idx`; its shape key groups jobs the placer treats alike. */
function jobRecord(job: SimJob, idx: number): JobRec {
  const features: DurationFeatures = {
    tenant: job.tenant,
    cpuMilli: job.cpuMilli,
    gpuCount: job.gpuCount,
    gpuMilliPerGpu: job.gpuMilliPerGpu,
    gangSize: job.gangSize,
    userEstimateS: job.userEstimateS,
  };
  const shape = `${job.cpuMilli}/${job.memoryMib}/${job.gpuCount}/${job.gpuMilliPerGpu}/${job.gangSize}/${job.allowedGpuModels.join("|")}/${job.allowedRegions.join("|")}`;
  return {
    idx,
    job,
    features,
    shape,
    status: "pending",
    token: 0,
    redecisions: 0,
    firstStartMs: null,
    estimateS: 0,
    medianEstimateS: 0,
    clusterIndex: -1,
    headReserved: false,
    backfilled: false,
    savedWorkS: 0,
    runStartMs: Number.NaN,
  };
}

/**
 * Queues every event known in advance: arrivals inside the window, node up/down events naming a
 * known node, hourly energy integration and metric samples.
 */
export function scheduleInitialEvents(s: SimState): void {
  const { input, queue } = s;
  for (const r of s.recs) if (r.job.arrivalMs < input.endMs) queue.push(Math.max(input.startMs, r.job.arrivalMs), P.arrive, { k: "arrive", r });
  for (const e of input.capacityEvents) {
    const ci = input.clusters.findIndex((c) => c.id === e.clusterId);
    const ni = ci >= 0 ? (input.clusters[ci]?.state.nodes.findIndex((n) => n.name === e.nodeName) ?? -1) : -1;
    if (ni >= 0) queue.push(e.atMs, P.capacity, { k: "capacity", clusterIndex: ci, nodeIndex: ni, up: e.up });
  }
  for (let t = Math.ceil(input.startMs / HOUR_MS) * HOUR_MS; t < input.endMs; t += HOUR_MS) queue.push(t, P.hour, { k: "hour" });
  const sampleMs = Math.max(60, input.sampleEveryS) * 1000;
  for (let t = input.startMs; t < input.endMs; t += sampleMs) queue.push(t, P.sample, { k: "sample" });
}
