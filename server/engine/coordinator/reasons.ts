/** Machine-readable reasons a cluster is rejected, with the numbers behind them and their summary phrases. */
import { z } from "zod";

/** Every cluster-level reason code. */
export const CLUSTER_REASON_CODES = [
  "CLUSTER_NOT_ACTIVE",
  "CLUSTER_UNREACHABLE",
  "REGION_NOT_ALLOWED",
  "ZONE_NOT_ALLOWED",
  "TIER_NOT_ALLOWED",
  "NO_SUITABLE_GPU_MODEL",
  "TENANT_GPU_QUOTA",
  "INSUFFICIENT_CAPACITY",
  "DEADLINE_UNREACHABLE",
  "CARBON_BUDGET",
  "CARBON_SERIES_NOT_COVERING",
  "LATER_THAN_ANOTHER_CLUSTER",
] as const;

/** A cluster reason code. */
export type ClusterReasonCode = (typeof CLUSTER_REASON_CODES)[number];

/** A reason with numbers; `unit` names the unit of requested/available/limit/over. */
export const clusterReasonSchema = z.object({
  code: z.enum(CLUSTER_REASON_CODES),
  unit: z.enum(["gpus", "milliGpu", "members", "kgCo2e", "s", "epochMs"]).optional(),
  requested: z.number().optional(),
  available: z.number().optional(),
  limit: z.number().optional(),
  /** How far over the limit (quota, budget), in `unit`. */
  over: z.number().optional(),
  detail: z.string().optional(),
});

/** One cluster reason. */
export type ClusterReason = z.infer<typeof clusterReasonSchema>;

const num = (v: number | undefined) => String(Math.round((v ?? 0) * 100) / 100);

/** Plural phrase used in "N clusters <phrase>". */
export function describeClusterReason(r: ClusterReason): string {
  switch (r.code) {
    case "CLUSTER_NOT_ACTIVE":
      return `are not active (${r.detail ?? "status"})`;
    case "CLUSTER_UNREACHABLE":
      return `are unreachable${r.detail ? ` (${r.detail})` : ""}`;
    case "REGION_NOT_ALLOWED":
      return "are outside the allowed regions";
    case "ZONE_NOT_ALLOWED":
      return "are outside the allowed grid zones";
    case "TIER_NOT_ALLOWED":
      return "are of a tier the job does not allow";
    case "NO_SUITABLE_GPU_MODEL":
      return `have no GPU model the job accepts${r.detail ? ` (${r.detail})` : ""}`;
    case "TENANT_GPU_QUOTA":
      return `are over the tenant's GPU quota by ${num(r.over)}`;
    case "INSUFFICIENT_CAPACITY":
      return r.unit === "milliGpu"
        ? `have no GPU with ${num(r.requested)} milli free (best has ${num(r.available)})`
        : r.unit === "members"
          ? `cannot host ${num(r.limit)} members of ${num(r.requested)} GPUs (room for ${num(r.available)})`
          : `lack ${num(r.requested)} free ${r.detail ? `${r.detail}-class ` : ""}GPUs on one node (best has ${num(r.available)})`;
    case "DEADLINE_UNREACHABLE":
      return "cannot finish it before its deadline";
    case "CARBON_BUDGET":
      return `would exceed the tenant's carbon budget by ${num(r.over)} kgCO2e`;
    case "CARBON_SERIES_NOT_COVERING":
      return "have no intensity data for the run window";
    case "LATER_THAN_ANOTHER_CLUSTER":
      return `could start it only later (in ${num((r.requested ?? 0) / 60)} min) while another cluster starts it sooner, and the job has no window to wait in`;
  }
}
