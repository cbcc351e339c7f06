/**
 * Tenants' cohort quotas in engine units: per GPU model the nominal, borrowing and lending limits and
 * the GPUs held now (from the GPU shares held on nodes of that model), plus the fair-share weight.
 * Every tenant gets a row for every model some tenant has a quota for (nominal 0 when it has none),
 * so the engine sees who borrows what; models nobody has a quota for stay unconstrained.
 */
import { chargeCohortQuota, type CoordinatorDecision, type FleetSnapshot, type TenantModelQuota, type TenantUsage } from "../engine";

/** A tenant's quota rows as read with the scheduling context. */
export interface TenantQuotaRows {
  readonly id: string;
  readonly quota: { readonly fairShareWeight: number } | null;
  readonly gpuQuotas?: readonly { gpuModelId: string; nominalGpus: number; borrowingLimitGpus: number | null; lendingLimitGpus: number | null }[];
}

/** Whole-GPU equivalents held per tenant and model, from the shares on each node's GPUs. */
export function heldByTenantModel(
  clusters: readonly { nodes: readonly { gpuModelId: string | null; gpus: readonly { shares: readonly { jobId: string; milli: number }[] }[] }[] }[],
  tenantOfJob: ReadonlyMap<string, string>,
): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  for (const c of clusters)
    for (const n of c.nodes) {
      if (!n.gpuModelId) continue;
      for (const g of n.gpus)
        for (const s of g.shares) {
          const tenant = tenantOfJob.get(s.jobId);
          if (!tenant) continue;
          const m = out.get(tenant) ?? new Map<string, number>();
          m.set(n.gpuModelId, (m.get(n.gpuModelId) ?? 0) + s.milli / 1000);
          out.set(tenant, m);
        }
    }
  return out;
}

/** The cohort fields of one tenant's usage (modelQuotas only when some tenant has a quota row). */
export function cohortFields(
  tenant: TenantQuotaRows,
  all: readonly TenantQuotaRows[],
  held: ReadonlyMap<string, ReadonlyMap<string, number>>,
): Pick<TenantUsage, "modelQuotas" | "fairShareWeight"> {
  const models = [...new Set(all.flatMap((t) => (t.gpuQuotas ?? []).map((q) => q.gpuModelId)))].sort();
  // The default weight (1) is left out so a fleet without fair-share settings keeps its snapshot's shape.
  const w = tenant.quota?.fairShareWeight ?? 1;
  const weight: Pick<TenantUsage, "fairShareWeight"> = w === 1 ? {} : { fairShareWeight: w };
  if (models.length === 0) return weight;
  const modelQuotas: TenantModelQuota[] = models.map((gpuModel) => {
    const row = tenant.gpuQuotas?.find((q) => q.gpuModelId === gpuModel);
    return {
      gpuModel,
      nominalGpus: row?.nominalGpus ?? 0,
      borrowingLimitGpus: row ? row.borrowingLimitGpus : null,
      lendingLimitGpus: row ? row.lendingLimitGpus : null,
      gpusInUse: held.get(tenant.id)?.get(gpuModel) ?? 0,
    };
  });
  return { ...weight, modelQuotas };
}

/** The tenants with a placement's GPUs charged per model of the nodes it takes (so later jobs of the cycle see them). */
export function chargeDecisionToCohort(tenants: FleetSnapshot["tenants"], snapshot: FleetSnapshot, decision: CoordinatorDecision): FleetSnapshot["tenants"] {
  let out = tenants;
  for (const part of decision.parts) {
    const nodes = snapshot.clusters.find((c) => c.id === part.clusterId)?.state.nodes ?? [];
    const perGpu = part.request.gpuMilliPerGpu / 1000;
    for (const a of part.assignments) {
      const model = nodes[a.nodeIndex]?.gpuModel;
      if (model && a.gpuIndices.length) out = chargeCohortQuota(out, decision.explanation.job.tenant, model, a.gpuIndices.length * perGpu);
    }
  }
  return out;
}
