"use client";
// The inter-cluster links a gang may be split across: each with its figures and the slowdown a
// data-parallel split over it is predicted to cost (the engine's own model), edit and delete.
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTRPC } from "@/components/trpc/react";
import { messageOf } from "@/components/trpc/errors";
import { ClusterLinkForm, type ClusterLinkRow, type LinkableCluster } from "./cluster-link-form";
import { ClusterLinkTable } from "./cluster-link-table";
import { StatusNote } from "@/components/admin/form-support";

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
        <StatusNote>{note}</StatusNote>
        {remove.error && (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            {messageOf(remove.error)}
          </p>
        )}
        {links.length === 0 ? (
          <p className="rounded-lg bg-white p-6 text-slate-600 ring-1 ring-slate-200">No links: no job can be split across clusters. Add one with the form.</p>
        ) : (
          <ClusterLinkTable links={links} deleting={remove.isPending} onEdit={setEditing} onDelete={(id) => remove.mutate({ id })} />
        )}
      </div>
      <ClusterLinkForm key={editing?.id ?? "new"} clusters={clusters} editing={editing} onDone={finish} />
    </div>
  );
}
