// Drift counts by kind, as small tiles.
import type { ReconcileOverview } from "@/server/services/reconcile-service";
import { formatCount } from "@/components/ui/format";
import { DRIFT_KIND_LABELS, labelOf } from "./drift-labels";

const KINDS = ["node-lost", "missing-on-cluster", "unknown-on-cluster", "phase-mismatch"];

/** One tile per drift kind (all time), zero included so the absence of drift is visible too. */
export function DriftCounts({ byKind }: { byKind: ReconcileOverview["byKind"] }) {
  const counts = new Map(byKind.map((k) => [k.kind, k.count]));
  const kinds = [...KINDS, ...byKind.map((k) => k.kind).filter((k) => !KINDS.includes(k))];
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Drifts by kind">
      {kinds.map((kind) => (
        <li key={kind} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <p className="text-xs uppercase text-slate-600">{labelOf(DRIFT_KIND_LABELS, kind)}</p>
          <p className="text-2xl font-semibold" data-testid={`drift-count-${kind}`}>
            {formatCount(counts.get(kind) ?? 0)}
          </p>
        </li>
      ))}
    </ul>
  );
}
