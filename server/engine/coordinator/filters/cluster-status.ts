/**
 * Filter cluster-status: only an active cluster takes new jobs. Draining or in maintenance is unfit
 * (the admin may bring it back); retired is unresolvable. Subject = the status.
 */
import { PASS, unfit, unresolvable, type ClusterFilterPlugin } from "./types";

/** Rejects clusters that are not active (CLUSTER_NOT_ACTIVE). */
export const clusterStatusFilter: ClusterFilterPlugin = {
  name: "cluster-status",
  stage: "cluster",
  check: ({ cluster }) => {
    if (cluster.status === "active") return PASS;
    const reason = { code: "CLUSTER_NOT_ACTIVE", resource: "cluster", subject: cluster.status } as const;
    return cluster.status === "retired" ? unresolvable(reason) : unfit(reason);
  },
};
