/**
 * Filter cohort-quota: per GPU model, the tenant's GPUs in use plus what this placement takes stay
 * within its nominal quota plus what it may borrow from the cohort (fair-share/cohort.ts). It runs
 * once the placer has chosen nodes, because a job allowing several models learns its model only then.
 * Verdicts:
 * - within nominal: pass, nothing recorded beyond the pass;
 * - borrowing: pass with COHORT_BORROWING (requested = GPUs above nominal, available = borrowing room
 *   left, limit = the borrowing limit), so the job's borrowed GPUs are stored and the explanation
 *   says it may be preempted when a lender needs its quota back;
 * - over: unfit with BORROWING_LIMIT or COHORT_QUOTA (requested = GPUs asked, available = GPUs it may
 *   still take, limit = the most it may hold now, capacity = the most on an empty fleet); unresolvable
 *   only when even an empty fleet would refuse it.
 * A model no tenant has a quota row for is not constrained (the flat tenant-quota filter still applies).
 */
import { checkCohortQuota, cohortConstrains } from "../../fair-share/cohort";
import type { ClusterReason } from "../reasons";
import type { TenantUsage } from "../types";
import { PASS, unfit, unresolvable, type ClusterFilterPlugin, type PlacementStageInput } from "./types";

/** GPUs per model the variant takes: from the placer's nodes, else its pinned model, else the job's only allowed model. */
function gpusByModel({ variant, job, placement }: PlacementStageInput): Map<string, number> | null {
  const perGpu = variant.request.gpuMilliPerGpu / 1000;
  if (placement && placement.decision.outcome === "placed") {
    const out = new Map<string, number>();
    for (const a of placement.decision.assignments) {
      const model = placement.state.nodes[a.nodeIndex]?.gpuModel;
      if (model && a.gpuIndices.length) out.set(model, (out.get(model) ?? 0) + a.gpuIndices.length * perGpu);
    }
    return out;
  }
  const model = variant.gpuModel ?? (job.allowedGpuModels.length === 1 ? job.allowedGpuModels[0]! : null);
  return model ? new Map([[model, variant.gpusTotal]]) : null;
}

/** Rejects placements beyond the tenant's nominal plus borrowable GPUs of a model; records borrowing. */
export const cohortQuotaFilter: ClusterFilterPlugin = {
  name: "cohort-quota",
  stage: "placement",
  check: (input) => {
    const tenant = input.ctx.tenant;
    if (!tenant || input.variant.gpusTotal <= 0) return null;
    const cohort: readonly TenantUsage[] = input.ctx.cohort ?? [tenant];
    const byModel = gpusByModel(input);
    if (!byModel) return null;
    const constrained = [...byModel].filter(([model]) => cohortConstrains(cohort, model)).sort((a, b) => a[0].localeCompare(b[0]));
    if (constrained.length === 0) return null;
    const borrowing: ClusterReason[] = [];
    const over: ClusterReason[] = [];
    let everFits = true;
    for (const [model, gpus] of constrained) {
      const v = checkCohortQuota(cohort, tenant.tenant, model, gpus);
      const s = v.standing;
      if (v.kind === "borrowing")
        borrowing.push({
          code: "COHORT_BORROWING",
          resource: "quota",
          unit: "gpus",
          requested: v.borrowedGpus,
          available: s.borrowCeiling - s.borrowedGpus,
          ...(s.borrowingLimitGpus !== null ? { limit: s.borrowingLimitGpus } : {}),
          subject: model,
        });
      else if (v.kind === "over") {
        everFits &&= v.everFits;
        over.push({
          code: v.bound === "borrowing-limit" ? "BORROWING_LIMIT" : "COHORT_QUOTA",
          resource: "quota",
          unit: "gpus",
          requested: gpus,
          available: s.maxHold - s.gpusInUse,
          limit: s.maxHold,
          capacity: s.maxHoldEmpty,
          subject: model,
        });
      }
    }
    if (over.length) return everFits ? unfit(...over) : unresolvable(...over);
    return borrowing.length ? { verdict: "pass", reasons: borrowing } : PASS;
  },
};
