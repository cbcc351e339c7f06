/**
 * Filter cluster-reachable: no new work goes to a cluster whose API the control loop cannot reach
 * (its circuit breaker is open). Unfit, never unresolvable: the cluster comes back when the breaker's
 * probe succeeds. Recorded only when failing, so explanations of a healthy fleet keep their shape.
 * Subject = the failure as the worker recorded it.
 */
import { unfit, type ClusterFilterPlugin } from "./types";

/** Rejects unreachable clusters (CLUSTER_UNREACHABLE). */
export const clusterReachableFilter: ClusterFilterPlugin = {
  name: "cluster-reachable",
  stage: "cluster",
  check: ({ cluster }) =>
    cluster.reachable === false
      ? unfit({ code: "CLUSTER_UNREACHABLE", resource: "cluster", ...(cluster.unreachableReason ? { subject: cluster.unreachableReason } : {}) })
      : null,
};
