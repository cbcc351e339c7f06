/**
 * Filter gpu-hours-quota: the tenant's GPU-hours used this month plus this variant's estimated
 * GPU-hours stay within its monthly allowance. Numbers in GPU-hours (whole-GPU equivalents times
 * hours): requested = the variant's GPUs over all members x its estimated duration, available =
 * allowance minus used (negative when already over), limit = the allowance. Used hours count finished
 * jobs start..finish and running ones start..now, as the tenant's usage page shows them, plus the
 * estimated remainder of the tenant's placed and running jobs (already promised).
 * Unresolvable when the variant alone exceeds the allowance (no month would hold it); otherwise unfit
 * (the month rolls over, or a shorter run fits). Applies only to a tenant with an allowance.
 */
import { PASS, unfit, unresolvable, type ClusterFilterPlugin } from "./types";

/** Rejects variants that would take the tenant past its monthly GPU-hours (TENANT_GPU_HOURS_QUOTA). */
export const gpuHoursQuotaFilter: ClusterFilterPlugin = {
  name: "gpu-hours-quota",
  stage: "variant",
  check: ({ ctx, variant }) => {
    const tenant = ctx.tenant;
    if (!tenant || tenant.maxGpuHoursPerMonth == null) return null;
    const limit = tenant.maxGpuHoursPerMonth;
    const requested = (variant.gpusTotal * variant.durationS) / 3600;
    const used = tenant.gpuHoursUsedThisMonth ?? 0;
    if (used + requested <= limit) return PASS;
    const reason = { code: "TENANT_GPU_HOURS_QUOTA", resource: "quota", unit: "gpuHours", requested, available: limit - used, limit } as const;
    return requested > limit ? unresolvable(reason) : unfit(reason);
  },
};
