/**
 * Filter tenant-quota: the tenant's GPUs in use plus this variant's GPUs (whole-GPU equivalents over
 * all members) stay within its quota. Numbers in GPUs: requested = the variant's GPUs, available =
 * quota minus GPUs in use (negative when already over), limit = the quota; the shortfall
 * (requested - available) is how far the quota must rise. Unresolvable when the variant alone exceeds
 * the quota; otherwise unfit (the tenant's running jobs will end). Applies only to a known tenant.
 */
import { PASS, unfit, unresolvable, type ClusterFilterPlugin } from "./types";

/** Rejects variants that would put the tenant over its GPU quota (TENANT_GPU_QUOTA). */
export const tenantQuotaFilter: ClusterFilterPlugin = {
  name: "tenant-quota",
  stage: "variant",
  check: ({ ctx, variant }) => {
    const tenant = ctx.tenant;
    if (!tenant) return null;
    if (tenant.gpusInUse + variant.gpusTotal <= tenant.maxGpus) return PASS;
    const reason = {
      code: "TENANT_GPU_QUOTA",
      resource: "quota",
      unit: "gpus",
      requested: variant.gpusTotal,
      available: tenant.maxGpus - tenant.gpusInUse,
      limit: tenant.maxGpus,
    } as const;
    return variant.gpusTotal > tenant.maxGpus ? unresolvable(reason) : unfit(reason);
  },
};
