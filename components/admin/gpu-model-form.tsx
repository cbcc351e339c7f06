"use client";
// Add a GPU model to the catalog or edit one. react-hook-form holds the inputs and checks them with
// the server's own schema (same messages, e.g. idle power above the maximum); server errors show
// beside their fields. The model code of an existing model cannot change.
import { useMutation } from "@tanstack/react-query";
import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useForm, type UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { gpuModelFormSchema, type GpuModelForm as GpuModelValues } from "@/server/schemas/gpu-model-form";
import { Field, Input } from "@/components/ui/field";
import { useTRPC } from "@/components/trpc/react";
import type { RouterOutputs } from "@/components/trpc/router-types";
import { fieldErrorMessages } from "@/components/forms/field-error-messages";
import { FormActions, FormMessages, mergedErrors } from "./form-support";

/** One row of `gpuModels.list` as the server returns it. */
export type GpuModelRow = RouterOutputs["gpuModels"]["list"][number];

type Input = z.input<typeof gpuModelFormSchema>;
type TextKey = "id" | "vendor" | "displayName" | "powerSource";
type NumberKey = "memoryGib" | "computeUnits" | "idleWatts" | "maxWatts";

/** A new model starts blank: the schema names each missing figure. */
const blank = { id: "", vendor: "", displayName: "", powerSource: "", figuresEstimated: false };

function valuesOf(m: GpuModelRow): Input {
  const { id, vendor, displayName, memoryGib, computeUnits, idleWatts, maxWatts, powerSource, figuresEstimated } = m;
  return { id, vendor, displayName, memoryGib, computeUnits, idleWatts, maxWatts, powerSource, figuresEstimated };
}

type FieldProps = { form: UseFormReturn<Input, unknown, GpuModelValues>; errors: Record<string, string>; label: string; hint?: string };

function TextField({ form, errors, name, label, hint, disabled }: FieldProps & { name: TextKey; disabled?: boolean }) {
  return (
    <Field id={`gpu-${name}`} label={label} error={errors[name]} hint={hint}>
      <Input id={`gpu-${name}`} type="text" {...form.register(name)} disabled={disabled} invalid={!!errors[name]} />
    </Field>
  );
}

function NumberField({ form, errors, name, label, hint, step }: FieldProps & { name: NumberKey; step: string }) {
  return (
    <Field id={`gpu-${name}`} label={label} error={errors[name]} hint={hint}>
      {/* valueAsNumber: a blank field is NaN, which the schema names ("Enter the memory") instead of reading 0. */}
      <Input id={`gpu-${name}`} type="number" step={step} {...form.register(name, { valueAsNumber: true })} invalid={!!errors[name]} />
    </Field>
  );
}

/** The add/edit form; `onDone` receives the confirmation ("" on cancel). */
export function GpuModelForm({ editing, onDone }: { editing: GpuModelRow | null; onDone: (message: string) => void }) {
  const trpc = useTRPC();
  const router = useRouter();
  const form = useForm<Input, unknown, GpuModelValues>({ resolver: zodResolver(gpuModelFormSchema), defaultValues: editing ? valuesOf(editing) : blank });
  const done = (verb: string) => (m: { id: string }) => {
    router.refresh();
    onDone(`${m.id} ${verb}.`);
  };
  const create = useMutation(trpc.gpuModels.create.mutationOptions({ onSuccess: done("added") }));
  const update = useMutation(trpc.gpuModels.update.mutationOptions({ onSuccess: done("saved") }));
  const mutation = editing ? update : create;
  const errors = mergedErrors(fieldErrorMessages(form.formState.errors), mutation.error);
  // Runs only once the schema accepts the input; a refused input shows its messages instead.
  const onSubmit = form.handleSubmit((input) => mutation.mutate(input));
  const f = { form, errors };
  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-labelledby="gpu-form-title"
      className="flex flex-col gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="gpu-form-title" className="font-semibold">
        {editing ? `Edit ${editing.id}` : "New GPU model"}
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          {...f}
          name="id"
          label="Model code"
          hint={editing ? "The code nodes refer to; it cannot change." : "As in inventories, e.g. L40S."}
          disabled={!!editing}
        />
        <TextField {...f} name="vendor" label="Vendor" />
        <TextField {...f} name="displayName" label="Display name" />
        <NumberField {...f} name="memoryGib" label="Memory (GiB)" step="1" />
        <NumberField {...f} name="computeUnits" label="Compute (A100-equivalents)" step="0.01" hint="A100 = 1.0; used for compute-native requests." />
        <NumberField {...f} name="idleWatts" label="Idle power (W)" step="1" />
        <NumberField {...f} name="maxWatts" label="Maximum power (W)" step="1" />
        <TextField {...f} name="powerSource" label="Source of the figures" />
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" {...form.register("figuresEstimated")} /> Figures are estimates (shown as such in the UI)
      </label>
      <FormMessages error={mutation.error} errors={errors} />
      <FormActions pending={mutation.isPending} editing={!!editing} saveLabel="Save model" createLabel="Add model" onCancel={() => onDone("")} />
    </form>
  );
}
