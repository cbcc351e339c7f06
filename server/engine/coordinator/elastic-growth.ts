/**
 * Growing a running elastic gang when capacity frees: the rule the live loop (server/services/elastic-grow.ts)
 * and the simulator share. The missing members are asked for as a job of their own, elastic from one
 * member to all that are missing, now or not at all, on the job's own cluster only, with the job's own
 * nodes marked not ready (one member per node, as the drivers start them). The coordinator then places
 * as many as fit; queued jobs are served before any growth (callers grow after the scheduling pass).
 */
import type { FleetCluster, FleetJob, FleetSnapshot } from "./types";

/** The growth request and the one-cluster snapshot to decide it on, or null when the job cannot grow there. */
export interface ElasticGrowthInput {
  readonly snapshot: FleetSnapshot;
  readonly job: FleetJob;
  /** Members the job has now and at most. */
  readonly members: number;
  readonly maxMembers: number;
}

/** The cluster with the given nodes (by name) marked not ready, so new members land on other nodes. */
export function withoutNodes(cluster: FleetCluster, names: ReadonlySet<string>): FleetCluster {
  return { ...cluster, state: { nodes: cluster.state.nodes.map((n) => (names.has(n.name) ? { ...n, ready: false } : n)) } };
}

/**
 * What to ask the coordinator to grow `job` (running with `members` of `maxMembers` on `clusterId`, on
 * the nodes named in `ownNodes`); null when it is at its most members or its cluster is not in the snapshot.
 */
export function elasticGrowthInput(
  snapshot: FleetSnapshot,
  clusterId: string,
  job: FleetJob,
  members: number,
  maxMembers: number,
  ownNodes: ReadonlySet<string>,
): ElasticGrowthInput | null {
  const missing = maxMembers - members;
  const cluster = snapshot.clusters.find((c) => c.id === clusterId);
  if (missing < 1 || !cluster) return null;
  const extra: FleetJob = {
    ...job,
    gangSize: missing,
    minMembers: 1,
    earliestStartMs: null,
    deadlineMs: null,
    allowSplit: false,
    submittedAtMs: snapshot.nowMs,
  };
  return { snapshot: { ...snapshot, links: [], clusters: [withoutNodes(cluster, ownNodes)] }, job: extra, members, maxMembers };
}
