/** A tenant's usage against its quota and carbon budget (this calendar month, UTC). */
import type { Db } from "../db/client";
import { findTenantQuota } from "../repositories/catalog-repository";
import { findTenantCommitments } from "../repositories/tenant-gpu-hours-repository";
import { readTenantUsage } from "../repositories/usage-repository";
import { committedGpuHours } from "./committed-gpu-hours";
import { getOwnCohortQuotas } from "./cohort-quota-service";

/**
 * Usage of the caller's tenant, with the limits it is measured against. `gpuHoursCommitted` is the
 * estimated remainder of its placed and running jobs: used plus committed is the sum the GPU-hours
 * quota filter checks a new placement against.
 */
export async function getTenantUsage(db: Db, tenantId: string, now: Date) {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const [usage, quota, cohort, commitments] = await Promise.all([
    readTenantUsage(db, tenantId, monthStart, now),
    findTenantQuota(db, tenantId),
    getOwnCohortQuotas(db, tenantId),
    findTenantCommitments(db, tenantId),
  ]);
  return {
    monthStart,
    ...usage,
    gpuHoursCommitted: committedGpuHours(commitments, tenantId, now.getTime()),
    maxGpus: quota?.maxGpus ?? null,
    maxGpuHoursPerMonth: quota?.maxGpuHoursPerMonth ?? null,
    carbonBudgetKgPerMonth: quota?.carbonBudgetKgPerMonth ?? null,
    fairShareWeight: cohort.fairShareWeight,
    modelQuotas: cohort.modelQuotas,
  };
}
