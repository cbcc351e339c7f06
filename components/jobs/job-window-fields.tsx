"use client";
// "When and where": duration, priority class and checkpoints, the flexibility window, the allowed regions and whether a
// large training job may be split across two nearby clusters.
import { useQuery } from "@tanstack/react-query";
import { Controller } from "react-hook-form";
import { CheckboxGroup } from "@/components/ui/checkbox-group";
import { Field, Input } from "@/components/ui/field";
import { useTRPC } from "@/components/trpc/react";
import { JobClassFields } from "./job-class-fields";
import type { JobFormSectionProps } from "./job-form-types";

/** Duration, class and checkpoints, start/finish window, regions and splitting. */
export function JobWindowFields({ form, errors }: JobFormSectionProps) {
  const trpc = useTRPC();
  const options = useQuery(trpc.catalog.formOptions.queryOptions());
  const { register } = form;
  const regions = (options.data?.regions ?? []).map((r) => ({
    value: r.region,
    label: (
      <>
        {r.region} <span className="text-slate-500">({r.zones.join(", ")})</span>
      </>
    ),
  }));
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 text-base font-semibold">When and where</legend>
      <Field id="estimatedDurationS" label="Estimated duration (hours)" error={errors.estimatedDurationS}>
        <Input id="estimatedDurationS" type="number" min="0.02" step="0.25" {...register("durationHours")} invalid={!!errors.estimatedDurationS} />
      </Field>
      <JobClassFields form={form} errors={errors} />
      <Field
        id="maxRunRetries"
        label="Max retries (0–10)"
        error={errors.maxRunRetries}
        hint="A failed run is retried after 1, 2, 4 … minutes, then the job fails."
      >
        <Input id="maxRunRetries" type="number" min="0" max="10" step="1" {...register("maxRunRetries")} invalid={!!errors.maxRunRetries} />
      </Field>
      <Field id="earliestStartAt" label="Start after (optional)" error={errors.earliestStartAt} hint="Your local time.">
        <Input id="earliestStartAt" type="datetime-local" {...register("earliestStartAt")} invalid={!!errors.earliestStartAt} />
      </Field>
      <Field id="deadlineAt" label="Finish by (optional)" error={errors.deadlineAt} hint="A window lets Verdant wait for cleaner power.">
        <Input id="deadlineAt" type="datetime-local" {...register("deadlineAt")} invalid={!!errors.deadlineAt} />
      </Field>
      <Controller
        control={form.control}
        name="allowedRegions"
        render={({ field }) => (
          <CheckboxGroup
            id="allowedRegions"
            label="Allowed regions"
            emptyMeaning="anywhere"
            options={regions}
            selected={field.value}
            onChange={field.onChange}
            error={errors.allowedRegions}
          />
        )}
      />
      <label className="flex items-center gap-2 text-sm sm:col-span-2">
        <input type="checkbox" {...register("allowSplit")} />
        Allow splitting a large training job across two nearby clusters
      </label>
    </fieldset>
  );
}
