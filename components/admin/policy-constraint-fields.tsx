"use client";
// The policy's constraints: how long and for how much saving a job may wait for cleaner power,
// carbon budgets, splitting gangs across linked clusters, backfill in the queue and the minimum run
// time before a job may be preempted.
import { Field, Input } from "@/components/ui/field";
import { PolicyBackfillField } from "./policy-backfill-field";
import type { PolicyFormSectionProps } from "./policy-form-types";

/** The constraints of the policy. */
export function PolicyConstraintFields({ form, errors }: PolicyFormSectionProps) {
  const { register } = form;
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2">
      <legend className="mb-2 font-semibold">Constraints</legend>
      <Field id="maxDeferralHours" label="Longest wait for cleaner power (hours)" error={errors.maxDeferralHours}>
        <Input
          id="maxDeferralHours"
          type="number"
          min="0"
          max="168"
          step="1"
          {...register("maxDeferralHours", { valueAsNumber: true })}
          invalid={!!errors.maxDeferralHours}
        />
      </Field>
      <Field id="minDeferralSavingPct" label="Wait only if it saves at least (%)" error={errors.minDeferralSavingPct}>
        <Input
          id="minDeferralSavingPct"
          type="number"
          min="0"
          max="100"
          step="0.5"
          {...register("minDeferralSavingPct", { valueAsNumber: true })}
          invalid={!!errors.minDeferralSavingPct}
        />
      </Field>
      <Field id="minDeferralSavingGCo2e" label="…and at least (gCO2e; the forecast's error is a further floor)" error={errors.minDeferralSavingGCo2e}>
        <Input
          id="minDeferralSavingGCo2e"
          type="number"
          min="0"
          max="100000"
          step="1"
          {...register("minDeferralSavingGCo2e", { valueAsNumber: true })}
          invalid={!!errors.minDeferralSavingGCo2e}
        />
      </Field>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" {...register("honorCarbonBudget")} /> Enforce tenants&apos; carbon budgets
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" {...register("allowSplitAcrossClusters")} /> Allow splitting gangs across linked clusters
      </label>
      <PolicyBackfillField form={form} errors={errors} />
      <Field
        id="preemptExemptMinutes"
        label="Minimum run time before preemption (minutes)"
        hint="A job that started or restarted less than this long ago is not stopped for a higher-priority job. 0: no minimum."
        error={errors.preemptExemptMinutes}
      >
        <Input
          id="preemptExemptMinutes"
          type="number"
          min="0"
          max="1440"
          step="1"
          {...register("preemptExemptMinutes", { valueAsNumber: true })}
          invalid={!!errors.preemptExemptMinutes}
        />
      </Field>
    </fieldset>
  );
}
