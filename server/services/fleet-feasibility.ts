/**
 * "Which clusters could hold this job on an idle fleet?" — for the carbon-agnostic baseline of the
 * savings ledger, which chooses among the clusters that pass on an idle copy of the fleet (every node
 * free and ready, nothing running, no tenant holding anything).
 *
 * Whether a waiting job could EVER run is not asked here: the coordinator records each cluster's
 * verdict while deciding (unresolvable = it would fail on an empty cluster too), see
 * `CoordinatorDecision.couldEverRun`.
 */
import type { Coordinator, FleetJob, FleetSnapshot } from "../engine";

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
          nodes: c.state.nodes.map((n) => ({
            ...n,
            cpuMilliFree: n.cpuMilliCapacity,
            memoryMibFree: n.memoryMibCapacity,
            gpuMilliFree: n.gpuMilliFree.map(() => 1000),
            hostedGpuShares: [],
            ready: true,
          })),
        },
      })),
    // Without a tenant entry the coordinator applies no quota or carbon budget.
    tenants: options.keepQuotas ? snapshot.tenants.map((t) => ({ ...t, gpusInUse: 0, carbonUsedKgThisMonth: 0, gpuHoursUsedThisMonth: 0 })) : [],
  };
}

/** The clusters that pass every filter for `job` on `empty` (no explanation or fix search is built). */
export function clustersThatCouldHold(coordinator: Coordinator, empty: FleetSnapshot, job: FleetJob, seed: number): { clusterIds: Set<string> } {
  const outcome = coordinator.decideUnexplained(empty, job, { seed });
  const clusterIds = new Set(outcome.verdicts.filter((v) => v.verdict === "pass").map((v) => v.clusterId));
  for (const part of outcome.parts) clusterIds.add(part.clusterId);
  return { clusterIds };
}
