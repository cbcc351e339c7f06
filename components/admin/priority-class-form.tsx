"use client";
// Add a priority class or edit one. The inputs are checked with the server's own schema (same
// messages); server errors (a taken name, dropping the only default) show beside their fields.
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { priorityClassFormSchema } from "@/server/schemas/priority-class-form";
import { Field, Input, Textarea } from "@/components/ui/field";
import { useTRPC } from "@/components/trpc/react";
import type { RouterOutputs } from "@/components/trpc/router-types";
import { clientErrors, FormActions, FormMessages, mergedErrors, num, str } from "./form-support";

/** One row of `priorityClasses.list` as the server returns it. */
export type PriorityClassRow = RouterOutputs["priorityClasses"]["list"][number];

interface Values {
  name: string;
  priority: string;
  canPreempt: boolean;
  preemptible: boolean;
  isDefault: boolean;
  description: string;
}

const blank: Values = { name: "", priority: "", canPreempt: false, preemptible: true, isDefault: false, description: "" };

function valuesOf(c: PriorityClassRow): Values {
  return { name: c.name, priority: str(c.priority), canPreempt: c.canPreempt, preemptible: c.preemptible, isDefault: c.isDefault, description: c.description };
}

/** The add/edit form; `onDone` receives the confirmation ("" on cancel). */
export function PriorityClassForm({ editing, onDone }: { editing: PriorityClassRow | null; onDone: (message: string) => void }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [values, setValues] = useState<Values>(editing ? valuesOf(editing) : blank);
  const [client, setClient] = useState<Record<string, string>>({});
  const save = useMutation(
    trpc.priorityClasses.save.mutationOptions({
      onSuccess: (c) => {
        router.refresh();
        onDone(`${c.name} ${editing ? "saved" : "added"}.`);
      },
    }),
  );
  const errors = mergedErrors(client, save.error);
  const input = () => ({ ...(editing ? { id: editing.id } : {}), ...values, priority: num(values.priority) });
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));
  const check = (key: "canPreempt" | "preemptible" | "isDefault", label: string, hint: string) => (
    <label className="flex items-start gap-2 text-sm">
      <input type="checkbox" className="mt-1" checked={values[key]} onChange={(e) => set(key, e.target.checked)} aria-describedby={`pc-${key}-hint`} />
      <span>
        {label}
        <span id={`pc-${key}-hint`} className="block text-xs text-slate-600">
          {hint}
        </span>
        {errors[key] && <span className="block text-xs text-red-700">{errors[key]}</span>}
      </span>
    </label>
  );
  return (
    <form
      noValidate
      aria-labelledby="pc-form-title"
      className="flex flex-col gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      onSubmit={(e) => {
        e.preventDefault();
        const found = clientErrors(priorityClassFormSchema, input());
        setClient(found ?? {});
        if (!found) save.mutate(priorityClassFormSchema.parse(input()));
      }}
    >
      <h2 id="pc-form-title" className="font-semibold">
        {editing ? `Edit ${editing.name}` : "New priority class"}
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="pc-name" label="Name" error={errors.name} hint="Lowercase, e.g. research">
          <Input id="pc-name" type="text" value={values.name} onChange={(e) => set("name", e.target.value)} invalid={!!errors.name} />
        </Field>
        <Field id="pc-priority" label="Priority" error={errors.priority} hint="Higher goes first; 0 to 1,000,000">
          <Input
            id="pc-priority"
            type="number"
            step="1"
            value={values.priority}
            onChange={(e) => set("priority", e.target.value)}
            invalid={!!errors.priority}
          />
        </Field>
      </div>
      <Field id="pc-description" label="Description" error={errors.description}>
        <Textarea id="pc-description" rows={2} value={values.description} onChange={(e) => set("description", e.target.value)} invalid={!!errors.description} />
      </Field>
      {check("canPreempt", "May preempt", "Its jobs take GPUs from running jobs of lower, preemptible classes when they cannot start otherwise.")}
      {check("preemptible", "Preemptible", "Its running jobs may be stopped for a higher class; they resume from their last checkpoint.")}
      {check("isDefault", "Default class", "Jobs submitted without a class go here; exactly one class is the default.")}
      <FormMessages error={save.error} errors={errors} />
      <FormActions pending={save.isPending} editing={!!editing} saveLabel="Save class" createLabel="Add class" onCancel={() => onDone("")} />
    </form>
  );
}
