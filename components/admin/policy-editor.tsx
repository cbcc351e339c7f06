"use client";
// Edit the placement policy: weights and constraints, preview the effect on recent decisions, save
// as a new audited version. react-hook-form holds the inputs and checks them with the server's own
// schema before a preview or a save; input is kept on server errors; errors show beside their fields.
import { useMutation } from "@tanstack/react-query";
import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { useSyncExternalStore } from "react";
import { policyFormSchema, type PolicyFormInput } from "@/server/schemas/policy-form";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { useTRPC } from "@/components/trpc/react";
import { fieldErrorsOf, messageOf } from "@/components/trpc/errors";
import { fieldErrorMessages } from "@/components/forms/field-error-messages";
import type { PolicyFormApi } from "./policy-form-types";
import { PolicyConstraintFields } from "./policy-constraint-fields";
import { PolicyImpactPreview } from "./policy-impact-preview";
import { PolicyWeightFields } from "./policy-weight-fields";

const noSubscription = () => () => {};

/** The policy editor: weights, constraints, preview and save. */
export function PolicyEditor({ initial }: { initial: PolicyFormInput }) {
  const trpc = useTRPC();
  const router = useRouter();
  const form: PolicyFormApi = useForm({ resolver: zodResolver(policyFormSchema), defaultValues: initial });
  const preview = useMutation(trpc.policies.preview.mutationOptions());
  // Not remounted on save (the form already holds the saved values), so the confirmation stays on screen
  // when the refreshed page shows the new version; only the note starts empty for the next change.
  const save = useMutation(
    trpc.policies.save.mutationOptions({
      onSuccess: () => {
        form.setValue("note", "");
        router.refresh();
      },
    }),
  );
  const errors = { ...fieldErrorsOf(preview.error), ...fieldErrorsOf(save.error), ...fieldErrorMessages(form.formState.errors) };
  // Both run only once the schema accepts the input; a refused input shows its messages instead.
  const onSave = form.handleSubmit((values) => save.mutate(values));
  const onPreview = form.handleSubmit((values) => preview.mutate(values));
  // True only once the form is hydrated: input typed into the server's HTML before then is replaced by
  // the registered defaults, so browser tests wait for it.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <form
        onSubmit={(e) => void onSave(e)}
        noValidate
        data-hydrated={hydrated ? "true" : undefined}
        className="flex flex-col gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      >
        <PolicyWeightFields form={form} errors={errors} />
        <PolicyConstraintFields form={form} errors={errors} />
        <Field id="note" label="Why this change (kept with the version)" error={errors.note}>
          <Input id="note" {...form.register("note")} invalid={!!errors.note} />
        </Field>
        {(save.error || preview.error) && !Object.keys(errors).length && (
          <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800">
            {messageOf(save.error ?? preview.error)}
          </p>
        )}
        {save.data && (
          <p role="status" className="rounded-md bg-leaf-50 p-2 text-sm text-leaf-900">
            Saved as version {save.data.version} ({save.data.changes.length} settings changed). New decisions use it from the next cycle.
          </p>
        )}
        <div className="flex gap-3">
          <Button variant="secondary" onClick={() => void onPreview()} disabled={preview.isPending}>
            {preview.isPending ? "Previewing…" : "Preview impact"}
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? "Saving…" : "Save as new version"}
          </Button>
        </div>
      </form>
      <PolicyImpactPreview preview={preview.data} />
    </div>
  );
}
