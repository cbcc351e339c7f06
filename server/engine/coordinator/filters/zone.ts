/**
 * Filter zone: a job naming allowed grid zones runs only in them (applies only when it names some).
 * Unresolvable. Subject = the cluster's zone.
 */
import { PASS, unresolvable, type ClusterFilterPlugin } from "./types";

/** Rejects clusters outside the job's allowed grid zones (ZONE_NOT_ALLOWED). */
export const zoneFilter: ClusterFilterPlugin = {
  name: "zone",
  stage: "cluster",
  check: ({ cluster, job }) => {
    const zones = job.allowedZones ?? [];
    if (zones.length === 0) return null;
    return zones.includes(cluster.zone) ? PASS : unresolvable({ code: "ZONE_NOT_ALLOWED", resource: "zone", subject: cluster.zone });
  },
};
