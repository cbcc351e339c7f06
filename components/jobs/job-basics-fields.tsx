"use client";
// "The job": name, kind and the CPU and memory each node needs.
import { Field, Input, Select } from "@/components/ui/field";
import type { JobFormSectionProps } from "./job-form-types";

/** Name, kind, CPU and memory of the job. */
export function JobBasicsFields({ form, errors }: JobFormSectionProps) {
  const { register } = form;
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 text-base font-semibold">The job</legend>
      <Field id="name" label="Name" error={errors.name}>
        <Input id="name" {...register("name")} invalid={!!errors.name} placeholder="llama-finetune-3" />
      </Field>
      <Field id="kind" label="Kind">
        <Select id="kind" {...register("kind")}>
          <option value="TRAINING">Training</option>
          <option value="INFERENCE">Inference</option>
          <option value="BATCH">Batch</option>
        </Select>
      </Field>
      <Field id="cpuMilli" label="CPU (cores per node)" error={errors.cpuMilli}>
        <Input id="cpuMilli" type="number" min="0.1" step="0.1" {...register("cpuCores")} invalid={!!errors.cpuMilli} />
      </Field>
      <Field id="memoryMib" label="Memory (GiB per node)" error={errors.memoryMib}>
        <Input id="memoryMib" type="number" min="0.125" step="0.5" {...register("memoryGib")} invalid={!!errors.memoryMib} />
      </Field>
    </fieldset>
  );
}
