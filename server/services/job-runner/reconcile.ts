/**
 * The reconciliation pass of one reachable cluster, after its jobs were driven: what the cluster runs
 * (driver.listJobs) is compared with what the database says runs there, read fresh.
 * - running on the cluster, but unknown to the database or not placed there any more (finished,
 *   cancelled, queued again, placed elsewhere) → removed from the cluster ("unknown-on-cluster",
 *   "cancelled"; "reported" while the removal fails, and completed by a later pass);
 * - RUNNING in the database but absent from the cluster → queued again from its checkpoint
 *   ("missing-on-cluster", "requeued");
 * - finished on the cluster while RUNNING in the database → the job is driven once more, which ends
 *   it as the cluster says (or retries a failed run) ("phase-mismatch", "marked-finished",
 *   "marked-failed" or "requeued").
 * Every difference is a ReconcileDrift row; an open one is not written twice (recordDrift).
 */
import type { ClusterJobListing } from "../../drivers";
import { findJobsToDrive } from "../../repositories/control-loop-repository";
import { findJobStatus, recordDrift, requeueInterruptedRun, type DriftInput } from "../../repositories/reconcile-repository";
import type { DriverEntry } from "../cluster-drivers";
import type { JobDriver } from "./drive-job";
import { discardEverywhere, keptWorkOf } from "./run-interruption";
import type { CycleContext, JobRow, RunnerCore } from "./runner-types";

/** Whether this cluster's pass is due (at most once per `reconcileEveryMs`). */
function due(core: RunnerCore, entry: DriverEntry, nowMs: number): boolean {
  const last = core.failures.lastReconcileMs.get(entry.clusterId);
  if (last !== undefined && nowMs - last < core.failures.reconcileEveryMs) return false;
  core.failures.lastReconcileMs.set(entry.clusterId, nowMs);
  return true;
}

/** One pass's shared state. */
interface Pass {
  core: RunnerCore;
  entry: DriverEntry;
  ctx: CycleContext;
  jobDriver: JobDriver;
}

/** Stores a drift and counts it when written. */
async function note(pass: Pass, drift: Omit<DriftInput, "clusterId" | "detectedAt">): Promise<void> {
  if (await recordDrift(pass.core.db, { ...drift, clusterId: pass.entry.clusterId, detectedAt: pass.ctx.now })) pass.ctx.report.drifts++;
}

/** A job the cluster runs that the database does not place there: removed from the cluster. */
async function removeUnknown(pass: Pass, listed: ClusterJobListing): Promise<void> {
  const { core, entry, ctx } = pass;
  const status = await findJobStatus(core.db, listed.jobId);
  const detail = status ? `${listed.phase} on the cluster, ${status} in the database` : `${listed.phase} on the cluster, not in the database`;
  try {
    await core.guards.callOn(entry, "discard job", () => entry.driver.discardJob(listed.jobId));
    await note(pass, { jobId: listed.jobId, kind: "unknown-on-cluster", detail, action: "cancelled", resolvedAt: ctx.now });
  } catch (error) {
    await note(pass, {
      jobId: listed.jobId,
      kind: "unknown-on-cluster",
      detail: `${detail}; removal failed: ${(error as Error).message}`,
      action: "reported",
      resolvedAt: null,
    });
  }
}

/** A job the database runs here that the cluster no longer has: queued again from its checkpoint. */
async function requeueMissing(pass: Pass, job: JobRow): Promise<void> {
  const { core, entry, ctx } = pass;
  const detail = `RUNNING in the database, not on cluster ${entry.clusterName}`;
  const done = await requeueInterruptedRun(core.db, {
    jobId: job.id,
    statusReason: `lost by cluster ${entry.clusterName}; queued again from its checkpoint`,
    keptWork: keptWorkOf(core, job, ctx.now),
    drift: { clusterId: entry.clusterId, jobId: job.id, kind: "missing-on-cluster", detail, action: "requeued", detectedAt: ctx.now, resolvedAt: ctx.now },
  });
  if (!done) return;
  ctx.report.drifts++;
  job.status = "QUEUED";
  // A split job's other parts stop too.
  await discardEverywhere(core, job);
}

/** A job that ended on the cluster while the database runs it: driven once more, which applies the end. */
async function applyPhase(pass: Pass, job: JobRow, listed: ClusterJobListing): Promise<void> {
  const { core, ctx } = pass;
  await pass.jobDriver.driveJob(job, ctx.now, ctx.report);
  const after = await findJobStatus(core.db, job.id);
  if (!after || after === "RUNNING") return;
  const action = after === "SUCCEEDED" ? "marked-finished" : after === "QUEUED" ? "requeued" : "marked-failed";
  await note(pass, { jobId: job.id, kind: "phase-mismatch", detail: `${listed.phase} on the cluster, RUNNING in the database`, action, resolvedAt: ctx.now });
}

/** Reconciles one cluster when due; a failed listing changes nothing. */
export async function reconcileCluster(core: RunnerCore, jobDriver: JobDriver, entry: DriverEntry, ctx: CycleContext): Promise<void> {
  if (!due(core, entry, ctx.now.getTime())) return;
  // The database first: a job started after this read is PLACED here, which already counts as known.
  const here = (await findJobsToDrive(core.db)).filter((j) => core.parts.clustersOf(j).includes(entry.clusterId));
  let listing: ClusterJobListing[];
  try {
    listing = await core.guards.callOn(entry, "list jobs", () => entry.driver.listJobs());
  } catch {
    return;
  }
  const pass: Pass = { core, entry, ctx, jobDriver };
  const known = new Set(here.map((j) => j.id));
  const listed = new Map(listing.map((l) => [l.jobId, l]));
  for (const l of listing) if ((l.phase === "running" || l.phase === "pending") && !known.has(l.jobId)) await removeUnknown(pass, l);
  for (const job of here) {
    if (job.status !== "RUNNING") continue;
    const l = listed.get(job.id);
    if (!l) await requeueMissing(pass, job);
    else if (l.phase === "succeeded" || l.phase === "failed" || l.phase === "cancelled") await applyPhase(pass, job, l);
  }
}
