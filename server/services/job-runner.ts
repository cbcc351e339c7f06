/**
 * Runs placed jobs through the cluster drivers, once per cycle:
 * - a placed job whose start has come is started on each cluster it was placed on, then marked running
 *   (a driver that already has it, after a crash between the two, counts as started);
 * - running jobs are polled; when every part has succeeded (or one failed or was cancelled) the job
 *   ends, in ONE transaction with its GPU shares and node counters freed, its energy hours and its
 *   savings-ledger entry;
 * - each cluster's GPU telemetry is read, giving every running job a power sample (its share of each
 *   of its GPUs' draw), and once a minute a ClusterSample row per cluster.
 * Work is grouped per cluster and the clusters run in parallel, every driver call under that
 * cluster's guard (cluster-health.ts: concurrency limit, per-call timeout, circuit breaker). A cycle
 * stops waiting for a cluster once one of its driver calls has waited longer than `cycleBudgetMs`:
 * that work finishes (or times out) in the background and the cluster sits out the next cycles until
 * it has, so a hung API costs the others nothing.
 * A placed job whose start fails is queued again with its GPUs freed (or fails after
 * `maxStartFailures` attempts); the cluster's reachability is stored for placement to exclude it.
 * Running jobs on an unreachable cluster are left as they are: they may well still be running behind
 * the outage, and their GPUs are on a cluster that takes no new work anyway; polling resumes when a
 * probe reaches the cluster again.
 * A failed run is retried after a back-off while the job has retries left (run-retry.ts); each
 * reachable cluster's node health is read before its jobs, and a job on a lost node is queued again
 * from its checkpoint (node-health.ts); after its jobs, each cluster's job list is reconciled with
 * the database and every difference repaired and recorded (reconcile.ts).
 *
 * The parts live in job-runner/: starting (start-job.ts), polling (poll-job.ts), finishing with its
 * accounting (drive-job.ts, job-accounting.ts, baseline-saving.ts), telemetry (cluster-telemetry.ts),
 * the guards (guard-registry.ts) and the cycle that groups and waits for the clusters (run-cycle.ts).
 */
import type { PowerSample } from "../accounting/energy-hours";
import type { Db } from "../db/client";
import { createDriverSet } from "./cluster-drivers";
import { DEFAULT_GUARD_OPTIONS, type ClusterGuardOptions } from "./cluster-health";
import { createGuardRegistry } from "./job-runner/guard-registry";
import { createInventoryRefresher } from "./job-runner/inventory-refresh";
import { createJobParts } from "./job-runner/job-parts";
import { createCycleRunner } from "./job-runner/run-cycle";
import { DEFAULT_BACKOFF } from "./job-runner/run-retry";
import type { RunnerCore, RunnerOptions } from "./job-runner/runner-types";

export type { RunnerOptions, RunnerReport } from "./job-runner/runner-types";

const DEFAULT_CYCLE_BUDGET_MS = 1_000;
const DEFAULT_MAX_START_FAILURES = 3;
const DEFAULT_INVENTORY_REFRESH_MS = 10 * 60_000;
const DEFAULT_HEALTH_EVERY_MS = 15_000;
const DEFAULT_RECONCILE_EVERY_MS = 60_000;

/** The job runner of one worker; keeps the drivers and the power samples of running jobs. */
export function createJobRunner(db: Db, options: RunnerOptions) {
  // The drivers read the wall clock of the cycle under way, which `advance` sets.
  const clock = { wallMs: 0 };
  const drivers = createDriverSet(db, { simSpeed: options.simSpeed, seed: options.seed, wallNow: () => clock.wallMs });
  const guardOptions: ClusterGuardOptions = { ...DEFAULT_GUARD_OPTIONS, ...options.guard };
  const core: RunnerCore = {
    db,
    seed: options.seed,
    maxStartFailures: options.maxStartFailures ?? DEFAULT_MAX_START_FAILURES,
    cycleBudgetMs: options.cycleBudgetMs ?? DEFAULT_CYCLE_BUDGET_MS,
    guardOptions,
    clock,
    drivers,
    guards: createGuardRegistry(db, drivers, guardOptions),
    parts: createJobParts(),
    samples: new Map<string, PowerSample[]>(),
    failures: {
      healthEveryMs: options.healthEveryMs ?? DEFAULT_HEALTH_EVERY_MS,
      reconcileEveryMs: options.reconcileEveryMs ?? DEFAULT_RECONCILE_EVERY_MS,
      backoff: { ...DEFAULT_BACKOFF, ...options.backoff },
      lastHealthMs: new Map(),
      lastReconcileMs: new Map(),
    },
  };
  const cycles = createCycleRunner(core);
  const inventories = createInventoryRefresher(core, options.inventoryRefreshMs ?? DEFAULT_INVENTORY_REFRESH_MS);
  return {
    /** Advances every placed and running job to `now`. */
    advance: (now: Date) => cycles.advance(now),
    /** Imports the node list of each Kubernetes cluster whose last import is older than the refresh interval. */
    refreshInventories: (now: Date) => inventories(now),
    /** The driver of a cluster as built for the cycles so far (null before the first cycle or without one): for fault injection and inspection. */
    driverOf: (clusterId: string) => drivers.all().find((e) => e.clusterId === clusterId)?.driver ?? null,
  };
}

/** The runner's type. */
export type JobRunner = ReturnType<typeof createJobRunner>;
