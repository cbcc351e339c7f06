/**
 * "Could any cluster ever hold this job?" — asked of the coordinator on an EMPTY copy of the fleet
 * (every node free and ready, nothing running, no tenant holding anything). Used twice:
 * - a job the coordinator cannot place even on the empty fleet gets status UNSCHEDULABLE with the
 *   reason (instead of waiting silently for capacity that will never come);
 * - the carbon-agnostic baseline of the savings ledger chooses among the clusters that pass.
 */
import type { Coordinator, CoordinatorDecision, FleetJob, FleetSnapshot } from "../engine";

/** The fleet with every node idle and ready, no running jobs, reservations or tenant usage. */
export function emptyFleet(snapshot: FleetSnapshot, options: { keepQuotas: boolean }): FleetSnapshot {
  return {
    ...snapshot,
    clusters: snapshot.clusters
      .filter((c) => c.status !== "retired")
      .map((c) => ({
        ...c,
        status: "active" as const,
        // Unreachable is a passing state like a busy node, not a reason the job could never run.
        reachable: true,
        running: [],
        reservations: [],
        state: {
          nodes: c.state.nodes.map((n) => ({ ...n, cpuMilliFree: n.cpuMilliCapacity, memoryMibFree: n.memoryMibCapacity, gpuMilliFree: n.gpuMilliFree.map(() => 1000), hostedGpuShares: [], ready: true })),
        },
      })),
    // Without a tenant entry the coordinator applies no quota or carbon budget.
    tenants: options.keepQuotas ? snapshot.tenants.map((t) => ({ ...t, gpusInUse: 0, carbonUsedKgThisMonth: 0 })) : [],
  };
}

/** The clusters that pass every filter for `job` on the empty fleet, and the decision itself. */
export function clustersThatCouldHold(coordinator: Coordinator, empty: FleetSnapshot, job: FleetJob, seed: number): { clusterIds: Set<string>; decision: CoordinatorDecision } {
  const decision = coordinator.decide(empty, job, { seed });
  const clusterIds = new Set(decision.explanation.clusters.filter((c) => c.passed).map((c) => c.clusterId));
  for (const part of decision.parts) clusterIds.add(part.clusterId);
  return { clusterIds, decision };
}
