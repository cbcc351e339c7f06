"use client";
// The "Connection" fieldset: the driver, and for Kubernetes the namespace prefix and the kubeconfig.
// The kubeconfig is write-only: the server says only whether one is stored; an empty box keeps it.
import { useWatch } from "react-hook-form";
import { Field, Input, Select, Textarea } from "@/components/ui/field";
import type { ClusterFormSectionProps } from "./cluster-form-types";

function KubernetesFields({ form, errors, kubeconfigSet }: ClusterFormSectionProps & { kubeconfigSet: boolean }) {
  return (
    <>
      <Field id="namespacePrefix" label="Namespace prefix" error={errors.namespacePrefix}>
        <Input id="namespacePrefix" {...form.register("namespacePrefix")} invalid={!!errors.namespacePrefix} />
      </Field>
      <div className="sm:col-span-2">
        <Field
          id="kubeconfig"
          label="Kubeconfig (YAML)"
          error={errors.kubeconfig}
          hint={
            kubeconfigSet
              ? "A kubeconfig is stored. Leave empty to keep it; paste a new one to replace it. It is never shown again."
              : "Stored on the server and never shown again."
          }
        >
          <Textarea
            id="kubeconfig"
            rows={6}
            {...form.register("kubeconfig")}
            invalid={!!errors.kubeconfig}
            placeholder={kubeconfigSet ? "•••• stored ••••" : "apiVersion: v1\nkind: Config\n…"}
            autoComplete="off"
            spellCheck={false}
          />
        </Field>
      </div>
    </>
  );
}

/** How the control loop reaches the cluster. */
export function ClusterConnectionFields({ form, errors, kubeconfigSet }: ClusterFormSectionProps & { kubeconfigSet: boolean }) {
  const driver = useWatch({ control: form.control, name: "driver" });
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 font-semibold">Connection</legend>
      <Field id="driver" label="Driver" hint="Simulated runs jobs in Verdant's simulator; Kubernetes creates batch Jobs on the cluster.">
        <Select id="driver" {...form.register("driver")}>
          <option value="SIMULATED">Simulated</option>
          <option value="KUBERNETES">Kubernetes</option>
        </Select>
      </Field>
      {driver === "KUBERNETES" && <KubernetesFields form={form} errors={errors} kubeconfigSet={kubeconfigSet} />}
      {driver === "SIMULATED" && kubeconfigSet && (
        <p className="text-sm text-amber-800 sm:col-span-2">Saving with the simulated driver deletes the stored kubeconfig.</p>
      )}
    </fieldset>
  );
}
