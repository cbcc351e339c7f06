/**
 * Filter tier: a job naming allowed tiers (hub, regional, edge) runs only on them (applies only when
 * it names some). Unresolvable. Subject = the cluster's tier.
 */
import { PASS, unresolvable, type ClusterFilterPlugin } from "./types";

/** Rejects clusters of a tier the job does not allow (TIER_NOT_ALLOWED). */
export const tierFilter: ClusterFilterPlugin = {
  name: "tier",
  stage: "cluster",
  check: ({ cluster, job }) => {
    const tiers = job.allowedTiers ?? [];
    if (tiers.length === 0) return null;
    return tiers.includes(cluster.tier) ? PASS : unresolvable({ code: "TIER_NOT_ALLOWED", resource: "tier", subject: cluster.tier });
  },
};
