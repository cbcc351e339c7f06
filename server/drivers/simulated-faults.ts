/**
 * Failure injection of the simulated cluster, so the control loop's failure handling can be exercised
 * without a real cluster: a node can turn not ready, cordoned or lose its GPUs, a job can fail once
 * its run reaches a given fraction (on each of its next runs, to drive retries), and a job can vanish
 * from the cluster as if its pods were deleted behind Verdant's back.
 */
import type { SimJob } from "./simulated-jobs";
import type { InventoryNode, NodeHealth, NodeHealthStatus } from "./types";

/** A planned failure of a job's next runs. */
export interface RunFailurePlan {
  /** 0..1 of the run's estimated duration at which it fails. */
  atFraction: number;
  message: string;
  /** Runs still to fail (each start or re-attach consumes one). */
  remaining: number;
}

/** The injected faults of one simulated cluster. */
export interface SimFaults {
  /** Health per node name; absent = READY. */
  health: Map<string, { status: Exclude<NodeHealthStatus, "READY">; reason: string | null }>;
  runFailures: Map<string, RunFailurePlan>;
  /** Jobs removed behind the control loop's back: re-attaching them is refused. */
  lost: Set<string>;
}

/** No faults. */
export function emptyFaults(): SimFaults {
  return { health: new Map(), runFailures: new Map(), lost: new Set() };
}

/** Every node's health: injected, else READY (a node listed unschedulable in the inventory counts as cordoned). */
export function nodeHealthOf(nodes: readonly InventoryNode[], faults: SimFaults): NodeHealth[] {
  return nodes.map((n) => {
    const injected = faults.health.get(n.name);
    if (injected) return { node: n.name, status: injected.status, reason: injected.reason };
    return n.schedulable
      ? { node: n.name, status: "READY", reason: null }
      : { node: n.name, status: "CORDONED", reason: "not schedulable in the stored inventory" };
  });
}

/** Whether the node takes new work: stored as schedulable and no injected fault. */
export function takesWork(node: InventoryNode, faults: SimFaults): boolean {
  return node.schedulable && !faults.health.has(node.name);
}

/** Applies a pending run-failure plan to a job that just started (or was re-attached). */
export function applyRunFailure(job: SimJob, faults: SimFaults): void {
  const plan = faults.runFailures.get(job.request.jobId);
  if (!plan || plan.remaining <= 0) return;
  plan.remaining--;
  if (plan.remaining === 0) faults.runFailures.delete(job.request.jobId);
  const atMs = job.startMs + Math.round(plan.atFraction * (job.endMs - job.startMs));
  job.stop = { atMs, phase: "failed", message: plan.message };
}
