/** The job runner's public shapes and the state its parts share. */
import type { PowerSample } from "../../accounting/energy-hours";
import type { Db } from "../../db/client";
import type { ClusterSampleRow, DriverVersion, findClusterAllocation, findJobsToDrive } from "../../repositories/control-loop-repository";
import type { DriverSet } from "../cluster-drivers";
import type { ClusterGuardOptions } from "../cluster-health";
import type { GuardRegistry } from "./guard-registry";
import type { BackoffOptions } from "./run-retry";
import type { JobParts } from "./job-parts";

/** What one cycle of the runner did. */
export interface RunnerReport {
  started: number;
  completed: number;
  failed: number;
  driverErrors: number;
  /** Starts that failed this cycle; `requeued` of those jobs went back to the queue. */
  startFailures: number;
  requeued: number;
  /** Clusters skipped because their work from an earlier cycle is still under way. */
  skippedBusy: number;
  /** Clusters whose breaker is open after this cycle. */
  unreachableClusters: number;
  /** Failed runs queued again to be retried after their back-off. */
  runRetries: number;
  /** Running jobs queued again because their node was lost. */
  nodeLostRequeues: number;
  /** Drift rows the reconciliation pass wrote. */
  drifts: number;
}

/** Limits of the runner; the defaults suit the worker. */
export interface RunnerOptions {
  simSpeed: number;
  seed: number;
  /** Per-cluster call limits (timeout, breaker threshold and cool-down, concurrency). */
  guard?: Partial<ClusterGuardOptions>;
  /** Longest a cycle waits on one driver call before leaving that cluster's work to finish in the background. */
  cycleBudgetMs?: number;
  /** Failed starts after which a job ends FAILED instead of going back to the queue. */
  maxStartFailures?: number;
  /** Least time between two inventory imports of one Kubernetes cluster (default 10 minutes). */
  inventoryRefreshMs?: number;
  /** Least time between two node-health reads of one cluster (default 15 s; 0 = every cycle). */
  healthEveryMs?: number;
  /** Least time between two reconciliation passes over one cluster (default 60 s; 0 = every cycle). */
  reconcileEveryMs?: number;
  /** Back-off before a failed run is retried (default 1 minute doubling, ±20 %, at most 1 hour). */
  backoff?: Partial<BackoffOptions>;
}

/** A placed or running job as the runner reads it. */
export type JobRow = Awaited<ReturnType<typeof findJobsToDrive>>[number];

/** A report with every count at zero. */
export function emptyReport(): RunnerReport {
  return {
    started: 0,
    completed: 0,
    failed: 0,
    driverErrors: 0,
    startFailures: 0,
    requeued: 0,
    skippedBusy: 0,
    unreachableClusters: 0,
    runRetries: 0,
    nodeLostRequeues: 0,
    drifts: 0,
  };
}

/**
 * What lives as long as the runner and every part of it reads: the drivers, their guards, the
 * running jobs' power samples and the wall clock of the current cycle (mutable, so the drivers and
 * background work see the cycle that is under way).
 */
export interface RunnerCore {
  db: Db;
  seed: number;
  maxStartFailures: number;
  cycleBudgetMs: number;
  guardOptions: ClusterGuardOptions;
  clock: { wallMs: number };
  drivers: DriverSet;
  guards: GuardRegistry;
  parts: JobParts;
  /** Power samples of each running job, tagged with the cluster they were read on. */
  samples: Map<string, PowerSample[]>;
  /** Failure handling: how often health and reconciliation run, when they last did per cluster, the back-off. */
  failures: {
    healthEveryMs: number;
    reconcileEveryMs: number;
    backoff: BackoffOptions;
    lastHealthMs: Map<string, number>;
    lastReconcileMs: Map<string, number>;
  };
}

/** What one cycle shares between its cluster tasks. */
export interface CycleContext {
  now: Date;
  jobs: JobRow[];
  report: RunnerReport;
  /** Whether this cycle writes a ClusterSample row per cluster. */
  sampleDue: boolean;
  allocation: Awaited<ReturnType<typeof findClusterAllocation>>;
  sampleRows: ClusterSampleRow[];
  /** The driver versions stored per cluster, as read at the start of the cycle. */
  stored: Map<string, DriverVersion>;
}
