"use client";
// The inter-cluster links a gang may be split across: each with its figures and the slowdown a
// data-parallel split over it is predicted to cost (the engine's own model), edit and delete.
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { predictSplitSlowdownPct } from "@/server/engine";
import { Button } from "@/components/ui/button";
import { useTRPC } from "@/components/trpc/react";
import { messageOf } from "@/components/trpc/errors";
import { ClusterLinkForm, type ClusterLinkRow, type LinkableCluster } from "./cluster-link-form";

const th = "px-3 py-2";
const pct = (v: number) => `${v.toFixed(2)} %`;

/** The link table with the add/edit form beside it. */
export function ClusterLinkManager({ links, clusters }: { links: ClusterLinkRow[]; clusters: LinkableCluster[] }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [editing, setEditing] = useState<ClusterLinkRow | null>(null);
  const [note, setNote] = useState("");
  const remove = useMutation(
    trpc.clusterLinks.delete.mutationOptions({
      onSuccess: () => {
        setNote("Link deleted.");
        router.refresh();
      },
    }),
  );
  const finish = (message: string) => {
    setEditing(null);
    setNote(message);
  };
  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_26rem]">
      <div className="flex flex-col gap-3">
        {note && (
          <p role="status" className="rounded-md bg-leaf-50 p-3 text-sm text-leaf-900">
            {note}
          </p>
        )}
        {remove.error && (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            {messageOf(remove.error)}
          </p>
        )}
        {links.length === 0 ? (
          <p className="rounded-lg bg-white p-6 text-slate-600 ring-1 ring-slate-200">No links: no job can be split across clusters. Add one with the form.</p>
        ) : (
          <div className="relative overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
            <table className="min-w-full text-sm">
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
                      <Button variant="secondary" className="mr-2" aria-label={`Edit ${l.clusterAName} - ${l.clusterBName}`} onClick={() => setEditing(l)}>
                        Edit
                      </Button>
                      <Button
                        variant="secondary"
                        aria-label={`Delete ${l.clusterAName} - ${l.clusterBName}`}
                        disabled={remove.isPending}
                        onClick={() => {
                          if (window.confirm(`Delete the link ${l.clusterAName} - ${l.clusterBName}? Jobs can no longer be split over it.`))
                            remove.mutate({ id: l.id });
                        }}
                      >
                        Delete
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      <ClusterLinkForm key={editing?.id ?? "new"} clusters={clusters} editing={editing} onDone={finish} />
    </div>
  );
}
