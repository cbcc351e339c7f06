/** The start of a cycle and the work of one cluster within it. */
import { findClusterAllocation, findJobsToDrive } from "../../repositories/control-loop-repository";
import type { DriverEntry } from "../cluster-drivers";
import { readClusterTelemetry } from "./cluster-telemetry";
import type { JobDriver } from "./drive-job";
import { checkNodeHealth } from "./node-health";
import { reconcileCluster } from "./reconcile";
import { runRequestWork } from "./resume-work";
import type { CycleContext, JobRow, RunnerCore, RunnerReport } from "./runner-types";
import { eachLimited } from "./settle-tasks";

/** Reads the jobs to drive and refreshes the drivers (re-attaching running jobs after a restart). */
export async function prepareCycle(core: RunnerCore, now: Date, report: RunnerReport, sampleDue: boolean): Promise<CycleContext> {
  const { db, drivers, parts } = core;
  const jobs = await findJobsToDrive(db);
  const versions = await drivers.refresh(
    jobs
      .filter((j) => j.status === "RUNNING" && j.startedAt)
      .map((j) => ({
        jobId: j.id,
        tenantSlug: j.tenant.slug,
        ...runRequestWork(core, j),
        startedAtMs: j.startedAt!.getTime(),
        assignments: parts.partsOf(j),
      })),
  );
  const stored = new Map(versions.map((v) => [v.clusterId, v]));
  return { now, jobs, report, sampleDue, allocation: sampleDue ? await findClusterAllocation(db) : [], sampleRows: [], stored };
}

/**
 * One cluster's cycle: a probe while it counts as unreachable, its node health (once reachable), its
 * jobs, its reconciliation with the database (once reachable), then its telemetry.
 */
export async function runCluster(core: RunnerCore, jobDriver: JobDriver, entry: DriverEntry, jobs: JobRow[], ctx: CycleContext): Promise<void> {
  const { guards } = core;
  const guard = guards.guardOf(entry);
  // The probe is what closes an open breaker (after its cool-down) and clears an outage stored
  // before a restart, even on a cluster with no work to call it for.
  if (guard.unreachable || ctx.stored.get(entry.clusterId)?.unreachableSince)
    await guards.callOn(entry, "list nodes", () => entry.driver.listInventory()).catch(() => {});
  // Health first: a job on a lost node is queued again rather than polled as if it ran.
  const requeued = guard.unreachable ? new Set<string>() : await checkNodeHealth(core, entry, ctx);
  const toDrive = requeued.size ? jobs.filter((j) => !requeued.has(j.id)) : jobs;
  await eachLimited(toDrive, core.guardOptions.concurrency, (job) => jobDriver.driveJob(job, ctx.now, ctx.report));
  if (!guard.unreachable) await reconcileCluster(core, jobDriver, entry, ctx);
  await readClusterTelemetry(core, entry, ctx);
  // Work that outlived its cycle stores what it learned at once, not a cycle later.
  await guards.persistReachability(ctx.now);
}
