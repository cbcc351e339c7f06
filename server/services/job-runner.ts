/**
 * Runs placed jobs through the cluster drivers, once per cycle:
 * - a placed job whose start has come is started on each cluster it was placed on, then marked running
 *   (a driver that already has it, after a crash between the two, counts as started);
 * - running jobs are polled; when every part has succeeded (or one failed or was cancelled) the job
 *   ends, in ONE transaction with its GPU shares and node counters freed, its energy hours and its
 *   savings-ledger entry;
 * - each cluster's GPU telemetry is read, giving every running job a power sample (its share of each
 *   of its GPUs' draw), and once a minute a ClusterSample row per cluster.
 */
import { accountJobHours, hourFloor, HOUR_MS, mergeHours, powerModelWatts, sumJobHours, type HourIntensity, type JobHour, type PowerSample } from "../accounting/energy-hours";
import { BASELINE_METHOD, baselineEmissions, chooseBaselineCluster } from "../accounting/baseline";
import { DriverError, type DriverJobPhase } from "../drivers";
import type { Db } from "../db/client";
import { findAllocationAt, findClusterAllocation, findJobsToDrive, findZoneHours, insertClusterSamples, writeJobAccounting, type JobAccountingRows } from "../repositories/control-loop-repository";
import { finishJob, markRunning } from "../repositories/placement-repository";
import { assignmentsFor, createDriverSet, type DriverEntry } from "./cluster-drivers";
import { clustersThatCouldHold, emptyFleet } from "./fleet-feasibility";
import { loadFleetSnapshot, toFleetJob, type StoredAssignment } from "./fleet-snapshot";
import { createFleetCoordinator } from "./scheduling-cycle";

export interface RunnerReport {
  started: number;
  completed: number;
  failed: number;
  driverErrors: number;
}

type JobRow = Awaited<ReturnType<typeof findJobsToDrive>>[number];

const SAMPLE_EVERY_MS = 60_000;
const BASELINE_CONTEXT_TTL_MS = 10 * 60_000;

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
export function createJobRunner(db: Db, options: { simSpeed: number; seed: number }) {
  let wallMs = 0;
  const drivers = createDriverSet(db, { simSpeed: options.simSpeed, seed: options.seed, wallNow: () => wallMs });
  const samples = new Map<string, PowerSample[]>();
  let lastSampleMs = -Infinity;
  let baselineContext: { atMs: number; value: Awaited<ReturnType<typeof buildBaselineContext>> } | null = null;

  async function buildBaselineContext(nowMs: number) {
    const [{ snapshot }, { coordinator }] = await Promise.all([loadFleetSnapshot(db, nowMs), createFleetCoordinator(db)]);
    return { coordinator, empty: emptyFleet(snapshot, { keepQuotas: false }) };
  }

  const partsOf = (job: JobRow) => (job.decisions[0]?.assignments ?? []) as unknown as StoredAssignment[];
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
        await entry.driver.startJob({ jobId: job.id, tenantSlug: job.tenant.slug, estimatedDurationS: job.estimatedDurationS, assignments: assignmentsFor(clusterId, partsOf(job)) });
      } catch (error) {
        // Started before a crash: the driver has it already.
        if (!(error instanceof DriverError && error.code === "DUPLICATE_JOB")) throw error;
      }
    }
    if (await markRunning(db, job.id, now)) return true;
    // Cancelled while starting: stop it on the clusters again.
    for (const clusterId of clustersOf(job)) await drivers.get(clusterId).driver.cancelJob(job.id);
    return false;
  }

  async function account(job: JobRow, startedAtMs: number, endedAtMs: number): Promise<{ rows: JobAccountingRows; energyKwh: number; emissionsGCo2e: number }> {
    const hours: (JobHour & { clusterId: string })[] = [];
    const jobSamples = samples.get(job.id) ?? [];
    for (const clusterId of clustersOf(job)) {
      const entry = drivers.get(clusterId);
      const shares = sharesOf(entry, job);
      const intensity = await intensityLookup(db, entry.zoneId, startedAtMs, endedAtMs);
      const clusterSamples = jobSamples.filter((s) => (s as PowerSample & { clusterId?: string }).clusterId === clusterId);
      hours.push(...accountJobHours({ runStartMs: startedAtMs, runEndMs: endedAtMs, workSpeed: entry.workSpeed, powerModelWatts: powerModelWatts(shares), samples: clusterSamples, pue: entry.pue, intensity }).map((h) => ({ ...h, clusterId })));
    }
    const totals = sumJobHours(hours);
    const saving = await savingOf(job, hours, startedAtMs, endedAtMs, totals.emissionsGCo2e);
    return { rows: { hours: mergeHours(hours).map((h) => ({ ...h, tenantId: job.tenantId })), saving }, energyKwh: totals.energyKwh, emissionsGCo2e: totals.emissionsGCo2e };
  }

  async function savingOf(job: JobRow, hours: JobHour[], startedAtMs: number, endedAtMs: number, actual: number): Promise<JobAccountingRows["saving"]> {
    if (!baselineContext || wallMs - baselineContext.atMs > BASELINE_CONTEXT_TTL_MS) baselineContext = { atMs: wallMs, value: await buildBaselineContext(wallMs) };
    const { coordinator, empty } = baselineContext.value;
    const fleetJob = { ...toFleetJob(job), earliestStartMs: null, deadlineMs: null };
    const { clusterIds } = clustersThatCouldHold(coordinator, { ...empty, nowMs: wallMs }, fleetJob, options.seed);
    const ratios = await findAllocationAt(db, job.submittedAt);
    const choice = chooseBaselineCluster(drivers.all().map((e) => ({ clusterId: e.clusterId, zoneId: e.zoneId, pue: e.pue, feasible: clusterIds.has(e.clusterId), allocationRatio: ratios.get(e.clusterId) ?? 0 })));
    const submittedMs = job.submittedAt.getTime();
    const baseline = choice ? baselineEmissions({ hours, runStartMs: startedAtMs, submittedAtMs: submittedMs, pue: choice.pue, intensity: await intensityLookup(db, choice.zoneId, submittedMs, submittedMs + (endedAtMs - startedAtMs)) }) : actual;
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
        p = await entry.driver.pollJob(job.id);
      } catch (error) {
        // Another leader started it (this instance led before, then followed): re-attach to a simulated cluster.
        const sim = entry.driver as { restoreJob?: (r: unknown, startMs: number) => void };
        if (!(error instanceof DriverError && error.code === "UNKNOWN_JOB" && sim.restoreJob && job.startedAt)) throw error;
        sim.restoreJob({ jobId: job.id, tenantSlug: job.tenant.slug, estimatedDurationS: job.estimatedDurationS, assignments: assignmentsFor(clusterId, partsOf(job)) }, entry.clock() - (wallMs - job.startedAt.getTime()) * entry.workSpeed);
        p = await entry.driver.pollJob(job.id);
      }
      phases.push({ phase: p.phase, finishedAtMs: p.finishedAtMs === null ? null : entry.toWallMs(p.finishedAtMs), message: p.message });
    }
    const bad = phases.find((p) => p.phase === "failed" || p.phase === "cancelled");
    if (bad) return bad;
    if (phases.every((p) => p.phase === "succeeded")) return { phase: "succeeded", finishedAtMs: Math.max(...phases.map((p) => p.finishedAtMs ?? wallMs)), message: null };
    return { phase: "running", finishedAtMs: null, message: null };
  }

  async function readTelemetry(jobs: JobRow[], now: Date): Promise<void> {
    const running = jobs.filter((j) => j.status === "RUNNING");
    const sampleDue = wallMs - lastSampleMs >= SAMPLE_EVERY_MS;
    const allocation = sampleDue ? await findClusterAllocation(db) : [];
    const rows = [];
    for (const entry of drivers.all()) {
      const here = running.filter((j) => clustersOf(j).includes(entry.clusterId));
      if (!here.length && !sampleDue) continue;
      // Who holds how much of each GPU, to split a shared GPU's draw between its jobs.
      const holders = new Map<string, { jobId: string; milli: number }[]>();
      for (const j of here) for (const a of assignmentsFor(entry.clusterId, partsOf(j))) for (const g of a.gpuIndices) {
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
      if (sampleDue) {
        const alloc = allocation.find((a) => a.clusterId === entry.clusterId);
        const capacity = Number(alloc?.capacity ?? 0);
        const allocated = Number(alloc?.allocated ?? 0);
        // Without telemetry (e.g. Kubernetes without DCGM) the power model of the running jobs stands in.
        const modelWatts = () => here.reduce((w, j) => w + powerModelWatts(sharesOf(entry, j)), 0);
        const watts = report && report.gpus.length ? clusterWatts : modelWatts();
        rows.push({ clusterId: entry.clusterId, at: new Date(Math.floor(wallMs / 1000) * 1000), gpuCapacityMilli: capacity, allocatedGpuMilli: allocated, powerWatts: Math.round(watts * 10) / 10, runningJobs: here.length });
      }
    }
    if (sampleDue) {
      await insertClusterSamples(db, rows);
      lastSampleMs = now.getTime();
    }
  }

  async function readSafely(entry: DriverEntry) {
    try {
      const report = await entry.driver.readTelemetry(entry.clock());
      return report.unavailableReason ? null : report;
    } catch {
      return null;
    }
  }

  return {
    /** Advances every placed and running job to `now`. */
    async advance(now: Date): Promise<RunnerReport> {
      wallMs = now.getTime();
      const report: RunnerReport = { started: 0, completed: 0, failed: 0, driverErrors: 0 };
      const jobs = await findJobsToDrive(db);
      await drivers.ensureLoaded(jobs.filter((j) => j.status === "RUNNING" && j.startedAt).map((j) => ({ jobId: j.id, tenantSlug: j.tenant.slug, estimatedDurationS: j.estimatedDurationS, startedAtMs: j.startedAt!.getTime(), assignments: partsOf(j) })));
      for (const job of jobs) {
        try {
          if (job.status === "PLACED") {
            const startAt = job.decisions[0]?.startAt ?? job.placedAt ?? now;
            if (startAt.getTime() <= wallMs && (await start(job, now))) {
              job.status = "RUNNING";
              job.startedAt = now;
              report.started++;
            }
            continue;
          }
          const state = await poll(job);
          if (state.phase === "running" || state.phase === "pending") continue;
          const startedAtMs = (job.startedAt ?? now).getTime();
          const endedAtMs = Math.min(wallMs, Math.max(startedAtMs, state.finishedAtMs ?? wallMs));
          const { rows, energyKwh, emissionsGCo2e } = await account(job, startedAtMs, endedAtMs);
          const status = state.phase === "succeeded" ? "SUCCEEDED" : state.phase === "failed" ? "FAILED" : "CANCELLED";
          if (await finishJob(db, job.id, status, new Date(endedAtMs), { energyKwh, emissionsGCo2e }, state.message, (tx) => writeJobAccounting(tx, job.id, rows))) {
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
          if (!(error instanceof DriverError) && !(error instanceof Error && /no driver for cluster/.test(error.message))) throw error;
          report.driverErrors++;
        }
      }
      await readTelemetry(jobs, now);
      return report;
    },
  };
}

/** The runner's type. */
export type JobRunner = ReturnType<typeof createJobRunner>;
