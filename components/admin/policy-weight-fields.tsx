"use client";
// One weight field per registered objective, so every stored weight (e.g. `load`) is shown and saved back.
import { OBJECTIVE_INFO } from "@/server/engine";
import { Field, Input } from "@/components/ui/field";
import type { PolicyFormSectionProps } from "./policy-form-types";

/** The objective weights of the policy. */
export function PolicyWeightFields({ form, errors }: PolicyFormSectionProps) {
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2">
      <legend className="mb-2 font-semibold">Objective weights</legend>
      {OBJECTIVE_INFO.map(({ name, label }) => (
        <Field key={name} id={`weight-${name}`} label={label} error={errors[`objectiveWeights.${name}`]}>
          {/* valueAsNumber: a blank field is NaN, which the schema names ("Enter a weight") instead of reading 0. */}
          <Input
            id={`weight-${name}`}
            type="number"
            min="0"
            max="10"
            step="0.05"
            {...form.register(`objectiveWeights.${name}`, { valueAsNumber: true })}
            invalid={!!errors[`objectiveWeights.${name}`]}
          />
        </Field>
      ))}
    </fieldset>
  );
}
