/**
 * Filter region: a job with allowed regions (data sovereignty) runs only in them. Unresolvable: only
 * the job's owner can allow another region. Subject = the cluster's region.
 */
import { PASS, unresolvable, type ClusterFilterPlugin } from "./types";

/** Rejects clusters outside the job's allowed regions (REGION_NOT_ALLOWED). */
export const regionFilter: ClusterFilterPlugin = {
  name: "region",
  stage: "cluster",
  check: ({ cluster, job }) =>
    job.allowedRegions.length === 0 || job.allowedRegions.includes(cluster.region)
      ? PASS
      : unresolvable({ code: "REGION_NOT_ALLOWED", resource: "region", subject: cluster.region }),
};
