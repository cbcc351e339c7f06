"use client";
// "GPUs": either a GPU count, share and allowed models, or a compute amount with a minimum GPU
// memory (compute-native: Verdant picks the models); then the gang size.
import { useQuery } from "@tanstack/react-query";
import { Controller, useWatch } from "react-hook-form";
import { CheckboxGroup } from "@/components/ui/checkbox-group";
import { Field, Input, Select } from "@/components/ui/field";
import { useTRPC } from "@/components/trpc/react";
import type { JobFormSectionProps } from "./job-form-types";

function GpuModelFields({ form, errors }: JobFormSectionProps) {
  const trpc = useTRPC();
  const options = useQuery(trpc.catalog.formOptions.queryOptions());
  const gpuCount = Number(useWatch({ control: form.control, name: "gpuCount" }));
  return (
    <>
      <Field id="gpuCount" label="GPUs per node" error={errors.gpuCount} hint="0 for a CPU-only job.">
        <Input id="gpuCount" type="number" min="0" max="64" step="1" {...form.register("gpuCount")} invalid={!!errors.gpuCount} />
      </Field>
      <Field id="gpuMilli" label="GPU share (% of one GPU)" error={errors.gpuMilli} hint="Below 100% shares one GPU with other jobs; only for single-GPU jobs.">
        {/* Controlled: a multi-GPU job shows 100 % while the single-GPU share typed earlier is kept. */}
        <Controller
          control={form.control}
          name="gpuSharePct"
          render={({ field }) => (
            <Input
              id="gpuMilli"
              type="number"
              min="1"
              max="100"
              step="1"
              name={field.name}
              onBlur={field.onBlur}
              value={gpuCount === 1 ? field.value : "100"}
              disabled={gpuCount !== 1}
              onChange={(e) => field.onChange(e.target.value)}
              invalid={!!errors.gpuMilli}
            />
          )}
        />
      </Field>
      <Controller
        control={form.control}
        name="allowedGpuModels"
        render={({ field }) => (
          <CheckboxGroup
            id="allowedGpuModels"
            label="Allowed GPU models"
            emptyMeaning="any"
            options={(options.data?.gpuModels ?? []).map((m) => ({ value: m.id, label: m.id }))}
            selected={field.value}
            onChange={field.onChange}
            error={errors.allowedGpuModels}
            loading={options.isLoading}
          />
        )}
      />
    </>
  );
}

function ComputeFields({ form, errors }: JobFormSectionProps) {
  return (
    <>
      <Field id="computeUnits" label="Compute (A100-equivalents)" error={errors.computeUnits}>
        <Input id="computeUnits" type="number" min="0.1" step="0.1" {...form.register("computeUnits")} invalid={!!errors.computeUnits} />
      </Field>
      <Field id="minGpuMemoryGib" label="Minimum GPU memory (GiB)" error={errors.minGpuMemoryGib}>
        <Input id="minGpuMemoryGib" type="number" min="1" step="1" {...form.register("minGpuMemoryGib")} invalid={!!errors.minGpuMemoryGib} />
      </Field>
    </>
  );
}

/** How the job asks for GPUs, and on how many nodes. */
export function JobGpuFields({ form, errors }: JobFormSectionProps) {
  const requestMode = useWatch({ control: form.control, name: "requestMode" });
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 text-base font-semibold">GPUs</legend>
      <Field id="requestMode" label="Request GPUs by" hint="Compute-native: say how much compute you need and Verdant picks the GPU models.">
        <Select id="requestMode" {...form.register("requestMode")}>
          <option value="models">GPU count and models</option>
          <option value="compute">Compute amount (A100-equivalents)</option>
        </Select>
      </Field>
      {requestMode === "models" ? <GpuModelFields form={form} errors={errors} /> : <ComputeFields form={form} errors={errors} />}
      <Field id="gangSize" label="Nodes (gang size)" error={errors.gangSize} hint="Multi-node jobs start on all nodes at once or not at all.">
        <Input id="gangSize" type="number" min="1" max="64" step="1" {...form.register("gangSize")} invalid={!!errors.gangSize} />
      </Field>
      {requestMode === "models" ? (
        <Field
          id="minMembers"
          label="Fewest nodes (elastic, optional)"
          error={errors.minMembers}
          hint="Starts with as many nodes as fit now, at least this many, and grows to the gang size when nodes free up. Empty = always the full gang."
        >
          <Input id="minMembers" type="number" min="1" max="64" step="1" {...form.register("minMembers")} invalid={!!errors.minMembers} />
        </Field>
      ) : null}
      <label className="flex items-center gap-2 text-sm sm:col-span-2">
        <input type="checkbox" {...form.register("gangSameRack")} />
        Keep all nodes in one rack (otherwise a large gang may span racks, with the predicted slowdown shown)
      </label>
    </fieldset>
  );
}
