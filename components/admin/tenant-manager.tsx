"use client";
// Tenants with their use of GPU quota and carbon budget this month; create a tenant, edit limits.
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { tenantCreateSchema, tenantFormSchema } from "@/server/schemas/tenant-form";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { formatCount } from "@/components/ui/format";
import { useTRPC } from "@/components/trpc/react";
import type { RouterOutputs } from "@/components/trpc/router-types";
import { clientErrors, FormActions, FormMessages, mergedErrors, num, numOrNull, str, StatusNote } from "./form-support";

/** One row of `tenants.list` as the server returns it. */
export type TenantRow = RouterOutputs["tenants"]["list"][number];

type State = Record<"slug" | "name" | "maxGpus" | "maxGpuHoursPerMonth" | "carbonBudgetKgPerMonth", string>;

function TenantForm({ editing, onDone }: { editing: TenantRow | null; onDone: (message: string) => void }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [form, setForm] = useState<State>(
    editing
      ? {
          slug: editing.slug,
          name: editing.name,
          maxGpus: str(editing.maxGpus),
          maxGpuHoursPerMonth: str(editing.maxGpuHoursPerMonth),
          carbonBudgetKgPerMonth: str(editing.carbonBudgetKgPerMonth),
        }
      : { slug: "", name: "", maxGpus: "", maxGpuHoursPerMonth: "", carbonBudgetKgPerMonth: "" },
  );
  const [client, setClient] = useState<Record<string, string>>({});
  const done = (t: { name: string }) => {
    router.refresh();
    onDone(`${t.name} ${editing ? "saved" : "created"}.`);
  };
  const create = useMutation(trpc.tenants.create.mutationOptions({ onSuccess: done }));
  const update = useMutation(trpc.tenants.update.mutationOptions({ onSuccess: done }));
  const mutation = editing ? update : create;
  const errors = mergedErrors(client, mutation.error);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const limits = {
      name: form.name,
      maxGpus: num(form.maxGpus),
      maxGpuHoursPerMonth: numOrNull(form.maxGpuHoursPerMonth),
      carbonBudgetKgPerMonth: numOrNull(form.carbonBudgetKgPerMonth),
    };
    const found = editing ? clientErrors(tenantFormSchema, limits) : clientErrors(tenantCreateSchema, { ...limits, slug: form.slug });
    setClient(found ?? {});
    if (found) return;
    if (editing) update.mutate({ id: editing.id, ...limits });
    else create.mutate({ ...limits, slug: form.slug });
  };
  const field = (key: keyof State, label: string, hint?: string, type = "number") => (
    <Field id={`tenant-${key}`} label={label} error={errors[key]} hint={hint}>
      <Input id={`tenant-${key}`} type={type} value={form[key]} onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.value }))} invalid={!!errors[key]} />
    </Field>
  );
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="tenant-form-title"
      className="flex flex-col gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="tenant-form-title" className="font-semibold">
        {editing ? `Edit ${editing.name}` : "New tenant"}
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        {!editing && field("slug", "Slug", "Lower-case id, e.g. delta-robotics.", "text")}
        {field("name", "Name", undefined, "text")}
        {field("maxGpus", "GPU quota (GPUs at once)", "Shares count fractionally.")}
        {field("maxGpuHoursPerMonth", "GPU-hours per month", "Empty = no limit.")}
        {field("carbonBudgetKgPerMonth", "Carbon budget (kg CO2e per month)", "Empty = no budget.")}
      </div>
      <FormMessages error={mutation.error} errors={errors} />
      <FormActions pending={mutation.isPending} editing={!!editing} saveLabel="Save tenant" createLabel="Create tenant" onCancel={() => onDone("")} />
    </form>
  );
}

const of = (used: string, limit: number | null, unit: string) => (limit === null ? `${used} ${unit} · no limit` : `${used} of ${formatCount(limit)} ${unit}`);

export function TenantManager({ tenants }: { tenants: TenantRow[] }) {
  const [editing, setEditing] = useState<TenantRow | null>(null);
  const [note, setNote] = useState("");
  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_26rem]">
      <div className="flex flex-col gap-3">
        <StatusNote>{note}</StatusNote>
        {tenants.length === 0 ? (
          <p className="rounded-lg bg-white p-6 text-slate-600 ring-1 ring-slate-200">No tenants yet. Create one with the form.</p>
        ) : (
          <div className="relative sm:overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
            <table className="table-cards min-w-full text-sm">
              <caption className="px-3 py-2 text-left text-slate-600">{tenants.length} tenants · usage this calendar month (UTC)</caption>
              <thead className="bg-slate-50 text-left text-xs uppercase text-slate-600">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Tenant
                  </th>
                  <th scope="col" className="px-3 py-2">
                    GPUs in use
                  </th>
                  <th scope="col" className="px-3 py-2">
                    GPU-hours
                  </th>
                  <th scope="col" className="px-3 py-2">
                    CO2e
                  </th>
                  <th scope="col" className="px-3 py-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {tenants.map((t) => (
                  <tr key={t.id} data-testid="tenant-row">
                    <td className="px-3 py-2">
                      <span className="font-medium">{t.name}</span>{" "}
                      <span className="text-slate-500">
                        · {t.slug} · {t.members} {t.members === 1 ? "member" : "members"}
                      </span>
                    </td>
                    <td className="px-3 py-2">{of(t.gpusInUse.toFixed(1), t.maxGpus, "GPUs")}</td>
                    <td className="px-3 py-2">{of(formatCount(Math.round(t.gpuHoursThisMonth)), t.maxGpuHoursPerMonth, "GPU-h")}</td>
                    <td className="px-3 py-2">{of(t.emissionsKgThisMonth.toFixed(1), t.carbonBudgetKgPerMonth, "kg")}</td>
                    <td className="px-3 py-2">
                      <Button
                        variant="secondary"
                        aria-label={`Edit ${t.name}`}
                        onClick={() => {
                          setNote("");
                          setEditing(t);
                        }}
                      >
                        Edit
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      <TenantForm
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
