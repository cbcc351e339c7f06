"use client";
// The tenant's job submission form. react-hook-form holds the inputs; they are checked with the
// server's own submit schema (after conversion to machine units), server-side field errors show
// inline, the input is kept on errors, and it is idempotent: one key per form, so a double click or
// a retried request creates one job.
import { useMutation } from "@tanstack/react-query";
import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { useTRPC } from "@/components/trpc/react";
import { fieldErrorsOf, messageOf } from "@/components/trpc/errors";
import { fieldErrorMessages } from "@/components/forms/field-error-messages";
import { emptyJobForm, jobFormSchema, toSubmitInput, type JobFormState } from "./job-form-state";
import type { JobFormApi } from "./job-form-types";
import { JobBasicsFields } from "./job-basics-fields";
import { JobGpuFields } from "./job-gpu-fields";
import { JobWindowFields } from "./job-window-fields";
import { JobPreview } from "./job-preview";
import { JobWhatIfs } from "./job-what-ifs";
import { formPatchOf } from "./what-if-apply";

function newKey() {
  return typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `k-${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** `initial` prefills the form (resubmit as a copy); the idempotency key is always new. */
export function JobForm({ initial }: { initial?: JobFormState }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [idempotencyKey] = useState(newKey);
  const [schema] = useState(() => jobFormSchema(idempotencyKey));
  // Errors name the API fields (cpuMilli), not the inputs (cpuCores), so re-checking one input on
  // change could not clear its message: the form is checked again on the next submit, as a whole.
  const form: JobFormApi = useForm({ resolver: zodResolver(schema), defaultValues: initial ?? emptyJobForm, reValidateMode: "onSubmit" });
  const submit = useMutation(trpc.jobs.submit.mutationOptions({ onSuccess: () => router.push("/tenant/jobs?submitted=1") }));
  const errors = { ...fieldErrorsOf(submit.error), ...fieldErrorMessages(form.formState.errors, { topLevel: true }) };
  // Runs only once the schema accepts the input; a refused input shows its messages instead.
  const onSubmit = form.handleSubmit((input) => submit.mutate(input));
  const values = form.watch();

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,48rem)_22rem]">
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-6 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <JobBasicsFields form={form} errors={errors} />
        <JobGpuFields form={form} errors={errors} />
        <JobWindowFields form={form} errors={errors} />
        {submit.error && !Object.keys(fieldErrorsOf(submit.error)).length && (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            {messageOf(submit.error)}
          </p>
        )}
        {Object.keys(errors).length > 0 && (
          <p role="status" className="text-sm text-red-700">
            Please fix the highlighted fields.
          </p>
        )}
        <div className="flex gap-3">
          <Button type="submit" disabled={submit.isPending || submit.isSuccess}>
            {submit.isPending ? "Submitting…" : "Submit job"}
          </Button>
          <Button variant="secondary" onClick={() => router.push("/tenant/jobs")}>
            Cancel
          </Button>
        </div>
      </form>
      {/* On phones the preview comes before the form, so where and when the job would run is read before Submit. */}
      <div className="order-first flex flex-col gap-4 lg:order-none" data-testid="job-preview-column">
        <JobPreview input={toSubmitInput(values, idempotencyKey)} />
        <JobWhatIfs
          input={toSubmitInput(values, idempotencyKey)}
          onApply={(apply) => {
            for (const [field, value] of Object.entries(formPatchOf(apply))) form.setValue(field as keyof JobFormState, value as never, { shouldDirty: true });
          }}
        />
      </div>
    </div>
  );
}
