"use client";
// The "Policies" fieldset: which of the scenario's policies to compare, the baseline the savings are
// measured against, and the experiment's name. Disabled until a scenario is loaded.
import { Controller, useWatch } from "react-hook-form";
import { CheckboxGroup } from "@/components/ui/checkbox-group";
import { Field, Input, Select } from "@/components/ui/field";
import type { ExperimentFormApi, ScenarioSummaryView } from "./experiment-form-types";

/** Policies, baseline and name of the experiment to start. */
export function ExperimentPolicyFields({
  form,
  errors,
  summary,
  loading,
}: {
  form: ExperimentFormApi;
  errors: Record<string, string>;
  summary?: ScenarioSummaryView;
  loading: boolean;
}) {
  const policies = useWatch({ control: form.control, name: "policies" });
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2" disabled={!summary}>
      <legend className="mb-2 text-base font-semibold">Policies</legend>
      <Controller
        control={form.control}
        name="policies"
        render={({ field }) => (
          <CheckboxGroup
            id="policies"
            label="Policies to compare"
            emptyMeaning="nothing to run"
            options={(summary?.policies ?? []).map((p) => ({ value: p.name, label: `${p.label} (${p.name})` }))}
            selected={field.value}
            onChange={field.onChange}
            error={errors.policies}
            loading={loading}
          />
        )}
      />
      <Field id="baseline" label="Baseline" hint="Savings and waiting cost are measured against it." error={errors.baseline}>
        {/* Controlled: its options arrive with the scenario, in the same update that picks the baseline. */}
        <Controller
          control={form.control}
          name="baseline"
          render={({ field }) => (
            <Select id="baseline" value={field.value} onChange={field.onChange} onBlur={field.onBlur} invalid={!!errors.baseline}>
              {policies.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </Select>
          )}
        />
      </Field>
      <Field id="experiment-name" label="Experiment name" error={errors.name}>
        <Input id="experiment-name" {...form.register("name")} invalid={!!errors.name} maxLength={120} />
      </Field>
    </fieldset>
  );
}
