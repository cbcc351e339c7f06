/**
 * Fleet inputs of the coordinator: clusters (each with its state, queue and intensity series), links
 * between clusters, the GPU catalog and tenant usage. All plain data (JSON round-trips), times in
 * epoch ms, durations in seconds, so a stored decision's inputs replay exactly.
 */
import type { IntensitySeries } from "../carbon/series";
import type { ForecastErrorBucket } from "./deferral-check";
import type { JobRequest } from "../model/job";
import type { ClusterState } from "../model/node";
import type { PlacementAssignment } from "../placement/allocate";

/** A GPU model of the catalog (the GpuModel row). */
export interface GpuModelSpec {
  readonly id: string;
  readonly memoryGib: number;
  /** Relative compute in A100-equivalents (A100 = 1.0). */
  readonly computeUnits: number;
  readonly idleWatts: number;
  readonly maxWatts: number;
}

/** Cluster tier (hub training centre, regional pool, edge). */
export type ClusterTier = "hub" | "regional" | "edge";
/** Cluster status; only active clusters take new jobs. */
export type ClusterStatus = "active" | "draining" | "maintenance" | "retired";

/** A job holding resources on a cluster until endMs. */
export interface RunningJob {
  readonly jobId: string;
  readonly job: JobRequest;
  readonly assignments: readonly PlacementAssignment[];
  readonly endMs: number;
  /** What preemption needs to know (absent = not preemptible, as before classes existed). */
  readonly preemption?: RunningJobPreemption;
}

/** A running job as a preemption candidate: its class, its unsaved work and any borrowed quota. */
export interface RunningJobPreemption {
  readonly tenant: string;
  readonly priority: number;
  readonly preemptible: boolean;
  /** When this run started (epoch ms). */
  readonly startedAtMs: number;
  /** The last checkpoint of this run (epoch ms); null = none yet (the whole run would be lost). */
  readonly lastCheckpointMs: number | null;
  /** Work saved at that checkpoint, earlier runs included (s); absent = only this run's checkpointed time counts. */
  readonly checkpointedWorkS?: number;
  /** GPUs the job holds beyond its tenant's nominal quota (borrowed from the cohort); 0 = none. */
  readonly borrowedGpus: number;
  /** Elastic gang: the fewest members it may run with (it can shed members instead of stopping); null = fixed. */
  readonly minMembers: number | null;
  /**
   * Started by backfill (ahead of a job holding a reservation on its cluster) and now past the end it
   * was predicted to reach: it was admitted on the promise of ending before the reservation, so a job
   * holding a reservation may take its GPUs back, whatever the two classes (if the job's is
   * preemptible). Absent = false.
   */
  readonly backfillOverrun?: boolean;
}

/** A queued job's hold on specific nodes from startMs (EASY backfill: later jobs must not delay it). */
export interface Reservation {
  readonly jobId: string;
  readonly job: JobRequest;
  readonly assignments: readonly PlacementAssignment[];
  readonly startMs: number;
  readonly endMs: number;
  /**
   * True for a job deferred for carbon (it could start now): other jobs need not keep clear of it
   * (reservation-clearance.ts). Absent = the job waits for capacity (EASY or conservative backfill).
   */
  readonly carbonDeferral?: boolean;
}

/** One cluster as its agent sees it. */
export interface FleetCluster {
  readonly id: string;
  readonly name: string;
  readonly region: string;
  /** Grid zone id (Electricity Maps style), e.g. "DE". */
  readonly zone: string;
  readonly tier: ClusterTier;
  readonly pue: number;
  readonly status: ClusterStatus;
  /**
   * False while the control loop cannot reach the cluster's API (its circuit breaker is open): no new
   * work goes there. Absent = reachable. The reason text comes with it as data (the engine reads no clock).
   */
  readonly reachable?: boolean;
  readonly unreachableReason?: string | null;
  readonly state: ClusterState;
  readonly running: readonly RunningJob[];
  readonly reservations: readonly Reservation[];
  readonly series: IntensitySeries;
  /**
   * The zone's measured forecast error by horizon (stored forecasts against later measurements).
   * Absent or without a bucket for a horizon: the conservative default of deferral-check.ts.
   */
  readonly forecastError?: readonly ForecastErrorBucket[];
}

/** An admin-declared link between two clusters. */
export interface ClusterLink {
  readonly a: string;
  readonly b: string;
  readonly bandwidthGbps: number;
  readonly distanceKm: number;
  /** Measured one-way latency (ms); absent = the fibre propagation of distanceKm. */
  readonly latencyMs?: number;
}

/** A tenant's nominal GPUs of one model in the fleet's cohort, with its borrowing and lending limits. */
export interface TenantModelQuota {
  readonly gpuModel: string;
  readonly nominalGpus: number;
  /** Most GPUs of this model it may borrow beyond nominal; null = no limit but the cohort's free nominal GPUs. */
  readonly borrowingLimitGpus: number | null;
  /** Most of its unused nominal GPUs others may borrow; null = all of them. */
  readonly lendingLimitGpus: number | null;
  /** GPUs of this model held now (whole-GPU equivalents). */
  readonly gpusInUse: number;
}

/** A tenant's quota and current usage. */
export interface TenantUsage {
  readonly tenant: string;
  /** Per-model cohort quotas (absent or empty = only the flat maxGpus applies). */
  readonly modelQuotas?: readonly TenantModelQuota[];
  /** Weight in the fleet's fair share (default 1). */
  readonly fairShareWeight?: number;
  readonly maxGpus: number;
  /** GPUs held now (whole-GPU equivalents). */
  readonly gpusInUse: number;
  readonly carbonBudgetKgPerMonth: number | null;
  readonly carbonUsedKgThisMonth: number;
  /** Monthly GPU-hour allowance (whole-GPU hours); absent or null = none. */
  readonly maxGpuHoursPerMonth?: number | null;
  /**
   * GPU-hours of this month used (finished jobs start..finish, running ones start..now) plus those
   * committed to placed and running jobs (their estimated remainder).
   */
  readonly gpuHoursUsedThisMonth?: number;
  /** When the month's allowance renews (epoch ms, the first instant of next month). */
  readonly monthEndMs?: number;
}

/** Everything the coordinator decides on. */
export interface FleetSnapshot {
  readonly nowMs: number;
  readonly clusters: readonly FleetCluster[];
  readonly links: readonly ClusterLink[];
  readonly gpuModels: readonly GpuModelSpec[];
  readonly tenants: readonly TenantUsage[];
}

/** A job as the coordinator receives it (the Job row, in engine units). */
export interface FleetJob {
  readonly id: string;
  readonly tenant: string;
  readonly kind: "training" | "inference" | "batch";
  /** Per member. */
  readonly cpuMilli: number;
  readonly memoryMib: number;
  /** GPUs per member (ignored for compute-native requests). */
  readonly gpuCount: number;
  readonly gpuMilliPerGpu: number;
  /** Allowed GPU models; empty = any. */
  readonly allowedGpuModels: readonly string[];
  /** Compute-native request: total A100-equivalents; the platform picks model and count. */
  readonly computeUnits?: number | null;
  readonly minGpuMemoryGib?: number | null;
  readonly gangSize: number;
  readonly gangSameRack?: boolean;
  /** Estimated run time as requested (for compute-native: at exactly computeUnits A100-equivalents). */
  readonly estimatedDurationS: number;
  /** Mean GPU utilization for the energy estimate, 0..1 (default 0.8). */
  readonly gpuUtilization?: number;
  /**
   * When the job was submitted (epoch ms): the deferral window is counted from here, so deciding
   * again later cannot slide it. Absent (a preview, a simulator arrival): the decision time.
   */
  readonly submittedAtMs?: number | null;
  /** Flexibility window: start at or after earliestStartMs, finish by deadlineMs. */
  readonly earliestStartMs?: number | null;
  readonly deadlineMs?: number | null;
  /** Data sovereignty; empty = anywhere. */
  readonly allowedRegions: readonly string[];
  readonly allowedZones?: readonly string[];
  readonly allowedTiers?: readonly ClusterTier[];
  /** Where the job's data lives (locality objective). */
  readonly dataRegion?: string | null;
  readonly allowSplit: boolean;
  /** Queue priority from the job's class (higher first); absent = 0. */
  readonly priority?: number;
  /** The job's priority class name, and whether that class may preempt lower preemptible classes. */
  readonly priorityClass?: string | null;
  readonly mayPreempt?: boolean;
  /** How often the job checkpoints (s); null or absent = never. */
  readonly checkpointIntervalS?: number | null;
  /** Work already saved by a checkpoint (s at the estimate's pace): the run needs only estimatedDurationS minus this. */
  readonly checkpointedWorkS?: number;
  /** Elastic gang: the fewest members it may start with (gangSize is the most); null or absent = fixed size. */
  readonly minMembers?: number | null;
  /** Parallelism across a split: data parallel (default, more traffic) or pipeline parallel. */
  readonly splitParallelism?: "data" | "pipeline";
}
