// The table of inter-cluster links: each link's figures, the slowdown a data-parallel split over it
// is predicted to cost (the engine's own model), and its Edit and Delete buttons.
import { predictSplitSlowdownPct } from "@/server/engine";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import type { ClusterLinkRow } from "./cluster-link-form";

const th = "px-3 py-2";
const pct = (v: number) => `${v.toFixed(2)} %`;

/** The links with their actions; Delete asks for confirmation first. */
export function ClusterLinkTable(props: {
  links: ClusterLinkRow[];
  deleting: boolean;
  onEdit: (link: ClusterLinkRow) => void;
  onDelete: (id: string) => void;
}) {
  const { links, deleting, onEdit, onDelete } = props;
  return (
    <div className="relative sm:overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
      <table className="table-cards min-w-full text-sm">
        <caption className="px-3 py-2 text-left text-slate-600">
          {links.length} links · predicted slowdown of a data-parallel split (pipeline-parallel jobs lose about 15 times less)
        </caption>
        <thead className="bg-slate-50 text-left text-xs uppercase text-slate-600">
          <tr>
            <th scope="col" className={th}>
              Clusters
            </th>
            <th scope="col" className={`${th} text-right`}>
              Route
            </th>
            <th scope="col" className={`${th} text-right`}>
              Bandwidth
            </th>
            <th scope="col" className={`${th} text-right`}>
              Latency
            </th>
            <th scope="col" className={`${th} text-right`}>
              Slowdown
            </th>
            <th scope="col" className={th}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {links.map((l) => (
            <tr key={l.id} data-testid="cluster-link-row">
              <td className={`${th} font-medium`}>
                {l.clusterAName} – {l.clusterBName}
              </td>
              <td className={`${th} text-right`}>{l.distanceKm} km</td>
              <td className={`${th} text-right`}>{l.bandwidthGbps.toLocaleString("en-US")} Gbit/s</td>
              <td className={`${th} text-right`}>{l.latencyMs} ms</td>
              <td className={`${th} text-right`}>
                {pct(
                  predictSplitSlowdownPct(
                    { a: l.clusterAId, b: l.clusterBId, distanceKm: l.distanceKm, bandwidthGbps: l.bandwidthGbps, latencyMs: l.latencyMs },
                    "data",
                  ),
                )}
              </td>
              <td className={`${th} whitespace-nowrap`}>
                <Button variant="secondary" className="mr-2" aria-label={`Edit ${l.clusterAName} - ${l.clusterBName}`} onClick={() => onEdit(l)}>
                  Edit
                </Button>
                <ConfirmButton
                  aria-label={`Delete ${l.clusterAName} - ${l.clusterBName}`}
                  disabled={deleting}
                  onConfirm={() => onDelete(l.id)}
                  title={`Delete the link ${l.clusterAName} - ${l.clusterBName}?`}
                  body="Jobs can no longer be split over it."
                  confirmLabel="Delete link"
                >
                  Delete
                </ConfirmButton>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
