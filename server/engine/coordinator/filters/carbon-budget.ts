/**
 * Filter carbon-budget: with the policy honouring budgets, the tenant's emissions this month plus the
 * job's (at the chosen start) stay within its monthly budget. Numbers in kgCO2e: requested = the
 * job's emissions, available = budget minus used (negative when already over), limit = the budget.
 * Unresolvable when the job alone exceeds the budget; otherwise unfit (the month rolls over).
 */
import { PASS, unfit, unresolvable, type ClusterFilterPlugin } from "./types";

/** Rejects options that would exceed the tenant's carbon budget (CARBON_BUDGET). */
export const carbonBudgetFilter: ClusterFilterPlugin = {
  name: "carbon-budget",
  stage: "option",
  check: ({ ctx, emissionsKg }) => {
    const tenant = ctx.tenant;
    if (!ctx.policy.constraints.honorCarbonBudget || !tenant || tenant.carbonBudgetKgPerMonth === null) return null;
    const budget = tenant.carbonBudgetKgPerMonth;
    if (tenant.carbonUsedKgThisMonth + emissionsKg <= budget) return PASS;
    const reason = {
      code: "CARBON_BUDGET",
      resource: "carbon-budget",
      unit: "kgCo2e",
      requested: emissionsKg,
      available: budget - tenant.carbonUsedKgThisMonth,
      limit: budget,
    } as const;
    return emissionsKg > budget ? unresolvable(reason) : unfit(reason);
  },
};
