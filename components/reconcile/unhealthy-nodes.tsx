// The nodes that are not READY, with the reason their cluster gave and since when.
import Link from "next/link";
import type { ReconcileOverview } from "@/server/services/reconcile-service";
import { Timestamp } from "@/components/time/timestamp";
import { labelOf, NODE_STATUS_LABELS } from "./drift-labels";

/** Nodes not READY: cluster, node, status, reason and since. */
export function UnhealthyNodes({ nodes }: { nodes: ReconcileOverview["unhealthyNodes"] }) {
  if (nodes.length === 0) return <p className="rounded-lg bg-white p-6 text-slate-600 ring-1 ring-slate-200">Every node is ready.</p>;
  return (
    <div className="relative sm:overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
      <table className="table-cards min-w-full text-sm">
        <caption className="px-3 py-2 text-left text-sm text-slate-600">{nodes.length} nodes not ready</caption>
        <thead className="bg-slate-50 text-left text-xs uppercase text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2">
              Cluster
            </th>
            <th scope="col" className="px-3 py-2">
              Node
            </th>
            <th scope="col" className="px-3 py-2">
              Status
            </th>
            <th scope="col" className="px-3 py-2">
              Reason
            </th>
            <th scope="col" className="px-3 py-2">
              Since
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {nodes.map((n) => (
            <tr key={n.id}>
              <td className="px-3 py-2">
                <Link className="text-leaf-700 underline" href={`/operator/clusters/${n.clusterId}`}>
                  {n.clusterName}
                </Link>
              </td>
              <td className="px-3 py-2 font-mono text-xs">{n.name}</td>
              <td className="px-3 py-2">{labelOf(NODE_STATUS_LABELS, n.status)}</td>
              <td className="px-3 py-2 text-slate-700">{n.reason ?? "—"}</td>
              <td className="whitespace-nowrap px-3 py-2">
                <Timestamp value={n.since} compact />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
