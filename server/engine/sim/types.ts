/**
 * The simulator's contract: what a run takes (a fully resolved scenario of plain data: clusters with
 * idle nodes, the measured intensity per zone, jobs with arrival and true duration, the policies to
 * compare) and what it returns (metrics per policy plus time series for charts). Everything is plain
 * JSON-safe data so a scenario loaded from files, a stored experiment and a test fixture look alike.
 * Times are epoch ms, durations seconds, energy kWh, emissions kg or g as named.
 */
import type { CoordinatorPolicy } from "../coordinator/policy";
import type { ForecastErrorBucket } from "../coordinator/deferral-check";
import type { FleetCluster, GpuModelSpec } from "../coordinator/types";

/**
 * One simulated cluster: the coordinator's cluster fields without running jobs, reservations or a
 * series (the simulator builds those per decision); `state` holds its nodes idle at the start, and
 * `zone` must have a series in {@link SimInput.zones}.
 */
export type SimCluster = Pick<FleetCluster, "id" | "name" | "region" | "zone" | "tier" | "pue" | "state"> & {
  /**
   * How a job's power is metered on this cluster: "gpu-linear" (absent: its GPU shares only, as every
   * simulator benchmark counts it) or "node-share" (GPUs, CPU, memory and its share of the node's idle
   * power, the model the live ledger accounts with), so a replay of the ledger prices jobs as the ledger did.
   */
  readonly jobPowerModel?: "gpu-linear" | "node-share";
};

/** The measured (true) hourly intensity of one zone over the simulated period. */
export interface SimZoneSeries {
  readonly zone: string;
  /** Start of the first hour (epoch ms, on an hour boundary). */
  readonly startMs: number;
  /** gCO2e/kWh per consecutive hour. */
  readonly gCo2ePerKwh: readonly number[];
  readonly provider: string;
  readonly emissionFactorType: "lifecycle" | "direct";
}

/** A job of the simulated workload. Resources are per member, as in the engine's FleetJob. */
export interface SimJob {
  readonly id: string;
  readonly tenant: string;
  /** Class for per-class waiting-time reports, e.g. "cpu", "share", "1-gpu", "multi-gpu". */
  readonly jobClass: string;
  /** Higher runs first when several jobs wait. */
  readonly priority: number;
  readonly arrivalMs: number;
  /** True run time (from the trace or sampled); the simulator knows it, the policies never see it. */
  readonly durationS: number;
  /** What the submitter would state (e.g. a rounded or padded guess); the predictor may replace it. */
  readonly userEstimateS: number | null;
  readonly cpuMilli: number;
  readonly memoryMib: number;
  readonly gpuCount: number;
  readonly gpuMilliPerGpu: number;
  readonly allowedGpuModels: readonly string[];
  readonly gangSize: number;
  /** Mean GPU utilization while running, 0..1. */
  readonly gpuUtilization: number;
  /** Flexibility: latest allowed finish (epoch ms); null = start as soon as possible. */
  readonly deadlineMs: number | null;
  readonly allowedRegions: readonly string[];
  /**
   * What the job is for, read by the policy's kind objective (training prefers hubs, inference regional
   * and edge clusters); absent = "batch" (no preference), as before jobs carried one.
   */
  readonly kind?: "training" | "inference" | "batch";
  /** Priority class name (e.g. "production", "standard", "best-effort"); absent = no class, as before classes existed. */
  readonly priorityClass?: string;
  /** Whether the job's class may take GPUs from lower-priority preemptible jobs when it cannot start (needs the policy's `constraints.preemption`). */
  readonly mayPreempt?: boolean;
  /** Whether a higher-priority job may stop this one; absent = never (old scenarios keep their behaviour). */
  readonly preemptible?: boolean;
  /** The job saves its progress every this many seconds of run time; null or absent = never (a preempted run restarts from the start). */
  readonly checkpointIntervalS?: number | null;
  /**
   * Elastic gang: when preempted it may shed members down to this many instead of stopping (it starts
   * with gangSize; work runs at a rate proportional to its members). Null or absent = fixed size.
   */
  readonly minMembers?: number | null;
  /**
   * Multiplies the job's power draw while it runs (absent = 1). A job replayed from a sped-up simulated
   * cluster runs for its recorded wall time, so the fleet carries the load it carried live, yet draws
   * the energy of the work it did in that time, as the savings ledger accounts it.
   */
  readonly powerScale?: number;
}

/** A node going down or coming back at a time (capacity change event). */
export interface SimCapacityEvent {
  readonly atMs: number;
  readonly clusterId: string;
  readonly nodeName: string;
  readonly up: boolean;
}

/** A tenant's quota in the simulation. */
export interface SimTenant {
  readonly tenant: string;
  readonly maxGpus: number;
}

/** A policy to compare: a label and the coordinator policy object the production engine runs. */
export interface SimPolicy {
  /** Short name used as the key of results, e.g. "baseline", "fgd", "carbon-greedy", "time-shift", "verdant". */
  readonly name: string;
  readonly label: string;
  readonly policy: CoordinatorPolicy;
}

/** How the forecast the policies see is made (never the future truth itself). */
export interface SimForecastOptions {
  /** "noisy-truth": truth x (1 + N(0, sigma)) per hour, noise growing with horizon; "forecaster": the engine's forecaster on history only. */
  readonly method: "noisy-truth" | "forecaster";
  /** Relative standard deviation of the noise at 24 h horizon (noisy-truth), e.g. 0.1. */
  readonly noiseSigma: number;
  /** Forecast horizon offered to policies (hours), e.g. 48. */
  readonly horizonHours: number;
  /**
   * The forecast error each zone's deferral checks allow for, as a live coordinator knew it (a replay
   * of recorded decisions); a zone without buckets gets the coordinator's conservative default, as it
   * did live. Absent: the noisy-truth method's own known error.
   */
  readonly errorByZone?: Readonly<Record<string, readonly ForecastErrorBucket[]>>;
}

/** A resolved scenario: everything a run needs, as data. */
export interface SimInput {
  readonly name: string;
  readonly seed: number;
  readonly startMs: number;
  readonly endMs: number;
  readonly clusters: readonly SimCluster[];
  readonly zones: readonly SimZoneSeries[];
  readonly gpuModels: readonly GpuModelSpec[];
  readonly tenants: readonly SimTenant[];
  readonly jobs: readonly SimJob[];
  readonly capacityEvents: readonly SimCapacityEvent[];
  readonly policies: readonly SimPolicy[];
  /** Name of the policy every saving is measured against (carbon-agnostic baseline). */
  readonly baseline: string;
  readonly forecast: SimForecastOptions;
  /** Time-series resolution for charts (s), e.g. 3600. */
  readonly sampleEveryS: number;
  /**
   * Job shapes the coordinators' fragmentation objective learns its target workload from; absent = the
   * scenario's jobs. A replay of live decisions passes the shapes the live coordinator learned from
   * (recent jobs with GPUs), so its fragmentation scores rank clusters as the live ones did.
   */
  readonly targetWorkloadJobs?: readonly {
    cpuMilli: number;
    gpuCount: number;
    gpuMilliPerGpu: number;
    allowedGpuModels: readonly string[];
    memoryMib?: number;
  }[];
}

/** Waiting-time percentiles (s) of one job class. */
export interface WaitPercentiles {
  readonly jobs: number;
  readonly p50S: number;
  readonly p90S: number;
  readonly p99S: number;
}

/** Metrics of one policy on one scenario (definitions in shared/docs/ALGORITHMS.md). */
export interface SimPolicyMetrics {
  /** Time-averaged GPU allocation ratio, 0..1 (milli-GPU counted fractionally). */
  readonly gar: number;
  readonly garP50: number;
  /** GPU time of runs whose work counted (completed or running at the end) / GPU time held (every run, lost ones too), 0..1. */
  readonly sor: number;
  /** Time-averaged share of GPU nodes partly allocated whose free GPUs cannot host the most common multi-GPU shape. */
  readonly gfr: number;
  /** Time-averaged FGD fragmentation rate: fragmented idle milli-GPU / idle milli-GPU. */
  readonly fragmentationRate: number;
  readonly jwtdP50S: number;
  readonly jwtdP90S: number;
  readonly jwtdP99S: number;
  readonly jwtdByClass: Readonly<Record<string, WaitPercentiles>>;
  /** Jobs still waiting at the end whose JWTD entry is censored there (optional: added later). */
  readonly jwtdCensoredJobs?: number;
  /** Median of |estimated - actual| / actual over completed jobs (the predictor's estimate at decision time). */
  readonly jttedMedianRelErr: number;
  /** 90th percentile of |estimated - actual| / actual (optional: added later), the tail the deferral windows live with. */
  readonly jttedP90RelErr?: number;
  /** Median of the signed (estimated - actual) / actual. */
  readonly jttedMedianSignedRelErr: number;
  readonly jobsCompleted: number;
  readonly jobsSkipped: number;
  readonly deadlineMisses: number;
  readonly meanJctS: number;
  readonly p99JctS: number;
  /** Facility energy (IT x PUE), jobs plus idle GPUs. */
  readonly energyKwh: number;
  readonly itEnergyKwh: number;
  readonly emissionsKg: number;
  /** Emissions of the jobs only (idle power excluded), kg. */
  readonly jobEmissionsKg: number;
  readonly allocatedGpuHours: number;
  readonly emissionsPerGpuHourG: number;
  /** Against the baseline policy on the same trace and seed (0 for the baseline itself). */
  readonly emissionsSavedPctVsBaseline: number;
  readonly garDeltaPointsVsBaseline: number;
  readonly meanWaitDeltaSVsBaseline: number;
  readonly meanWaitS: number;
  readonly decisions: number;
  readonly events: number;
  readonly wallMs: number;
  /** Jobs still waiting or running when the event queue ran dry (e.g. held by a quota); optional (added later). */
  readonly jobsUnfinished?: number;
  /** Jobs evicted by a node going down and queued again (each counted once per eviction). */
  readonly jobsRequeued?: number;
  /** Decisions the live state refused (allocate would over-allocate); always 0 unless there is a bug. */
  readonly placementConflicts?: number;
  /** Saving on the jobs' own emissions only (idle power excluded), % vs the baseline. */
  readonly jobEmissionsSavedPctVsBaseline?: number;
  /** Running jobs stopped to let a higher-priority job start (each stop counted once); optional (added later). */
  readonly preemptions?: number;
  /** GPU-hours of work preempted runs lost (run time since their last checkpoint, or since their start without one). */
  readonly gpuHoursLostToPreemption?: number;
  /** 99th percentile of the wait of every job (same as jwtdP99S, named for the load tables). */
  readonly waitP99S?: number;
  /** Jobs of at least {@link LARGE_JOB_GPUS} GPUs (all members together), and their mean and 99th-percentile wait (s). */
  readonly largeJobs?: number;
  readonly waitLargeMeanS?: number;
  readonly waitLargeP99S?: number;
}

/** Jobs holding at least this many GPUs (all gang members together) count as large in the per-size waits. */
export const LARGE_JOB_GPUS = 32;

/** Chart series of one policy. */
export interface SimTimeSeries {
  /** Every sampleEveryS: time, GAR 0..1, facility power kW, queued jobs. */
  readonly samples: readonly { readonly atMs: number; readonly gar: number; readonly powerKw: number; readonly queued: number }[];
  /** Waiting-time CDF points: wait (s) and cumulative share 0..1 (at most ~100 points). */
  readonly waitCdf: readonly { readonly waitS: number; readonly share: number }[];
  /** Emissions per UTC day (kg). */
  readonly emissionsPerDay: readonly { readonly day: string; readonly kg: number }[];
}

/** A whole run. */
export interface SimResult {
  readonly scenario: string;
  readonly seed: number;
  readonly baseline: string;
  readonly policies: Readonly<Record<string, SimPolicyMetrics>>;
  readonly timeSeries: Readonly<Record<string, SimTimeSeries>>;
  /** Simulated events per wall-clock second over the whole run. */
  readonly eventsPerSec: number;
  readonly wallMs: number;
}

/** One stretch of a job on one cluster, from its start to its completion, eviction or preemption there. */
export interface SimRunPart {
  readonly jobId: string;
  readonly clusterId: string;
  readonly fromMs: number;
  readonly toMs: number;
  /** The job's IT power on this cluster (W), constant over the stretch (the meter's job watts). */
  readonly itWatts: number;
}

/** Hooks for long runs. The simulator never reads a clock: `now` is injected for wall-time figures. */
export interface SimHooks {
  /** Wall clock in ms (performance.now or Date.now), used only for wallMs / eventsPerSec. */
  readonly now: () => number;
  /** Called now and then with progress 0..1 and a note (e.g. "verdant: day 12 of 30"). */
  readonly onProgress?: (progress: number, note: string) => void;
  /** Polled between events; true stops the run with a SimCancelledError. */
  readonly shouldCancel?: () => boolean;
  /** Told of each finished run stretch of each policy (a job's per-cluster power over time), e.g. to check per-job estimates. */
  readonly onRunPart?: (policy: string, part: SimRunPart) => void;
}
