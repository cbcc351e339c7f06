"use client";
// Create or edit a cluster and how the control loop reaches it. react-hook-form holds the inputs
// and checks them with the server's own schema (same messages); server errors show beside their
// fields. The kubeconfig is write-only: the server says only whether one is stored; leaving the box
// empty keeps it.
import { useMutation } from "@tanstack/react-query";
import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useForm, type DefaultValues } from "react-hook-form";
import { clusterFormSchema, type ClusterForm as ClusterFormOutput, type ClusterFormInput } from "@/server/schemas/cluster-form";
import { Button } from "@/components/ui/button";
import { useTRPC } from "@/components/trpc/react";
import { fieldErrorMessages } from "@/components/forms/field-error-messages";
import type { ClusterFormApi } from "./cluster-form-types";
import { ClusterConnectionFields } from "./cluster-connection-fields";
import { ClusterDetailsFields } from "./cluster-details-fields";
import { FormMessages, mergedErrors } from "./form-support";

export interface ClusterFormProps {
  zones: { id: string; name: string }[];
  /** Absent = create. */
  existing?: {
    id: string;
    values: Omit<ClusterFormInput, "kubeconfig" | "status"> & { status: ClusterFormInput["status"] | "RETIRED" };
    kubeconfigSet: boolean;
  };
}

/** The form's starting values: the cluster's own, or a new regional, active, simulated cluster. */
function initialValues(zones: ClusterFormProps["zones"], v: NonNullable<ClusterFormProps["existing"]>["values"] | undefined): DefaultValues<ClusterFormInput> {
  return {
    name: v?.name ?? "",
    region: v?.region ?? "",
    locationName: v?.locationName ?? "",
    // Blank until typed: the schema then names the missing coordinate.
    latitude: v?.latitude,
    longitude: v?.longitude,
    gridZoneId: v?.gridZoneId ?? zones[0]?.id ?? "",
    tier: v?.tier ?? "REGIONAL",
    pue: v?.pue ?? 1.2,
    status: v?.status === "RETIRED" ? "ACTIVE" : (v?.status ?? "ACTIVE"),
    driver: v?.driver ?? "SIMULATED",
    kubeconfig: "",
    namespacePrefix: v?.namespacePrefix ?? "verdant-",
  };
}

/** Creates a cluster, or edits `existing`. */
export function ClusterForm({ zones, existing }: ClusterFormProps) {
  const trpc = useTRPC();
  const router = useRouter();
  const form: ClusterFormApi = useForm<ClusterFormInput, unknown, ClusterFormOutput>({
    resolver: zodResolver(clusterFormSchema),
    defaultValues: initialValues(zones, existing?.values),
  });
  const create = useMutation(trpc.clusterAdmin.create.mutationOptions({ onSuccess: (c) => router.push(`/admin/clusters/${c.id}?created=1`) }));
  const update = useMutation(
    trpc.clusterAdmin.update.mutationOptions({
      onSuccess: () => {
        form.setValue("kubeconfig", "");
        router.refresh();
      },
    }),
  );
  const mutation = existing ? update : create;
  const errors = mergedErrors(fieldErrorMessages(form.formState.errors), mutation.error);
  // Runs only once the schema accepts the input; a refused input shows its messages instead.
  const onSubmit = form.handleSubmit((input) => (existing ? update.mutate({ id: existing.id, ...input }) : create.mutate(input)));

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      className="grid gap-5 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      aria-label={existing ? "Edit cluster" : "New cluster"}
    >
      <ClusterDetailsFields form={form} errors={errors} zones={zones} retired={existing?.values.status === "RETIRED"} />
      <ClusterConnectionFields form={form} errors={errors} kubeconfigSet={!!existing?.kubeconfigSet} />
      <FormMessages
        error={mutation.error}
        errors={errors}
        success={
          existing && update.isSuccess
            ? `Saved. The scheduler uses the new settings from its next cycle.${update.data?.inventoryImport === "started" ? " The cluster's nodes are being imported again through the new kubeconfig: the cluster page shows the import and any drift." : ""}`
            : undefined
        }
      />
      <div className="flex gap-3">
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? "Saving…" : existing ? "Save cluster" : "Create cluster"}
        </Button>
      </div>
    </form>
  );
}
