/**
 * Cohort quotas per GPU model, as Kueue has them: the whole fleet is one cohort; each tenant has a
 * nominal number of GPUs of a model and may borrow what other tenants leave idle, within its
 * borrowing limit and their lending limits. The cohort's invariant is that the GPUs borrowed by all
 * tenants never exceed what the lenders lend; a tenant within its nominal quota may always run
 * (borrowers are then the first to be preempted to give the quota back). See docs/fair-share.md.
 */
import type { TenantModelQuota, TenantUsage } from "../coordinator/types";

/** A tenant's quota of one model; a tenant without a row for a constrained model has nominal 0 and no limits. */
function rowOf(t: TenantUsage, gpuModel: string): TenantModelQuota {
  return t.modelQuotas?.find((q) => q.gpuModel === gpuModel) ?? { gpuModel, nominalGpus: 0, borrowingLimitGpus: null, lendingLimitGpus: null, gpusInUse: 0 };
}

/** Whether any tenant has a quota row for the model (a model with none is not constrained by cohort quotas). */
export function cohortConstrains(cohort: readonly TenantUsage[], gpuModel: string): boolean {
  return cohort.some((t) => t.modelQuotas?.some((q) => q.gpuModel === gpuModel) ?? false);
}

/** GPUs of the model the tenant holds above its nominal quota (borrowed from the cohort). */
export function borrowedOf(q: TenantModelQuota): number {
  return Math.max(0, q.gpusInUse - q.nominalGpus);
}

/** Idle nominal GPUs the tenant lends now: min(lendingLimit, nominal − in use within nominal). */
export function lendableOf(q: TenantModelQuota): number {
  const idle = Math.max(0, q.nominalGpus - q.gpusInUse);
  return q.lendingLimitGpus === null ? idle : Math.min(q.lendingLimitGpus, idle);
}

/** Where one tenant stands on one model of the cohort (whole-GPU equivalents). */
export interface CohortStanding {
  readonly gpuModel: string;
  readonly nominalGpus: number;
  readonly gpusInUse: number;
  readonly borrowedGpus: number;
  readonly borrowingLimitGpus: number | null;
  /** Σ over the other tenants of what they lend now (L). */
  readonly lentByOthers: number;
  /** Σ over the other tenants of what they borrow now (B). */
  readonly borrowedByOthers: number;
  /** Most GPUs it may borrow in total now: min(borrowingLimit, max(0, L − B)). */
  readonly borrowCeiling: number;
  /** Most GPUs it may hold now: nominal + borrowCeiling. */
  readonly maxHold: number;
  /** Most GPUs it could ever hold, on an empty fleet: nominal + min(borrowingLimit, Σ others' min(lendingLimit, nominal)). */
  readonly maxHoldEmpty: number;
}

/** The tenant's standing on a model of the cohort. */
export function cohortStanding(cohort: readonly TenantUsage[], tenant: string, gpuModel: string): CohortStanding {
  const self = cohort.find((t) => t.tenant === tenant);
  const own = self ? rowOf(self, gpuModel) : rowOf({ tenant, maxGpus: 0, gpusInUse: 0, carbonBudgetKgPerMonth: null, carbonUsedKgThisMonth: 0 }, gpuModel);
  let lentByOthers = 0;
  let borrowedByOthers = 0;
  let lendableEmpty = 0;
  for (const u of cohort) {
    if (u.tenant === tenant) continue;
    const q = rowOf(u, gpuModel);
    lentByOthers += lendableOf(q);
    borrowedByOthers += borrowedOf(q);
    lendableEmpty += q.lendingLimitGpus === null ? q.nominalGpus : Math.min(q.lendingLimitGpus, q.nominalGpus);
  }
  const limit = own.borrowingLimitGpus ?? Number.POSITIVE_INFINITY;
  const borrowCeiling = Math.min(limit, Math.max(0, lentByOthers - borrowedByOthers));
  return {
    gpuModel,
    nominalGpus: own.nominalGpus,
    gpusInUse: own.gpusInUse,
    borrowedGpus: borrowedOf(own),
    borrowingLimitGpus: own.borrowingLimitGpus,
    lentByOthers,
    borrowedByOthers,
    borrowCeiling,
    maxHold: own.nominalGpus + borrowCeiling,
    maxHoldEmpty: own.nominalGpus + Math.min(limit, lendableEmpty),
  };
}

/** What the cohort says about taking `gpus` more GPUs of a model. */
export type CohortVerdict =
  | { readonly kind: "within-nominal"; readonly standing: CohortStanding }
  | { readonly kind: "borrowing"; readonly standing: CohortStanding; readonly borrowedGpus: number }
  | {
      readonly kind: "over";
      readonly standing: CohortStanding;
      /** Which bound binds: the tenant's own borrowing limit, or what the cohort has idle to lend. */
      readonly bound: "borrowing-limit" | "cohort";
      /** Whether it would be refused on an empty fleet too. */
      readonly everFits: boolean;
    };

/** Tolerance for share arithmetic (GPU shares are thousandths). */
const EPS = 1e-9;

/**
 * Checks taking `gpus` more GPUs of `gpuModel` for `tenant`: within nominal, borrowing (how many of
 * them are above nominal), or over (which bound binds, and whether an empty fleet would fit it).
 */
export function checkCohortQuota(cohort: readonly TenantUsage[], tenant: string, gpuModel: string, gpus: number): CohortVerdict {
  const standing = cohortStanding(cohort, tenant, gpuModel);
  const after = standing.gpusInUse + gpus;
  if (after <= standing.nominalGpus + EPS) return { kind: "within-nominal", standing };
  if (after <= standing.maxHold + EPS) {
    const headroom = Math.max(0, standing.nominalGpus - standing.gpusInUse);
    return { kind: "borrowing", standing, borrowedGpus: gpus - headroom };
  }
  const limited = standing.borrowingLimitGpus !== null && standing.borrowingLimitGpus <= Math.max(0, standing.lentByOthers - standing.borrowedByOthers);
  return { kind: "over", standing, bound: limited ? "borrowing-limit" : "cohort", everFits: gpus <= standing.maxHoldEmpty + EPS };
}

/**
 * The tenants with a placement of `gpus` GPUs of `gpuModel` charged to `tenant` (its row created when
 * the model is constrained but it had none), so later decisions in the same cycle see the quota used.
 */
export function chargeCohortQuota(tenants: readonly TenantUsage[], tenant: string, gpuModel: string, gpus: number): readonly TenantUsage[] {
  if (!cohortConstrains(tenants, gpuModel)) return tenants;
  return tenants.map((t) => {
    if (t.tenant !== tenant) return t;
    const rows = t.modelQuotas ?? [];
    const has = rows.some((q) => q.gpuModel === gpuModel);
    const next = has
      ? rows.map((q) => (q.gpuModel === gpuModel ? { ...q, gpusInUse: q.gpusInUse + gpus } : q))
      : [...rows, { ...rowOf(t, gpuModel), gpusInUse: gpus }];
    return { ...t, modelQuotas: next };
  });
}
