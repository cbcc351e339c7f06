"use client";
// The GPU model catalog: a table with how many GPUs use each model, a form to add or edit one, and
// delete (the server refuses models in use and says how many GPUs use them).
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTRPC } from "@/components/trpc/react";
import { messageOf } from "@/components/trpc/errors";
import { GpuModelForm, type GpuModelRow } from "./gpu-model-form";
import { GpuModelTable } from "./gpu-model-table";
import { StatusNote } from "@/components/admin/form-support";

export type { GpuModelRow } from "./gpu-model-form";

/** The catalog with its add/edit form beside it. */
export function GpuModelManager({ models }: { models: GpuModelRow[] }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [editing, setEditing] = useState<GpuModelRow | null>(null);
  const [note, setNote] = useState("");
  const remove = useMutation(
    trpc.gpuModels.delete.mutationOptions({
      onSuccess: (r) => {
        setNote(`${r.id} deleted.`);
        router.refresh();
      },
    }),
  );
  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_26rem]">
      <div className="flex flex-col gap-3">
        <StatusNote>{note}</StatusNote>
        {remove.error && (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            {messageOf(remove.error)}
          </p>
        )}
        <GpuModelTable
          models={models}
          deleting={remove.isPending}
          onEdit={(m) => {
            setNote("");
            setEditing(m);
          }}
          onDelete={(m) => {
            setNote("");
            remove.mutate({ id: m.id });
          }}
        />
      </div>
      <GpuModelForm
        key={editing?.id ?? "new"}
        editing={editing}
        onDone={(message) => {
          setNote(message);
          setEditing(null);
        }}
      />
    </div>
  );
}
