"use client";
// The GPU model catalog: a table with how many GPUs use each model, a form to add or edit one, and
// delete (the server refuses models in use and says how many GPUs use them).
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { gpuModelFormSchema } from "@/server/schemas/gpu-model-form";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { formatCount } from "@/components/ui/format";
import { useTRPC } from "@/components/trpc/react";
import type { RouterOutputs } from "@/components/trpc/router-types";
import { messageOf } from "@/components/trpc/errors";
import { clientErrors, FormMessages, mergedErrors, num, str } from "./form-support";

/** One row of `gpuModels.list` as the server returns it. */
export type GpuModelRow = RouterOutputs["gpuModels"]["list"][number];

type State = Record<"id" | "vendor" | "displayName" | "memoryGib" | "computeUnits" | "idleWatts" | "maxWatts" | "powerSource", string> & {
  figuresEstimated: boolean;
};
const blank: State = {
  id: "",
  vendor: "",
  displayName: "",
  memoryGib: "",
  computeUnits: "",
  idleWatts: "",
  maxWatts: "",
  powerSource: "",
  figuresEstimated: false,
};
const stateOf = (m: GpuModelRow): State => ({
  ...m,
  memoryGib: str(m.memoryGib),
  computeUnits: str(m.computeUnits),
  idleWatts: str(m.idleWatts),
  maxWatts: str(m.maxWatts),
});

function GpuModelForm({ editing, onDone }: { editing: GpuModelRow | null; onDone: (message: string) => void }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [form, setForm] = useState<State>(editing ? stateOf(editing) : blank);
  const [client, setClient] = useState<Record<string, string>>({});
  const done = (verb: string) => (m: { id: string }) => {
    router.refresh();
    onDone(`${m.id} ${verb}.`);
  };
  const create = useMutation(trpc.gpuModels.create.mutationOptions({ onSuccess: done("added") }));
  const update = useMutation(trpc.gpuModels.update.mutationOptions({ onSuccess: done("saved") }));
  const mutation = editing ? update : create;
  const errors = mergedErrors(client, mutation.error);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const input = {
      ...form,
      memoryGib: num(form.memoryGib),
      computeUnits: num(form.computeUnits),
      idleWatts: num(form.idleWatts),
      maxWatts: num(form.maxWatts),
    };
    const found = clientErrors(gpuModelFormSchema, input);
    setClient(found ?? {});
    if (!found) mutation.mutate(input);
  };
  const field = (
    key: Exclude<keyof State, "figuresEstimated">,
    label: string,
    opts: { type?: string; step?: string; hint?: string; disabled?: boolean } = {},
  ) => (
    <Field id={`gpu-${key}`} label={label} error={errors[key]} hint={opts.hint}>
      <Input
        id={`gpu-${key}`}
        type={opts.type ?? "text"}
        step={opts.step}
        value={form[key]}
        disabled={opts.disabled}
        onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.value }))}
        invalid={!!errors[key]}
      />
    </Field>
  );
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="gpu-form-title"
      className="flex flex-col gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="gpu-form-title" className="font-semibold">
        {editing ? `Edit ${editing.id}` : "New GPU model"}
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        {field("id", "Model code", { hint: editing ? "The code nodes refer to; it cannot change." : "As in inventories, e.g. L40S.", disabled: !!editing })}
        {field("vendor", "Vendor")}
        {field("displayName", "Display name")}
        {field("memoryGib", "Memory (GiB)", { type: "number", step: "1" })}
        {field("computeUnits", "Compute (A100-equivalents)", { type: "number", step: "0.01", hint: "A100 = 1.0; used for compute-native requests." })}
        {field("idleWatts", "Idle power (W)", { type: "number", step: "1" })}
        {field("maxWatts", "Maximum power (W)", { type: "number", step: "1" })}
        {field("powerSource", "Source of the figures")}
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={form.figuresEstimated} onChange={(e) => setForm((f) => ({ ...f, figuresEstimated: e.target.checked }))} /> Figures are
        estimates (shown as such in the UI)
      </label>
      <FormMessages error={mutation.error} errors={errors} />
      <div className="flex gap-3">
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? "Saving…" : editing ? "Save model" : "Add model"}
        </Button>
        {editing && (
          <Button variant="secondary" onClick={() => onDone("")}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

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
        {models.length === 0 ? (
          <p className="rounded-lg bg-white p-6 text-slate-600 ring-1 ring-slate-200">No GPU models yet. Add one with the form.</p>
        ) : (
          <div className="relative overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
            <table className="min-w-full text-sm">
              <caption className="px-3 py-2 text-left text-slate-600">
                {models.length} models · {formatCount(models.reduce((s, m) => s + m.gpus, 0))} GPUs in the fleet
              </caption>
              <thead className="bg-slate-50 text-left text-xs uppercase text-slate-600">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Model
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Memory
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Compute
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Idle / max power
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    In use
                  </th>
                  <th scope="col" className="px-3 py-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {models.map((m) => (
                  <tr key={m.id} data-testid="gpu-model-row">
                    <td className="px-3 py-2">
                      <span className="font-mono font-medium">{m.id}</span>{" "}
                      <span className="text-slate-600">
                        · {m.vendor} {m.displayName}
                      </span>
                      {m.figuresEstimated && <span className="ml-1 rounded bg-amber-100 px-1 text-xs text-amber-900">estimate</span>}
                    </td>
                    <td className="px-3 py-2 text-right">{m.memoryGib} GiB</td>
                    <td className="px-3 py-2 text-right">{m.computeUnits} A100-eq</td>
                    <td className="px-3 py-2 text-right whitespace-nowrap">
                      {m.idleWatts} W / {m.maxWatts} W
                    </td>
                    <td className="px-3 py-2 text-right">{formatCount(m.gpus)} GPUs</td>
                    <td className="px-3 py-2 whitespace-nowrap">
                      <Button
                        variant="secondary"
                        className="mr-2"
                        aria-label={`Edit ${m.id}`}
                        onClick={() => {
                          setNote("");
                          setEditing(m);
                        }}
                      >
                        Edit
                      </Button>
                      <Button
                        variant="danger"
                        aria-label={`Delete ${m.id}`}
                        disabled={remove.isPending}
                        onClick={() => {
                          setNote("");
                          remove.mutate({ id: m.id });
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
