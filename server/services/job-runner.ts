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
 */
import {
  accountJobHours,
  hourFloor,
  HOUR_MS,
  mergeHours,
  powerModelWatts,
  sumJobHours,
  type HourIntensity,
  type JobHour,
  type PowerSample,
} from "../accounting/energy-hours";
import { BASELINE_METHOD, baselineEmissions, chooseBaselineCluster } from "../accounting/baseline";
import { DriverError, type DriverJobPhase } from "../drivers";
import type { Db } from "../db/client";
import {
  findAllocationAt,
  findClusterAllocation,
  findJobsToDrive,
  findZoneHours,
  insertClusterSamples,
  saveClusterReachability,
  writeJobAccounting,
  type ClusterSampleRow,
  type DriverVersion,
  type JobAccountingRows,
} from "../repositories/control-loop-repository";
import { finishJob, markRunning, recordStartFailure } from "../repositories/placement-repository";
import { assignmentsFor, createDriverSet, type DriverEntry } from "./cluster-drivers";
import { ClusterUnreachableError, createClusterGuard, DEFAULT_GUARD_OPTIONS, type ClusterGuard, type ClusterGuardOptions } from "./cluster-health";
import { clustersThatCouldHold, emptyFleet } from "./fleet-feasibility";
import { loadFleetSnapshot, toFleetJob } from "./fleet-snapshot";
import { parseStoredAssignments, type StoredAssignment } from "../repositories/stored-json";
import { createFleetCoordinator } from "./scheduling-cycle";

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
}

type JobRow = Awaited<ReturnType<typeof findJobsToDrive>>[number];

const SAMPLE_EVERY_MS = 60_000;
const BASELINE_CONTEXT_TTL_MS = 10 * 60_000;
const DEFAULT_CYCLE_BUDGET_MS = 1_000;
const DEFAULT_MAX_START_FAILURES = 3;

/** Trouble with a cluster (not with the database): the job is retried or requeued, the loop goes on. */
function isClusterProblem(error: unknown): boolean {
  return error instanceof DriverError || error instanceof ClusterUnreachableError || (error instanceof Error && /no driver for cluster/.test(error.message));
}

/** Runs `fn` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/** How often a cycle looks again at the clusters it is waiting for. */
const WAIT_POLL_MS = 25;

/**
 * Waits for every task, except that it stops waiting for a task that is `stuck()` (a driver call of
 * its cluster has been waiting longer than the cycle budget): database work, however long, is waited
 * for; a hung API is not.
 */
async function settleUnlessStuck(tasks: { done: Promise<unknown>; finished: () => boolean; stuck: () => boolean }[]): Promise<void> {
  const all = Promise.allSettled(tasks.map((t) => t.done));
  for (;;) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settled = await Promise.race([all.then(() => true), new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), WAIT_POLL_MS)))]);
    clearTimeout(timer);
    if (settled || tasks.every((t) => t.finished() || t.stuck())) return;
  }
}

/** Intensity per hour of a zone over [from, to): measured, else the newest forecast, else the annual average. */
async function intensityLookup(db: Db, zoneId: string, fromMs: number, toMs: number): Promise<(hourMs: number) => HourIntensity> {
  const { annual, samples } = await findZoneHours(db, zoneId, new Date(hourFloor(fromMs)), new Date(hourFloor(toMs) + HOUR_MS));
  const measured = new Map<number, number>();
  const forecast = new Map<number, number>();
  for (const s of samples) (s.kind === "MEASURED" ? measured : forecast).set(s.at.getTime(), s.gCo2ePerKwh);
  return (hourMs) => {
    const m = measured.get(hourMs);
    if (m !== undefined) return { gCo2ePerKwh: m, source: "measured" };
    const f = forecast.get(hourMs);
    return f !== undefined ? { gCo2ePerKwh: f, source: "forecast" } : { gCo2ePerKwh: annual, source: "annual-average" };
  };
}

/** The job runner of one worker; keeps the drivers and the power samples of running jobs. */
export function createJobRunner(db: Db, options: RunnerOptions) {
  let wallMs = 0;
  const drivers = createDriverSet(db, { simSpeed: options.simSpeed, seed: options.seed, wallNow: () => wallMs });
  const samples = new Map<string, PowerSample[]>();
  let lastSampleMs = -Infinity;
  let baselineContext: { atMs: number; value: Awaited<ReturnType<typeof buildBaselineContext>> } | null = null;
  const guardOptions: ClusterGuardOptions = { ...DEFAULT_GUARD_OPTIONS, ...options.guard };
  const cycleBudgetMs = options.cycleBudgetMs ?? DEFAULT_CYCLE_BUDGET_MS;
  const maxStartFailures = options.maxStartFailures ?? DEFAULT_MAX_START_FAILURES;
  /** One guard per driver: a rebuilt driver (an admin's edit) starts with a fresh breaker. */
  const guards = new Map<string, { entry: DriverEntry; guard: ClusterGuard }>();
  /** The reachability last stored per cluster, to write only changes. */
  const persisted = new Map<string, string>();
  /** Each cluster group's unfinished work; the group sits out cycles until it is done. */
  const busy = new Map<string, Promise<void>>();
  let backgroundError: unknown = null;
  let stored = new Map<string, DriverVersion>();

  function guardOf(entry: DriverEntry): ClusterGuard {
    const known = guards.get(entry.clusterId);
    if (known && known.entry === entry) return known.guard;
    const guard = createClusterGuard(entry.clusterName, guardOptions);
    guards.set(entry.clusterId, { entry, guard });
    return guard;
  }
  /** One driver call under the cluster's guard. */
  const callOn = <T>(entry: DriverEntry, what: string, fn: () => Promise<T>) => guardOf(entry).call(what, fn);

  async function buildBaselineContext(nowMs: number) {
    const [{ snapshot }, { coordinator }] = await Promise.all([loadFleetSnapshot(db, nowMs), createFleetCoordinator(db)]);
    return { coordinator, empty: emptyFleet(snapshot, { keepQuotas: false }) };
  }

  // Parsed once per row: a cycle asks for a job's parts once per cluster and task.
  const parsedParts = new WeakMap<JobRow, StoredAssignment[]>();
  const partsOf = (job: JobRow): StoredAssignment[] => {
    let parts = parsedParts.get(job);
    if (!parts) parsedParts.set(job, (parts = parseStoredAssignments(job.decisions[0]?.assignments)));
    return parts;
  };
  /** The job's GPU shares on one cluster with their models' power figures. */
  const sharesOf = (entry: DriverEntry, job: JobRow) =>
    assignmentsFor(entry.clusterId, partsOf(job)).flatMap((a) => {
      const model = entry.gpuPower[entry.nodeModels.get(a.node) ?? ""];
      return model ? a.gpuIndices.map(() => ({ ...model, milli: a.milliPerGpu })) : [];
    });
  const clustersOf = (job: JobRow) => [...new Set(partsOf(job).map((a) => a.cluster))];

  async function start(job: JobRow, now: Date): Promise<boolean> {
    for (const clusterId of clustersOf(job)) {
      const entry = drivers.get(clusterId);
      try {
        await callOn(entry, "start job", () =>
          entry.driver.startJob({
            jobId: job.id,
            tenantSlug: job.tenant.slug,
            estimatedDurationS: job.estimatedDurationS,
            assignments: assignmentsFor(clusterId, partsOf(job)),
          }),
        );
      } catch (error) {
        // Started before a crash: the driver has it already.
        if (!(error instanceof DriverError && error.code === "DUPLICATE_JOB")) throw error;
      }
    }
    if (await markRunning(db, job.id, now)) return true;
    // Cancelled while starting: stop it on the clusters again.
    for (const clusterId of clustersOf(job)) {
      const entry = drivers.get(clusterId);
      await callOn(entry, "cancel job", () => entry.driver.cancelJob(job.id));
    }
    return false;
  }

  /** A failed start: the job goes back to the queue (or fails) with its GPUs freed. */
  async function failStart(job: JobRow, error: unknown, now: Date, report: RunnerReport): Promise<void> {
    // Store an opened breaker first, so the next placement of the requeued job already excludes the cluster.
    await persistReachability(now);
    const outcome = await recordStartFailure(db, job.id, (error as Error).message, maxStartFailures, now);
    report.startFailures++;
    if (outcome === "requeued") report.requeued++;
    if (outcome === "failed") report.failed++;
    // A timed-out start may still land, and a split job may have started on its other cluster: cancel
    // it there in the background (best effort; an unreachable cluster refuses at once).
    for (const clusterId of clustersOf(job)) {
      const entry = drivers.all().find((e) => e.clusterId === clusterId);
      if (entry) void callOn(entry, "cancel job", () => entry.driver.cancelJob(job.id)).catch(() => {});
    }
  }

  async function account(job: JobRow, startedAtMs: number, endedAtMs: number): Promise<{ rows: JobAccountingRows; energyKwh: number; emissionsGCo2e: number }> {
    const hours: (JobHour & { clusterId: string })[] = [];
    const jobSamples = samples.get(job.id) ?? [];
    for (const clusterId of clustersOf(job)) {
      const entry = drivers.get(clusterId);
      const shares = sharesOf(entry, job);
      const intensity = await intensityLookup(db, entry.zoneId, startedAtMs, endedAtMs);
      const clusterSamples = jobSamples.filter((s) => (s as PowerSample & { clusterId?: string }).clusterId === clusterId);
      hours.push(
        ...accountJobHours({
          runStartMs: startedAtMs,
          runEndMs: endedAtMs,
          workSpeed: entry.workSpeed,
          powerModelWatts: powerModelWatts(shares),
          samples: clusterSamples,
          pue: entry.pue,
          intensity,
        }).map((h) => ({ ...h, clusterId })),
      );
    }
    const totals = sumJobHours(hours);
    const saving = await savingOf(job, hours, startedAtMs, endedAtMs, totals.emissionsGCo2e);
    return {
      rows: { hours: mergeHours(hours).map((h) => ({ ...h, tenantId: job.tenantId })), saving },
      energyKwh: totals.energyKwh,
      emissionsGCo2e: totals.emissionsGCo2e,
    };
  }

  async function savingOf(job: JobRow, hours: JobHour[], startedAtMs: number, endedAtMs: number, actual: number): Promise<JobAccountingRows["saving"]> {
    if (!baselineContext || wallMs - baselineContext.atMs > BASELINE_CONTEXT_TTL_MS)
      baselineContext = { atMs: wallMs, value: await buildBaselineContext(wallMs) };
    const { coordinator, empty } = baselineContext.value;
    const fleetJob = { ...toFleetJob(job), earliestStartMs: null, deadlineMs: null };
    const { clusterIds } = clustersThatCouldHold(coordinator, { ...empty, nowMs: wallMs }, fleetJob, options.seed);
    const ratios = await findAllocationAt(db, job.submittedAt);
    const choice = chooseBaselineCluster(
      drivers.all().map((e) => ({
        clusterId: e.clusterId,
        zoneId: e.zoneId,
        pue: e.pue,
        feasible: clusterIds.has(e.clusterId),
        allocationRatio: ratios.get(e.clusterId) ?? 0,
      })),
    );
    const submittedMs = job.submittedAt.getTime();
    const baseline = choice
      ? baselineEmissions({
          hours,
          runStartMs: startedAtMs,
          submittedAtMs: submittedMs,
          pue: choice.pue,
          intensity: await intensityLookup(db, choice.zoneId, submittedMs, submittedMs + (endedAtMs - startedAtMs)),
        })
      : actual;
    const end = new Date(endedAtMs);
    return {
      tenantId: job.tenantId,
      clusterId: clustersOf(job)[0]!,
      day: new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth(), end.getUTCDate())),
      actualGCo2e: actual,
      baselineGCo2e: baseline,
      savedGCo2e: baseline - actual,
      baselineClusterId: choice?.clusterId ?? null,
      baselineStartAt: job.submittedAt,
      method: BASELINE_METHOD,
      createdAt: end,
    };
  }

  async function poll(job: JobRow): Promise<{ phase: DriverJobPhase; finishedAtMs: number | null; message: string | null }> {
    const phases: { phase: DriverJobPhase; finishedAtMs: number | null; message: string | null }[] = [];
    for (const clusterId of clustersOf(job)) {
      const entry = drivers.get(clusterId);
      let p;
      try {
        p = await callOn(entry, "poll job", () => entry.driver.pollJob(job.id));
      } catch (error) {
        // Another leader started it (this instance led before, then followed): re-attach to a simulated cluster.
        const sim = entry.driver as { restoreJob?: (r: unknown, startMs: number) => void };
        if (!(error instanceof DriverError && error.code === "UNKNOWN_JOB" && sim.restoreJob && job.startedAt)) throw error;
        sim.restoreJob(
          { jobId: job.id, tenantSlug: job.tenant.slug, estimatedDurationS: job.estimatedDurationS, assignments: assignmentsFor(clusterId, partsOf(job)) },
          entry.clock() - (wallMs - job.startedAt.getTime()) * entry.workSpeed,
        );
        p = await callOn(entry, "poll job", () => entry.driver.pollJob(job.id));
      }
      phases.push({ phase: p.phase, finishedAtMs: p.finishedAtMs === null ? null : entry.toWallMs(p.finishedAtMs), message: p.message });
    }
    const bad = phases.find((p) => p.phase === "failed" || p.phase === "cancelled");
    if (bad) return bad;
    if (phases.every((p) => p.phase === "succeeded"))
      return { phase: "succeeded", finishedAtMs: Math.max(...phases.map((p) => p.finishedAtMs ?? wallMs)), message: null };
    return { phase: "running", finishedAtMs: null, message: null };
  }

  /** What one cycle shares between its cluster tasks. */
  interface CycleContext {
    now: Date;
    jobs: JobRow[];
    report: RunnerReport;
    sampleDue: boolean;
    allocation: Awaited<ReturnType<typeof findClusterAllocation>>;
    sampleRows: ClusterSampleRow[];
  }

  /** One cluster's telemetry: power samples of its running jobs and, when due, its ClusterSample row. */
  async function readTelemetry(entry: DriverEntry, ctx: CycleContext): Promise<void> {
    const here = ctx.jobs.filter((j) => j.status === "RUNNING" && clustersOf(j).includes(entry.clusterId));
    if (!here.length && !ctx.sampleDue) return;
    // Who holds how much of each GPU, to split a shared GPU's draw between its jobs.
    const holders = new Map<string, { jobId: string; milli: number }[]>();
    for (const j of here)
      for (const a of assignmentsFor(entry.clusterId, partsOf(j)))
        for (const g of a.gpuIndices) {
          const key = `${a.node}#${g}`;
          const list = holders.get(key);
          if (list) list.push({ jobId: j.id, milli: a.milliPerGpu });
          else holders.set(key, [{ jobId: j.id, milli: a.milliPerGpu }]);
        }
    const report = await readSafely(entry);
    const jobWatts = new Map<string, number>();
    let clusterWatts = 0;
    for (const gpu of report?.gpus ?? []) {
      clusterWatts += gpu.powerWatts;
      const on = holders.get(`${gpu.node}#${gpu.gpuIndex}`) ?? [];
      const total = on.reduce((s, h) => s + h.milli, 0);
      for (const h of on) jobWatts.set(h.jobId, (jobWatts.get(h.jobId) ?? 0) + (gpu.powerWatts * h.milli) / total);
    }
    if (report && report.gpus.length) {
      // Appended in place: copying a long-running job's samples every cycle would grow with the square of its run.
      for (const [jobId, watts] of jobWatts) {
        const sample = { atMs: wallMs, watts, clusterId: entry.clusterId } as PowerSample;
        const list = samples.get(jobId);
        if (list) list.push(sample);
        else samples.set(jobId, [sample]);
      }
    }
    if (ctx.sampleDue) {
      const alloc = ctx.allocation.find((a) => a.clusterId === entry.clusterId);
      const capacity = Number(alloc?.capacity ?? 0);
      const allocated = Number(alloc?.allocated ?? 0);
      // Without telemetry (e.g. Kubernetes without DCGM) the power model of the running jobs stands in.
      const modelWatts = () => here.reduce((w, j) => w + powerModelWatts(sharesOf(entry, j)), 0);
      const watts = report && report.gpus.length ? clusterWatts : modelWatts();
      ctx.sampleRows.push({
        clusterId: entry.clusterId,
        at: new Date(Math.floor(wallMs / 1000) * 1000),
        gpuCapacityMilli: capacity,
        allocatedGpuMilli: allocated,
        powerWatts: Math.round(watts * 10) / 10,
        runningJobs: here.length,
      });
    }
  }

  async function readSafely(entry: DriverEntry) {
    try {
      const report = await callOn(entry, "read telemetry", () => entry.driver.readTelemetry(entry.clock()));
      return report.unavailableReason ? null : report;
    } catch {
      return null;
    }
  }

  /** Starts, polls or ends one job; cluster trouble is counted (and a failed start requeues the job), never thrown. */
  async function driveJob(job: JobRow, ctx: CycleContext): Promise<void> {
    const { now, report } = ctx;
    try {
      if (job.status === "PLACED") {
        const startAt = job.decisions[0]?.startAt ?? job.placedAt ?? now;
        if (startAt.getTime() > wallMs) return;
        try {
          if (await start(job, now)) {
            job.status = "RUNNING";
            job.startedAt = now;
            report.started++;
          }
        } catch (error) {
          if (!isClusterProblem(error)) throw error;
          await failStart(job, error, now, report);
        }
        return;
      }
      const state = await poll(job);
      if (state.phase === "running" || state.phase === "pending") return;
      const startedAtMs = (job.startedAt ?? now).getTime();
      const endedAtMs = Math.min(wallMs, Math.max(startedAtMs, state.finishedAtMs ?? wallMs));
      const { rows, energyKwh, emissionsGCo2e } = await account(job, startedAtMs, endedAtMs);
      const status = state.phase === "succeeded" ? "SUCCEEDED" : state.phase === "failed" ? "FAILED" : "CANCELLED";
      if (
        await finishJob(db, job.id, status, new Date(endedAtMs), { energyKwh, emissionsGCo2e }, state.message, (tx) => writeJobAccounting(tx, job.id, rows))
      ) {
        if (status === "SUCCEEDED") report.completed++;
        else report.failed++;
      }
      samples.delete(job.id);
      for (const clusterId of clustersOf(job)) {
        const driver = drivers.get(clusterId).driver as { forgetJob?: (id: string) => void };
        driver.forgetJob?.(job.id);
      }
    } catch (error) {
      // One cluster's trouble must not stop the others; the job is tried again next cycle.
      if (!isClusterProblem(error)) throw error;
      report.driverErrors++;
    }
  }

  /** One cluster's cycle: a probe while it counts as unreachable, its jobs, then its telemetry. */
  async function runCluster(entry: DriverEntry, jobs: JobRow[], ctx: CycleContext): Promise<void> {
    const guard = guardOf(entry);
    // The probe is what closes an open breaker (after its cool-down) and clears an outage stored
    // before a restart, even on a cluster with no work to call it for.
    if (guard.unreachable || stored.get(entry.clusterId)?.unreachableSince)
      await callOn(entry, "list nodes", () => entry.driver.listInventory()).catch(() => {});
    await eachLimited(jobs, guardOptions.concurrency, (job) => driveJob(job, ctx));
    await readTelemetry(entry, ctx);
    // Work that outlived its cycle stores what it learned at once, not a cycle later.
    await persistReachability(ctx.now);
  }

  /** Stores each cluster's reachability when it changed (a healthy state only once a call has succeeded). */
  async function persistReachability(now: Date): Promise<void> {
    for (const { entry, guard } of guards.values()) {
      if (!drivers.all().includes(entry)) continue;
      const health = guard.health();
      if (!health.unreachable && health.consecutiveFailures === 0 && !health.reached) continue;
      const key = JSON.stringify({ f: health.consecutiveFailures, u: health.unreachable, r: health.reason });
      if (persisted.get(entry.clusterId) === key) continue;
      await saveClusterReachability(db, entry.clusterId, health, now);
      persisted.set(entry.clusterId, key);
    }
  }

  return {
    /** Advances every placed and running job to `now`. */
    async advance(now: Date): Promise<RunnerReport> {
      wallMs = now.getTime();
      const report: RunnerReport = {
        started: 0,
        completed: 0,
        failed: 0,
        driverErrors: 0,
        startFailures: 0,
        requeued: 0,
        skippedBusy: 0,
        unreachableClusters: 0,
      };
      if (backgroundError) {
        // A database failure in work left running by an earlier cycle: report it now.
        const error = backgroundError;
        backgroundError = null;
        throw error;
      }
      const jobs = await findJobsToDrive(db);
      const versions = await drivers.refresh(
        jobs
          .filter((j) => j.status === "RUNNING" && j.startedAt)
          .map((j) => ({
            jobId: j.id,
            tenantSlug: j.tenant.slug,
            estimatedDurationS: j.estimatedDurationS,
            startedAtMs: j.startedAt!.getTime(),
            assignments: partsOf(j),
          })),
      );
      stored = new Map(versions.map((v) => [v.clusterId, v]));
      const sampleDue = wallMs - lastSampleMs >= SAMPLE_EVERY_MS;
      const ctx: CycleContext = { now, jobs, report, sampleDue, allocation: sampleDue ? await findClusterAllocation(db) : [], sampleRows: [] };
      // One group per cluster (a split job forms a group of its clusters); every cluster gets one for its probe and telemetry.
      const groups = new Map<string, JobRow[]>(drivers.all().map((e) => [e.clusterId, []]));
      for (const job of jobs) {
        const key = clustersOf(job).sort().join("+");
        const group = groups.get(key);
        if (group) group.push(job);
        else groups.set(key, [job]);
      }
      const tasks: Parameters<typeof settleUnlessStuck>[0] = [];
      for (const [key, group] of groups) {
        if (busy.has(key)) {
          report.skippedBusy++;
          continue;
        }
        const entry = drivers.all().find((e) => e.clusterId === key);
        const groupEntries = drivers.all().filter((e) => key.split("+").includes(e.clusterId));
        let finished = false;
        const done = (entry ? runCluster(entry, group, ctx) : eachLimited(group, 1, (job) => driveJob(job, ctx)))
          .catch((error: unknown) => void (backgroundError ??= error))
          .finally(() => {
            finished = true;
            busy.delete(key);
          });
        busy.set(key, done);
        tasks.push({ done, finished: () => finished, stuck: () => groupEntries.some((e) => guardOf(e).oldestCallMs() > cycleBudgetMs) });
      }
      await settleUnlessStuck(tasks);
      if (backgroundError) {
        const error = backgroundError;
        backgroundError = null;
        throw error;
      }
      await persistReachability(now);
      report.unreachableClusters = [...guards.values()].filter((g) => g.guard.unreachable).length;
      if (sampleDue) {
        await insertClusterSamples(db, ctx.sampleRows);
        lastSampleMs = wallMs;
      }
      return report;
    },
  };
}

/** The runner's type. */
export type JobRunner = ReturnType<typeof createJobRunner>;
