// The cluster's nodes that are not READY, as the control loop last read their health: lost nodes
// (their jobs were queued again from their checkpoints), GPU errors and cordons, with the reason.
import { Timestamp } from "@/components/time/timestamp";
import { labelOf, NODE_STATUS_LABELS } from "@/components/reconcile/drift-labels";

interface HealthNode {
  id: string;
  name: string;
  status: string;
  healthReason: string | null;
  healthChangedAt: Date | null;
}

/** Node health of one cluster: a line per node not READY, or a note that every node is. */
export function NodeHealth({ nodes }: { nodes: HealthNode[] }) {
  const unhealthy = nodes.filter((n) => n.status !== "READY");
  return (
    <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby="node-health-title" data-testid="node-health">
      <h2 id="node-health-title" className="mb-3 text-lg font-semibold">
        Node health
      </h2>
      {unhealthy.length === 0 ? (
        <p className="text-sm text-slate-600">All {nodes.length} nodes are ready.</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {unhealthy.map((n) => (
            <li key={n.id} className="flex flex-wrap gap-x-3 py-2">
              <span className="font-mono text-xs">{n.name}</span>
              <span className="font-medium text-amber-800">{labelOf(NODE_STATUS_LABELS, n.status)}</span>
              <span className="text-slate-700">{n.healthReason ?? "no reason reported"}</span>
              <span className="text-slate-500">
                since <Timestamp value={n.healthChangedAt} />
              </span>
            </li>
          ))}
        </ul>
      )}
      {unhealthy.length > 0 && (
        <p className="mt-2 text-xs text-slate-600">
          Not-ready nodes take no new work; jobs on a lost node or one with GPU errors are queued again from their checkpoints.
        </p>
      )}
    </section>
  );
}
