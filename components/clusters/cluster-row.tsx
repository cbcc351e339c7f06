// One row of the clusters table: status (and why it is unreachable), location, zone, capacity,
// allocation and fragmentation, and the admin's edit link.
import Link from "next/link";
import type { ClusterListRow } from "@/server/services/cluster-service";
import { Timestamp } from "@/components/time/timestamp";
import { StatusBadge } from "@/components/ui/status-badge";
import { formatCount, formatPercent } from "@/components/ui/format";

/** A cluster's row; `editHref` adds the admin's Edit link. */
export function ClusterRow({ c, editHref }: { c: ClusterListRow; editHref?: (id: string) => string }) {
  return (
    <tr data-testid="cluster-row">
      <td className="px-3 py-2 font-medium whitespace-nowrap">
        <Link className="text-leaf-700 underline" href={`/operator/clusters/${c.id}`}>
          {c.name}
        </Link>
      </td>
      <td className="px-3 py-2">
        <StatusBadge status={c.status} />
        {c.unreachable && (
          <span className="mt-1 block text-xs text-red-800" data-testid="cluster-unreachable">
            <StatusBadge status="UNREACHABLE" /> since <Timestamp value={c.unreachable.since} />: {c.unreachable.reason ?? "no answer"}
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
  );
}
