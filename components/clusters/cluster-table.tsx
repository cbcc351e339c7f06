import Link from "next/link";
import type { ClusterListRow } from "@/server/services/cluster-service";
import { InfoTip } from "@/components/ui/info-tip";
import { LocalTime } from "@/components/ui/local-time";
import { StatusBadge } from "@/components/ui/status-badge";
import { formatCount, formatPercent } from "@/components/ui/format";

/** The fleet's clusters with zone, tier, PUE, GPUs by model, allocation and fragmentation. */
export function ClusterTable({
  clusters,
  editHref,
}: {
  clusters: ClusterListRow[];
  /** Admins: where each row's "Edit" link goes. */ editHref?: (id: string) => string;
}) {
  if (clusters.length === 0) return <p className="rounded-lg bg-white p-6 text-slate-600 ring-1 ring-slate-200">No clusters yet.</p>;
  // Totals count the fleet in service: a retired cluster stays listed (its history) but holds no capacity.
  const inService = clusters.filter((c) => c.status !== "RETIRED");
  const retired = clusters.length - inService.length;
  const totalGpus = inService.reduce((s, c) => s + c.gpus, 0);
  return (
    <div className="relative overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
      <table className="min-w-full text-sm">
        <caption className="px-3 py-2 text-left text-sm text-slate-600">
          {inService.length} clusters · {formatCount(totalGpus)} GPUs{retired > 0 && ` · ${retired} retired, not counted`}
        </caption>
        <thead className="bg-slate-50 text-left text-xs uppercase text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2">
              Cluster
            </th>
            <th scope="col" className="px-3 py-2">
              Status
            </th>
            <th scope="col" className="px-3 py-2">
              Region · location
            </th>
            <th scope="col" className="px-3 py-2">
              Grid zone
            </th>
            <th scope="col" className="px-3 py-2">
              Tier
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              PUE
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Nodes
            </th>
            <th scope="col" className="px-3 py-2">
              GPUs by model
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              GPU allocation
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              <InfoTip tip="GFR: share of GPU nodes partly allocated whose free whole GPUs cannot host the most common multi-GPU request. FGD rate: share of idle GPU capacity that the typical jobs (the target workload) cannot use.">
                Fragmentation
              </InfoTip>
            </th>
            {editHref && (
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {clusters.map((c) => (
            <tr key={c.id} data-testid="cluster-row">
              <td className="px-3 py-2 font-medium whitespace-nowrap">
                <Link className="text-leaf-700 underline" href={`/operator/clusters/${c.id}`}>
                  {c.name}
                </Link>
              </td>
              <td className="px-3 py-2">
                <StatusBadge status={c.status} />
                {c.unreachable && (
                  <span className="mt-1 block text-xs text-red-800" data-testid="cluster-unreachable">
                    <StatusBadge status="UNREACHABLE" /> since <LocalTime value={c.unreachable.since} />: {c.unreachable.reason ?? "no answer"}
                  </span>
                )}
              </td>
              <td className="px-3 py-2">
                {c.region} · {c.locationName}
              </td>
              <td className="px-3 py-2">
                {c.gridZoneId} <span className="text-slate-500">({c.gridZoneName})</span>
              </td>
              <td className="px-3 py-2">{c.tier.toLowerCase()}</td>
              <td className="px-3 py-2 text-right">{c.pue.toFixed(2)}</td>
              <td className="px-3 py-2 text-right">{formatCount(c.nodes)}</td>
              <td className="px-3 py-2">
                <span className="font-semibold">{formatCount(c.gpus)}</span>
                <span className="text-slate-500"> · {c.gpusByModel.map((m) => `${m.model} ${m.gpus}`).join(", ")}</span>
              </td>
              <td className="px-3 py-2 text-right">{c.gpus ? formatPercent(c.allocatedGpuMilli / (c.gpus * 1000)) : "—"}</td>
              <td className="px-3 py-2 text-right whitespace-nowrap" data-testid="cluster-fragmentation">
                {c.fragmentation ? (
                  <>
                    <span className="font-semibold">GFR {formatPercent(c.fragmentation.gfr)}</span>
                    <span className="block text-xs text-slate-600">FGD {formatPercent(c.fragmentation.fgdRate)} of idle</span>
                  </>
                ) : (
                  "—"
                )}
              </td>
              {editHref && (
                <td className="px-3 py-2">
                  <Link className="text-leaf-700 underline" href={editHref(c.id)} aria-label={`Edit ${c.name}`}>
                    Edit
                  </Link>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
