"use client";
// Adds or edits one inter-cluster link. react-hook-form holds the inputs and checks them with the
// server's own zod schema (same messages); the server adds the checks that need the clusters'
// coordinates (the route at least the great-circle distance, the latency at least light's).
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { clusterLinkFormSchema, type ClusterLinkForm as LinkInput } from "@/server/schemas/cluster-link-form";
import { Field, Input, Select } from "@/components/ui/field";
import { useTRPC } from "@/components/trpc/react";
import type { RouterOutputs } from "@/components/trpc/router-types";
import { FormActions, FormMessages, mergedErrors } from "./form-support";

/** One row of `clusterLinks.list`. */
export type ClusterLinkRow = RouterOutputs["clusterLinks"]["list"][number];
/** A cluster the form may link. */
export interface LinkableCluster {
  readonly id: string;
  readonly name: string;
}

const NUMBER_FIELDS = [
  { key: "distanceKm", label: "Route length (km)", step: "1", hint: "Fibre route, at least the distance as the crow flies." },
  { key: "bandwidthGbps", label: "Bandwidth (Gbit/s)", step: "100", hint: "Usable capacity between the sites, e.g. 12800 for 32 x 400G." },
  { key: "latencyMs", label: "One-way latency (ms)", step: "0.1", hint: "Measured; about 1 ms per 200 km of fibre." },
] as const;

/** The link form; `editing` null adds a new link. Calls `onDone` with a note after saving or on cancel. */
export function ClusterLinkForm({
  clusters,
  editing,
  onDone,
}: {
  clusters: readonly LinkableCluster[];
  editing: ClusterLinkRow | null;
  onDone: (note: string) => void;
}) {
  const trpc = useTRPC();
  const router = useRouter();
  const form = useForm<LinkInput>({
    resolver: zodResolver(clusterLinkFormSchema),
    defaultValues: editing
      ? {
          id: editing.id,
          clusterAId: editing.clusterAId,
          clusterBId: editing.clusterBId,
          distanceKm: editing.distanceKm,
          bandwidthGbps: editing.bandwidthGbps,
          latencyMs: editing.latencyMs,
        }
      : { clusterAId: "", clusterBId: "" },
  });
  const nameOf = (id: string) => clusters.find((c) => c.id === id)?.name ?? id;
  const done = (verb: string) => (l: { clusterAId: string; clusterBId: string }) => {
    router.refresh();
    onDone(`Link ${nameOf(l.clusterAId)} - ${nameOf(l.clusterBId)} ${verb}.`);
  };
  const create = useMutation(trpc.clusterLinks.create.mutationOptions({ onSuccess: done("added") }));
  const update = useMutation(trpc.clusterLinks.update.mutationOptions({ onSuccess: done("saved") }));
  const mutation = editing ? update : create;
  const client = Object.fromEntries(Object.entries(form.formState.errors).flatMap(([field, error]) => (error?.message ? [[field, error.message]] : [])));
  const errors = mergedErrors(client, mutation.error);
  const onSubmit = form.handleSubmit((input) => mutation.mutate(input));
  const clusterSelect = (key: "clusterAId" | "clusterBId", label: string) => (
    <Field id={`link-${key}`} label={label} error={errors[key]}>
      <Select id={`link-${key}`} {...form.register(key)} invalid={!!errors[key]}>
        <option value="">Choose a cluster</option>
        {clusters.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </Select>
    </Field>
  );
  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-labelledby="link-form-title"
      className="flex flex-col gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="link-form-title" className="font-semibold">
        {editing ? `Edit ${editing.clusterAName} - ${editing.clusterBName}` : "New link"}
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        {clusterSelect("clusterAId", "First cluster")}
        {clusterSelect("clusterBId", "Second cluster")}
        {NUMBER_FIELDS.map((f) => (
          <Field key={f.key} id={`link-${f.key}`} label={f.label} error={errors[f.key]} hint={f.hint}>
            {/* valueAsNumber: a blank field is NaN, which the schema names instead of reading 0. */}
            <Input id={`link-${f.key}`} type="number" step={f.step} {...form.register(f.key, { valueAsNumber: true })} invalid={!!errors[f.key]} />
          </Field>
        ))}
      </div>
      <FormMessages error={mutation.error} errors={errors} />
      <FormActions pending={mutation.isPending} editing={!!editing} saveLabel="Save link" createLabel="Add link" onCancel={() => onDone("")} />
    </form>
  );
}
