/**
 * Keeping clear of capacity reservations: a job that can start now on several clusters does not take
 * capacity on one where another job waits for capacity (holds an EASY or conservative reservation
 * starting later) while a cluster without such a waiting job can start it now. Backfill alone only
 * promises not to delay the reservation by the *predicted* ends; in practice small jobs backfilled
 * onto the cluster a large gang waits for fill the nodes it will need next and overrun their
 * estimates, and a carbon-aware policy sends them exactly there when that cluster is the cleanest
 * (on the loaded benchmark the only gang-sized cluster was also the cleanest zone; see
 * docs/benchmarks/simulator-load.md). Nothing is left idle: the rule applies only when another
 * cluster starts the job now, and carbon deferrals (which could start now) hold no claim.
 */
import type { AgentContext, ClusterBid } from "./agent-types";
import type { ClusterReason } from "./reasons";
import type { FleetCluster, FleetJob } from "./types";

/** GPUs (whole-GPU equivalents) held by reservations of other jobs that wait for capacity on the cluster after `nowMs`. */
export function waitingReservedGpus(cluster: FleetCluster, jobId: string, nowMs: number): number {
  let gpus = 0;
  for (const r of cluster.reservations) {
    if (r.jobId === jobId || r.carbonDeferral || r.startMs <= nowMs) continue;
    gpus += (r.job.gpuCount * r.job.gpuMilliPerGpu * r.assignments.length) / 1000;
  }
  return gpus;
}

/**
 * Rejects the start-now bids on clusters where another job waits for capacity, when a passing bid on
 * a cluster without one also starts now (file header), if the policy's `keepClearOfReservations` is on.
 * Other bids are unchanged.
 */
export function keepClearOfReservations(bids: ClusterBid[], job: FleetJob, ctx: AgentContext): ClusterBid[] {
  if (!ctx.policy.constraints.keepClearOfReservations) return bids;
  const startsNow = (b: ClusterBid) => b.passed && b.option !== null && b.option !== undefined && b.option.startMs <= ctx.nowMs;
  const held = bids.map((b) => (startsNow(b) ? waitingReservedGpus(b.cluster, job.id, ctx.nowMs) : 0));
  if (!bids.some((b, i) => startsNow(b) && held[i] === 0) || !held.some((g) => g > 0)) return bids;
  return bids.map((b, i) => {
    const gpus = held[i] as number;
    if (!startsNow(b) || gpus === 0) return b;
    const reason: ClusterReason = {
      code: "RESERVED_FOR_WAITING_JOB",
      resource: "cluster",
      unit: "gpus",
      requested: (job.gpuCount * job.gpuMilliPerGpu * job.gangSize) / 1000,
      limit: gpus,
    };
    return {
      ...b,
      passed: false,
      verdict: "unfit" as const,
      filters: [...b.filters, { filter: "reservation-clearance", verdict: "unfit" as const, passed: false, reasons: [reason] }],
    };
  });
}
