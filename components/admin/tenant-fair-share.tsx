"use client";
// Fair share per tenant: its weight in the queue order and its per-model cohort quotas (nominal GPUs,
// borrowing and lending limits), with what it holds and borrows now. Saving replaces the tenant's rows.
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { tenantFairShareSchema } from "@/server/schemas/tenant-fair-share-form";
import { Button } from "@/components/ui/button";
import { Field, Input, Select } from "@/components/ui/field";
import { useTRPC } from "@/components/trpc/react";
import type { RouterOutputs } from "@/components/trpc/router-types";
import { clientErrors, FormMessages, mergedErrors, num, numOrNull, str, StatusNote } from "./form-support";

/** `tenants.fairShare` as the server returns it. */
export type FairShareView = RouterOutputs["tenants"]["fairShare"];
type TenantFairShareRow = FairShareView["tenants"][number];
type Row = { gpuModelId: string; nominalGpus: string; borrowingLimitGpus: string; lendingLimitGpus: string };

const gpus = (v: number) => v.toLocaleString("en-US", { maximumFractionDigits: 2 });

function FairShareForm({ tenant, models, onDone }: { tenant: TenantFairShareRow; models: string[]; onDone: (message: string) => void }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [weight, setWeight] = useState(str(tenant.fairShareWeight));
  const [rows, setRows] = useState<Row[]>(
    tenant.modelQuotas.map((q) => ({
      gpuModelId: q.gpuModelId,
      nominalGpus: str(q.nominalGpus),
      borrowingLimitGpus: str(q.borrowingLimitGpus),
      lendingLimitGpus: str(q.lendingLimitGpus),
    })),
  );
  const [client, setClient] = useState<Record<string, string>>({});
  const save = useMutation(
    trpc.tenants.setFairShare.mutationOptions({
      onSuccess: (t) => {
        router.refresh();
        onDone(`Fair share of ${t.name} saved.`);
      },
    }),
  );
  const errors = mergedErrors(client, save.error);
  const set = (i: number, key: keyof Row, value: string) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, [key]: value } : r)));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const input = {
      tenantId: tenant.id,
      fairShareWeight: num(weight),
      modelQuotas: rows.map((r) => ({
        gpuModelId: r.gpuModelId,
        nominalGpus: num(r.nominalGpus),
        borrowingLimitGpus: numOrNull(r.borrowingLimitGpus),
        lendingLimitGpus: numOrNull(r.lendingLimitGpus),
      })),
    };
    const found = clientErrors(tenantFairShareSchema, input);
    setClient(found ?? {});
    if (!found) save.mutate(input);
  };
  const unused = models.filter((m) => !rows.some((r) => r.gpuModelId === m));
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="fair-share-title"
      className="flex flex-col gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="fair-share-title" className="font-semibold">
        Fair share of {tenant.name}
      </h2>
      <Field
        id="fair-share-weight"
        label="Fair-share weight"
        error={errors.fairShareWeight}
        hint="Weight 2 receives twice the GPU-hours of weight 1 when the fleet is contended."
      >
        <Input id="fair-share-weight" type="number" step="0.1" value={weight} onChange={(e) => setWeight(e.target.value)} invalid={!!errors.fairShareWeight} />
      </Field>
      {rows.map((r, i) => (
        <fieldset key={i} className="grid gap-3 rounded-lg p-3 ring-1 ring-slate-200 sm:grid-cols-2" data-testid="model-quota-row">
          <legend className="px-1 text-sm font-medium">GPU model quota {i + 1}</legend>
          <Field id={`mq-${i}-model`} label="GPU model" error={errors[`modelQuotas.${i}.gpuModelId`]}>
            <Select
              id={`mq-${i}-model`}
              value={r.gpuModelId}
              onChange={(e) => set(i, "gpuModelId", e.target.value)}
              invalid={!!errors[`modelQuotas.${i}.gpuModelId`]}
            >
              {[r.gpuModelId, ...unused].map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </Select>
          </Field>
          <Field id={`mq-${i}-nominal`} label="Nominal GPUs" error={errors[`modelQuotas.${i}.nominalGpus`]}>
            <Input
              id={`mq-${i}-nominal`}
              type="number"
              value={r.nominalGpus}
              onChange={(e) => set(i, "nominalGpus", e.target.value)}
              invalid={!!errors[`modelQuotas.${i}.nominalGpus`]}
            />
          </Field>
          <Field
            id={`mq-${i}-borrow`}
            label="Borrowing limit (GPUs)"
            hint="Empty = as much as others lend."
            error={errors[`modelQuotas.${i}.borrowingLimitGpus`]}
          >
            <Input
              id={`mq-${i}-borrow`}
              type="number"
              value={r.borrowingLimitGpus}
              onChange={(e) => set(i, "borrowingLimitGpus", e.target.value)}
              invalid={!!errors[`modelQuotas.${i}.borrowingLimitGpus`]}
            />
          </Field>
          <Field id={`mq-${i}-lend`} label="Lending limit (GPUs)" hint="Empty = all idle nominal GPUs." error={errors[`modelQuotas.${i}.lendingLimitGpus`]}>
            <Input
              id={`mq-${i}-lend`}
              type="number"
              value={r.lendingLimitGpus}
              onChange={(e) => set(i, "lendingLimitGpus", e.target.value)}
              invalid={!!errors[`modelQuotas.${i}.lendingLimitGpus`]}
            />
          </Field>
          <div className="sm:col-span-2">
            <Button variant="secondary" aria-label={`Remove the ${r.gpuModelId} quota`} onClick={() => setRows((rs) => rs.filter((_, j) => j !== i))}>
              Remove
            </Button>
          </div>
        </fieldset>
      ))}
      <div className="flex gap-3">
        {unused.length > 0 && (
          <Button
            variant="secondary"
            onClick={() => setRows((rs) => [...rs, { gpuModelId: unused[0]!, nominalGpus: "", borrowingLimitGpus: "", lendingLimitGpus: "" }])}
          >
            Add GPU model quota
          </Button>
        )}
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save fair share"}
        </Button>
        <Button variant="secondary" onClick={() => onDone("")}>
          Cancel
        </Button>
      </div>
      <FormMessages error={save.error} errors={errors} />
    </form>
  );
}

/** Every tenant's weight and per-model quotas (nominal, held, borrowed), with an editor for one tenant. */
export function TenantFairShare({ view }: { view: FairShareView }) {
  const [editing, setEditing] = useState<TenantFairShareRow | null>(null);
  const [note, setNote] = useState("");
  return (
    <section aria-labelledby="fair-share-heading" className="mt-8 grid gap-6 xl:grid-cols-[minmax(0,1fr)_26rem]">
      <div className="flex flex-col gap-3">
        <h2 id="fair-share-heading" className="text-lg font-semibold">
          Fair share and GPU quotas per model
        </h2>
        <p className="text-sm text-slate-600">
          Within a priority, the queue runs the tenant with the lowest decayed GPU-hours per weight first. A tenant may hold its nominal GPUs of a model plus
          what other tenants leave idle, within its borrowing limit; borrowed GPUs are the first to be preempted when a lender needs them back.
        </p>
        <StatusNote>{note}</StatusNote>
        <div className="relative overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
          <table className="min-w-full text-sm">
            <thead className="bg-slate-50 text-left text-xs uppercase text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Tenant
                </th>
                <th scope="col" className="px-3 py-2">
                  Weight
                </th>
                <th scope="col" className="px-3 py-2">
                  Per model: used / nominal (borrowed)
                </th>
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {view.tenants.map((t) => (
                <tr key={t.id} data-testid="fair-share-row">
                  <td className="px-3 py-2 font-medium">{t.name}</td>
                  <td className="px-3 py-2">{gpus(t.fairShareWeight)}</td>
                  <td className="px-3 py-2">
                    {t.modelQuotas.length === 0
                      ? "No per-model quota"
                      : t.modelQuotas
                          .map(
                            (q) =>
                              `${q.gpuModelId}: ${gpus(q.gpusInUse)} / ${gpus(q.nominalGpus)}${q.borrowedGpus > 0 ? ` (${gpus(q.borrowedGpus)} borrowed)` : ""}${q.borrowingLimitGpus !== null ? `, borrow ≤ ${q.borrowingLimitGpus}` : ""}${q.lendingLimitGpus !== null ? `, lend ≤ ${q.lendingLimitGpus}` : ""}`,
                          )
                          .join("; ")}
                  </td>
                  <td className="px-3 py-2">
                    <Button
                      variant="secondary"
                      aria-label={`Edit the fair share of ${t.name}`}
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
      </div>
      {editing && (
        <FairShareForm
          key={editing.id}
          tenant={editing}
          models={view.models}
          onDone={(message) => {
            setNote(message);
            setEditing(null);
          }}
        />
      )}
    </section>
  );
}
