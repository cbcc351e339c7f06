/**
 * Cohort quotas per GPU model and fair-share weights: what each tenant is entitled to (nominal),
 * holds, borrows and could still borrow now, for admins (every tenant) and for a tenant's own usage
 * page (its rows only; the cohort appears only as the total it could borrow). Admin edits are
 * validated against the catalog with field-named errors and audited.
 */
import type { SessionUser } from "../auth/session-user";
import type { Db } from "../db/client";
import { cohortStanding, type TenantUsage } from "../engine";
import { findCohortQuotas, findHeldGpusByTenantModel, replaceTenantFairShare } from "../repositories/fair-share-repository";
import type { TenantFairShareForm } from "../schemas/tenant-fair-share-form";
import { cohortFields } from "./cohort-usage";
import { DomainError, fieldError } from "./errors";

/** One model's quota of a tenant with where it stands now (GPUs). */
export interface ModelQuotaStanding {
  gpuModelId: string;
  nominalGpus: number;
  borrowingLimitGpus: number | null;
  lendingLimitGpus: number | null;
  gpusInUse: number;
  borrowedGpus: number;
  /** GPUs it could borrow beyond what it holds now: min(borrowing limit, what the cohort lends) minus what it borrows. */
  borrowableNowGpus: number;
}

/** Every tenant's weight and per-model quotas with their standing, and the catalog's models. */
async function cohortView(db: Db) {
  const [{ tenants, models }, held] = await Promise.all([findCohortQuotas(db), findHeldGpusByTenantModel(db)]);
  const usage: TenantUsage[] = tenants.map((t) => ({
    tenant: t.id,
    maxGpus: 0,
    gpusInUse: 0,
    carbonBudgetKgPerMonth: null,
    carbonUsedKgThisMonth: 0,
    ...cohortFields(t, tenants, held),
  }));
  const rows = tenants.map((t) => ({
    id: t.id,
    slug: t.slug,
    name: t.name,
    fairShareWeight: t.quota?.fairShareWeight ?? 1,
    hasQuota: t.quota !== null,
    modelQuotas: t.gpuQuotas.map((q): ModelQuotaStanding => {
      const s = cohortStanding(usage, t.id, q.gpuModelId);
      return {
        gpuModelId: q.gpuModelId,
        nominalGpus: q.nominalGpus,
        borrowingLimitGpus: q.borrowingLimitGpus,
        lendingLimitGpus: q.lendingLimitGpus,
        gpusInUse: s.gpusInUse,
        borrowedGpus: s.borrowedGpus,
        borrowableNowGpus: Math.max(0, s.borrowCeiling - s.borrowedGpus),
      };
    }),
  }));
  return { models, tenants: rows };
}

/** Admin view: every tenant's fair-share weight and per-model quotas with their standing. */
export function listCohortQuotas(db: Db) {
  return cohortView(db);
}

/** A tenant's own per-model quotas with their standing, and its weight (nothing of other tenants). */
export async function getOwnCohortQuotas(db: Db, tenantId: string) {
  const view = await cohortView(db);
  const own = view.tenants.find((t) => t.id === tenantId);
  return { fairShareWeight: own?.fairShareWeight ?? 1, modelQuotas: own?.modelQuotas ?? [] };
}

/** Sets a tenant's weight and per-model quotas; unknown models and tenants are named errors. */
export async function setTenantFairShare(db: Db, user: SessionUser, input: TenantFairShareForm, now: Date) {
  const { models } = await findCohortQuotas(db);
  input.modelQuotas.forEach((q, i) => {
    if (!models.includes(q.gpuModelId)) throw fieldError(`modelQuotas.${i}.gpuModelId`, `No GPU model "${q.gpuModelId}" in the catalog.`);
  });
  const result = await replaceTenantFairShare(db, input.tenantId, input.fairShareWeight, input.modelQuotas, user.id, now);
  if (result === null) throw new DomainError("NOT_FOUND", "No such tenant.");
  if (result === "no-quota") throw fieldError("fairShareWeight", "Set the tenant's GPU quota first: the weight is stored with it.");
  return result;
}
