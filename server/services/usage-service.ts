/** A tenant's usage against its quota and carbon budget (this calendar month, UTC). */
import type { Db } from "../db/client";
import { findTenantQuota } from "../repositories/catalog-repository";
import { readTenantUsage } from "../repositories/usage-repository";
import { getOwnCohortQuotas } from "./cohort-quota-service";

/** Usage of the caller's tenant, with the limits it is measured against. */
export async function getTenantUsage(db: Db, tenantId: string, now: Date) {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const [usage, quota, cohort] = await Promise.all([
    readTenantUsage(db, tenantId, monthStart, now),
    findTenantQuota(db, tenantId),
    getOwnCohortQuotas(db, tenantId),
  ]);
  return {
    monthStart,
    ...usage,
    maxGpus: quota?.maxGpus ?? null,
    maxGpuHoursPerMonth: quota?.maxGpuHoursPerMonth ?? null,
    carbonBudgetKgPerMonth: quota?.carbonBudgetKgPerMonth ?? null,
    fairShareWeight: cohort.fairShareWeight,
    modelQuotas: cohort.modelQuotas,
  };
}
