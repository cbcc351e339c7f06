"use client";
// Create or edit a cluster and how the control loop reaches it. The kubeconfig is write-only: the
// server says only whether one is stored; leaving the box empty keeps it.
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { clusterFormSchema, editableClusterStatuses, type ClusterFormInput } from "@/server/schemas/cluster-form";
import { Button } from "@/components/ui/button";
import { Field, Input, Select, Textarea } from "@/components/ui/field";
import { useTRPC } from "@/components/trpc/react";
import { clientErrors, FormMessages, mergedErrors, num, str } from "./form-support";

type State = Record<"name" | "region" | "locationName" | "latitude" | "longitude" | "gridZoneId" | "pue" | "kubeconfig" | "namespacePrefix", string> &
  Pick<ClusterFormInput, "tier" | "status" | "driver">;

export interface ClusterFormProps {
  zones: { id: string; name: string }[];
  /** Absent = create. */
  existing?: {
    id: string;
    values: Omit<ClusterFormInput, "kubeconfig" | "status"> & { status: ClusterFormInput["status"] | "RETIRED" };
    kubeconfigSet: boolean;
  };
}

export function ClusterForm({ zones, existing }: ClusterFormProps) {
  const trpc = useTRPC();
  const router = useRouter();
  const v = existing?.values;
  const [form, setForm] = useState<State>({
    name: v?.name ?? "",
    region: v?.region ?? "",
    locationName: v?.locationName ?? "",
    latitude: str(v?.latitude),
    longitude: str(v?.longitude),
    gridZoneId: v?.gridZoneId ?? zones[0]?.id ?? "",
    tier: v?.tier ?? "REGIONAL",
    pue: str(v?.pue ?? 1.2),
    status: v?.status === "RETIRED" ? "ACTIVE" : (v?.status ?? "ACTIVE"),
    driver: v?.driver ?? "SIMULATED",
    kubeconfig: "",
    namespacePrefix: v?.namespacePrefix ?? "verdant-",
  });
  const [client, setClient] = useState<Record<string, string>>({});
  const create = useMutation(trpc.clusterAdmin.create.mutationOptions({ onSuccess: (c) => router.push(`/admin/clusters/${c.id}?created=1`) }));
  const update = useMutation(
    trpc.clusterAdmin.update.mutationOptions({
      onSuccess: () => {
        setForm((f) => ({ ...f, kubeconfig: "" }));
        router.refresh();
      },
    }),
  );
  const mutation = existing ? update : create;
  const errors = mergedErrors(client, mutation.error);
  const set = <K extends keyof State>(key: K, value: State[K]) => setForm((f) => ({ ...f, [key]: value }));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const input = { ...form, latitude: num(form.latitude), longitude: num(form.longitude), pue: num(form.pue) };
    const found = clientErrors(clusterFormSchema, input);
    setClient(found ?? {});
    if (found) return;
    if (existing) update.mutate({ id: existing.id, ...input });
    else create.mutate(input);
  };

  const text = (key: "name" | "region" | "locationName" | "namespacePrefix", label: string, hint?: string) => (
    <Field id={key} label={label} error={errors[key]} hint={hint}>
      <Input id={key} value={form[key]} onChange={(e) => set(key, e.target.value)} invalid={!!errors[key]} />
    </Field>
  );
  const number = (key: "latitude" | "longitude" | "pue", label: string, step: string) => (
    <Field id={key} label={label} error={errors[key]}>
      <Input id={key} type="number" step={step} value={form[key]} onChange={(e) => set(key, e.target.value)} invalid={!!errors[key]} />
    </Field>
  );

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-5 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      aria-label={existing ? "Edit cluster" : "New cluster"}
    >
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 font-semibold">Cluster</legend>
        {text("name", "Name", "Lower-case, e.g. yul-edge-1.")}
        {text("region", "Region", "Used by tenants' region limits, e.g. na-east.")}
        {text("locationName", "Location")}
        <Field id="gridZoneId" label="Grid zone" error={errors.gridZoneId} hint="Its carbon intensity prices every job placed here.">
          <Select id="gridZoneId" value={form.gridZoneId} onChange={(e) => set("gridZoneId", e.target.value)} invalid={!!errors.gridZoneId}>
            {zones.map((z) => (
              <option key={z.id} value={z.id}>
                {z.id} — {z.name}
              </option>
            ))}
          </Select>
        </Field>
        {number("latitude", "Latitude (°)", "0.01")}
        {number("longitude", "Longitude (°)", "0.01")}
        <Field id="tier" label="Tier">
          <Select id="tier" value={form.tier} onChange={(e) => set("tier", e.target.value as State["tier"])}>
            <option value="HUB">Hub</option>
            <option value="REGIONAL">Regional</option>
            <option value="EDGE">Edge</option>
          </Select>
        </Field>
        {number("pue", "PUE (facility ÷ IT energy)", "0.01")}
        <Field id="status" label="Status" error={errors.status} hint="Draining and maintenance take no new jobs; running jobs finish.">
          <Select id="status" value={form.status} onChange={(e) => set("status", e.target.value as State["status"])}>
            {editableClusterStatuses.map((s) => (
              <option key={s} value={s}>
                {s.charAt(0) + s.slice(1).toLowerCase()}
              </option>
            ))}
          </Select>
        </Field>
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 font-semibold">Connection</legend>
        <Field id="driver" label="Driver" hint="Simulated runs jobs in Verdant's simulator; Kubernetes creates batch Jobs on the cluster.">
          <Select id="driver" value={form.driver} onChange={(e) => set("driver", e.target.value as State["driver"])}>
            <option value="SIMULATED">Simulated</option>
            <option value="KUBERNETES">Kubernetes</option>
          </Select>
        </Field>
        {form.driver === "KUBERNETES" && text("namespacePrefix", "Namespace prefix")}
        {form.driver === "KUBERNETES" && (
          <div className="sm:col-span-2">
            <Field
              id="kubeconfig"
              label="Kubeconfig (YAML)"
              error={errors.kubeconfig}
              hint={
                existing?.kubeconfigSet
                  ? "A kubeconfig is stored. Leave empty to keep it; paste a new one to replace it. It is never shown again."
                  : "Stored on the server and never shown again."
              }
            >
              <Textarea
                id="kubeconfig"
                rows={6}
                value={form.kubeconfig}
                onChange={(e) => set("kubeconfig", e.target.value)}
                invalid={!!errors.kubeconfig}
                placeholder={existing?.kubeconfigSet ? "•••• stored ••••" : "apiVersion: v1\nkind: Config\n…"}
                autoComplete="off"
                spellCheck={false}
              />
            </Field>
          </div>
        )}
        {form.driver === "SIMULATED" && existing?.kubeconfigSet && (
          <p className="text-sm text-amber-800 sm:col-span-2">Saving with the simulated driver deletes the stored kubeconfig.</p>
        )}
      </fieldset>
      <FormMessages
        error={mutation.error}
        errors={errors}
        success={existing && update.isSuccess ? "Saved. The scheduler uses the new settings from its next cycle." : undefined}
      />
      <div className="flex gap-3">
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? "Saving…" : existing ? "Save cluster" : "Create cluster"}
        </Button>
      </div>
    </form>
  );
}
