/**
 * The explanation's borrowing section: which GPUs of the chosen placement lie above the tenant's
 * nominal quota (read from the cohort-quota filter's COHORT_BORROWING reasons of the chosen variant),
 * and the sentence that says so. Absent when nothing is borrowed, so other explanations keep their shape.
 */
import { formatNumber } from "../carbon/figure";
import type { ClusterBid } from "./agent-types";
import type { CoordinatorExplanation } from "./explanation-schema";

type Borrowing = NonNullable<CoordinatorExplanation["borrowing"]>;

/** The borrowing section of a choice ({} when it borrows nothing). */
export function borrowingOfChoice(bids: readonly ClusterBid[]): { borrowing?: Borrowing } {
  const models = new Map<string, { gpus: number; borrowingLimitGpus: number | null }>();
  for (const b of bids) {
    if (!b.option) continue;
    const name = `cohort-quota${b.option.variant.gpuModel ? ` (${b.option.variant.gpuModel})` : ""}`;
    for (const f of b.filters)
      if (f.filter === name)
        for (const r of f.reasons) {
          if (r.code !== "COHORT_BORROWING" || !r.subject) continue;
          const prev = models.get(r.subject);
          models.set(r.subject, { gpus: (prev?.gpus ?? 0) + (r.requested ?? 0), borrowingLimitGpus: r.limit ?? null });
        }
  }
  if (models.size === 0) return {};
  const list = [...models]
    .sort((a, b) => a[0].localeCompare(b[0]))
    .map(([gpuModel, m]) => ({ gpuModel, gpus: m.gpus, borrowingLimitGpus: m.borrowingLimitGpus }));
  return { borrowing: { gpus: list.reduce((s, m) => s + m.gpus, 0), models: list } };
}

/** GPUs a stored explanation says the job borrows (0 when it has no borrowing section). */
export function borrowedGpusOfExplanation(explanation: unknown): number {
  const b = (explanation as { borrowing?: { gpus?: unknown } } | null)?.borrowing;
  return typeof b?.gpus === "number" && Number.isFinite(b.gpus) ? b.gpus : 0;
}

/** "Runs on 2 GPUs borrowed ..." from the section's numbers. */
export function borrowingSentence(b: Borrowing): string {
  const parts = b.models.map(
    (m) => `${formatNumber(m.gpus)} ${m.gpuModel}${m.borrowingLimitGpus === null ? "" : ` of a borrowing limit of ${formatNumber(m.borrowingLimitGpus)}`}`,
  );
  return `Runs on borrowed quota: ${parts.join(", ")} GPUs above the tenant's nominal quota, lent from other tenants' idle quota; it may be preempted when a lender needs its quota back.`;
}
