"use client";
// The queue's backfill mode: which waiting jobs hold the nodes they wait for, so smaller jobs behind
// them start only where they do not delay them.
import { Field, Select } from "@/components/ui/field";
import type { PolicyFormSectionProps } from "./policy-form-types";

/** The policy's backfill mode (constraints.backfill). */
export function PolicyBackfillField({ form, errors }: PolicyFormSectionProps) {
  return (
    <Field
      id="backfill"
      label="Backfill"
      hint="Easy: the first job waiting for busy nodes holds them, and later jobs start only if they end before or use other nodes. Conservative: every waiting job holds its nodes (up to 8). Off: strict priority order, nothing starts ahead of a waiting job. First fit: nothing is held and every job that fits starts, so large jobs may wait indefinitely."
      error={errors.backfill}
    >
      <Select id="backfill" {...form.register("backfill")} invalid={!!errors.backfill}>
        <option value="easy">Easy (default)</option>
        <option value="conservative">Conservative</option>
        <option value="off">Off (strict order)</option>
        <option value="first-fit">First fit (no reservations)</option>
      </Select>
    </Field>
  );
}
