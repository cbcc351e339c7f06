// The newest drifts between the clusters and the database, with what was done about each.
import Link from "next/link";
import type { ReconcileOverview } from "@/server/services/reconcile-service";
import { Timestamp } from "@/components/time/timestamp";
import { DRIFT_ACTION_LABELS, DRIFT_KIND_LABELS, labelOf } from "./drift-labels";

/** Recent drifts, newest first: time, cluster, job, kind, action and detail. */
export function DriftTable({ drifts }: { drifts: ReconcileOverview["drifts"] }) {
  if (drifts.length === 0)
    return <p className="rounded-lg bg-white p-6 text-slate-600 ring-1 ring-slate-200">No drift found: the clusters run what the database says.</p>;
  return (
    <div className="relative sm:overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
      <table className="table-cards min-w-full text-sm">
        <caption className="px-3 py-2 text-left text-sm text-slate-600">The {drifts.length} newest drifts</caption>
        <thead className="bg-slate-50 text-left text-xs uppercase text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2">
              Detected
            </th>
            <th scope="col" className="px-3 py-2">
              Cluster
            </th>
            <th scope="col" className="px-3 py-2">
              Job
            </th>
            <th scope="col" className="px-3 py-2">
              Kind
            </th>
            <th scope="col" className="px-3 py-2">
              Action
            </th>
            <th scope="col" className="px-3 py-2">
              Detail
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {drifts.map((d) => (
            <tr key={d.id}>
              <td className="whitespace-nowrap px-3 py-2">
                <Timestamp value={d.detectedAt} compact />
              </td>
              <td className="px-3 py-2">
                <Link className="text-leaf-700 underline" href={`/operator/clusters/${d.clusterId}`}>
                  {d.clusterName}
                </Link>
              </td>
              <td className="px-3 py-2 font-mono text-xs">{d.jobId ?? "—"}</td>
              <td className="px-3 py-2">{labelOf(DRIFT_KIND_LABELS, d.kind)}</td>
              <td className={`px-3 py-2 ${d.resolvedAt ? "" : "text-amber-800"}`}>{labelOf(DRIFT_ACTION_LABELS, d.action)}</td>
              <td className="px-3 py-2 text-slate-700">{d.detail}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
