import type { ClusterListRow } from "@/server/services/cluster-service";
import { InfoTip } from "@/components/ui/info-tip";
import { formatCount } from "@/components/ui/format";
import { ClusterRow } from "./cluster-row";

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
    <div className="relative sm:overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
      <table className="table-cards min-w-full text-sm">
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
            <ClusterRow key={c.id} c={c} editHref={editHref} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
