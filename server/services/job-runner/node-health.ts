/**
 * The node-health pass of one cluster, before its jobs are driven: the driver's node health is stored
 * where it changed (Node.status, healthReason, healthChangedAt; the fleet snapshot then keeps new work
 * off a node that is not READY, and a node back READY takes work again), and every running job with a
 * part on a lost node (NOT_READY or GPU_ERROR; a cordoned node keeps its jobs) is removed from its
 * clusters and queued again at once from its checkpoint, with a "node-lost" drift row.
 */
import type { NodeHealth } from "../../drivers";
import { requeueInterruptedRun, saveNodeHealth } from "../../repositories/reconcile-repository";
import type { DriverEntry } from "../cluster-drivers";
import { discardEverywhere, keptWorkOf } from "./run-interruption";
import type { CycleContext, JobRow, RunnerCore } from "./runner-types";

/** Statuses whose node cannot be trusted to run anything. */
const LOST = new Set<NodeHealth["status"]>(["NOT_READY", "GPU_ERROR"]);

/** Whether this cluster's health is due (at most once per `healthEveryMs`). */
function due(core: RunnerCore, entry: DriverEntry, nowMs: number): boolean {
  const last = core.failures.lastHealthMs.get(entry.clusterId);
  if (last !== undefined && nowMs - last < core.failures.healthEveryMs) return false;
  core.failures.lastHealthMs.set(entry.clusterId, nowMs);
  return true;
}

/** The lost node of this cluster the job has a part on, if any. */
function lostNodeOf(core: RunnerCore, entry: DriverEntry, job: JobRow, lost: Map<string, NodeHealth>): NodeHealth | undefined {
  return core.parts
    .partsOf(job)
    .filter((a) => a.cluster === entry.clusterId)
    .map((a) => lost.get(a.node))
    .find((h) => h !== undefined);
}

/**
 * Reads and stores the cluster's node health and queues again the running jobs on its lost nodes;
 * returns the ids of those jobs (the cycle leaves them alone). A failed read changes nothing.
 */
export async function checkNodeHealth(core: RunnerCore, entry: DriverEntry, ctx: CycleContext): Promise<Set<string>> {
  const requeued = new Set<string>();
  if (!due(core, entry, ctx.now.getTime())) return requeued;
  let health: NodeHealth[];
  try {
    health = await core.guards.callOn(entry, "read node health", () => entry.driver.readNodeHealth());
  } catch {
    return requeued;
  }
  await saveNodeHealth(core.db, entry.clusterId, health, ctx.now);
  const lost = new Map(health.filter((h) => LOST.has(h.status)).map((h) => [h.node, h]));
  if (!lost.size) return requeued;
  for (const job of ctx.jobs) {
    if (job.status !== "RUNNING") continue;
    const node = lostNodeOf(core, entry, job, lost);
    if (!node) continue;
    const why = `node ${node.node} lost: ${node.reason ?? node.status}`;
    const done = await requeueInterruptedRun(core.db, {
      jobId: job.id,
      statusReason: `${why}; queued again from its checkpoint`,
      keptWork: keptWorkOf(core, job, ctx.now),
      drift: { clusterId: entry.clusterId, jobId: job.id, kind: "node-lost", detail: why, action: "requeued", detectedAt: ctx.now, resolvedAt: ctx.now },
    });
    if (!done) continue;
    requeued.add(job.id);
    job.status = "QUEUED";
    ctx.report.nodeLostRequeues++;
    await discardEverywhere(core, job);
  }
  return requeued;
}
