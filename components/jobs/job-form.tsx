"use client";
// The tenant's job submission form. Validates with the same zod schema as the server, shows
// server-side field errors inline, keeps the input on errors, and is idempotent: one key per form,
// so a double click or a retried request creates one job.
import { useMutation, useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { z } from "zod";
import { jobSubmitSchema } from "@/server/schemas/job-submit";
import { Button } from "@/components/ui/button";
import { CheckboxGroup } from "@/components/ui/checkbox-group";
import { Field, Input, Select } from "@/components/ui/field";
import { useTRPC } from "@/components/trpc/react";
import { fieldErrorsOf, messageOf } from "@/components/trpc/errors";
import { emptyJobForm, toSubmitInput, type JobFormState } from "./job-form-state";
import { JobPreview } from "./job-preview";

function newKey() {
  return typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `k-${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** `initial` prefills the form (resubmit as a copy); the idempotency key is always new. */
export function JobForm({ initial }: { initial?: JobFormState }) {
  const trpc = useTRPC();
  const router = useRouter();
  const options = useQuery(trpc.catalog.formOptions.queryOptions());
  const [form, setForm] = useState<JobFormState>(initial ?? emptyJobForm);
  const [idempotencyKey] = useState(newKey);
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const submit = useMutation(trpc.jobs.submit.mutationOptions({ onSuccess: () => router.push("/tenant/jobs?submitted=1") }));
  const errors = { ...fieldErrorsOf(submit.error), ...clientErrors };
  const set = <K extends keyof JobFormState>(key: K, value: JobFormState[K]) => setForm((f) => ({ ...f, [key]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = toSubmitInput(form, idempotencyKey);
    const parsed = jobSubmitSchema.safeParse(input);
    if (!parsed.success) {
      const flat = z.flattenError(parsed.error).fieldErrors as Record<string, string[] | undefined>;
      setClientErrors(Object.fromEntries(Object.entries(flat).flatMap(([k, v]) => (v?.[0] ? [[k, v[0]]] : []))));
      return;
    }
    setClientErrors({});
    submit.mutate(input);
  };

  const gpuCount = Number(form.gpuCount);

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,48rem)_22rem]">
      <form onSubmit={onSubmit} noValidate className="grid gap-6 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-base font-semibold">The job</legend>
          <Field id="name" label="Name" error={errors.name}>
            <Input id="name" value={form.name} onChange={(e) => set("name", e.target.value)} invalid={!!errors.name} placeholder="llama-finetune-3" />
          </Field>
          <Field id="kind" label="Kind">
            <Select id="kind" value={form.kind} onChange={(e) => set("kind", e.target.value as JobFormState["kind"])}>
              <option value="TRAINING">Training</option>
              <option value="INFERENCE">Inference</option>
              <option value="BATCH">Batch</option>
            </Select>
          </Field>
          <Field id="cpuMilli" label="CPU (cores per node)" error={errors.cpuMilli}>
            <Input
              id="cpuMilli"
              type="number"
              min="0.1"
              step="0.1"
              value={form.cpuCores}
              onChange={(e) => set("cpuCores", e.target.value)}
              invalid={!!errors.cpuMilli}
            />
          </Field>
          <Field id="memoryMib" label="Memory (GiB per node)" error={errors.memoryMib}>
            <Input
              id="memoryMib"
              type="number"
              min="0.125"
              step="0.5"
              value={form.memoryGib}
              onChange={(e) => set("memoryGib", e.target.value)}
              invalid={!!errors.memoryMib}
            />
          </Field>
        </fieldset>

        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-base font-semibold">GPUs</legend>
          <Field id="requestMode" label="Request GPUs by" hint="Compute-native: say how much compute you need and Verdant picks the GPU models.">
            <Select id="requestMode" value={form.requestMode} onChange={(e) => set("requestMode", e.target.value as JobFormState["requestMode"])}>
              <option value="models">GPU count and models</option>
              <option value="compute">Compute amount (A100-equivalents)</option>
            </Select>
          </Field>
          {form.requestMode === "models" ? (
            <>
              <Field id="gpuCount" label="GPUs per node" error={errors.gpuCount} hint="0 for a CPU-only job.">
                <Input
                  id="gpuCount"
                  type="number"
                  min="0"
                  max="64"
                  step="1"
                  value={form.gpuCount}
                  onChange={(e) => set("gpuCount", e.target.value)}
                  invalid={!!errors.gpuCount}
                />
              </Field>
              <Field
                id="gpuMilli"
                label="GPU share (% of one GPU)"
                error={errors.gpuMilli}
                hint="Below 100% shares one GPU with other jobs; only for single-GPU jobs."
              >
                <Input
                  id="gpuMilli"
                  type="number"
                  min="1"
                  max="100"
                  step="1"
                  value={gpuCount === 1 ? form.gpuSharePct : "100"}
                  disabled={gpuCount !== 1}
                  onChange={(e) => set("gpuSharePct", e.target.value)}
                  invalid={!!errors.gpuMilli}
                />
              </Field>
              <CheckboxGroup
                id="allowedGpuModels"
                label="Allowed GPU models"
                emptyMeaning="any"
                options={(options.data?.gpuModels ?? []).map((m) => ({ value: m.id, label: m.id }))}
                selected={form.allowedGpuModels}
                onChange={(next) => set("allowedGpuModels", next)}
                error={errors.allowedGpuModels}
                loading={options.isLoading}
              />
            </>
          ) : (
            <>
              <Field id="computeUnits" label="Compute (A100-equivalents)" error={errors.computeUnits}>
                <Input
                  id="computeUnits"
                  type="number"
                  min="0.1"
                  step="0.1"
                  value={form.computeUnits}
                  onChange={(e) => set("computeUnits", e.target.value)}
                  invalid={!!errors.computeUnits}
                />
              </Field>
              <Field id="minGpuMemoryGib" label="Minimum GPU memory (GiB)" error={errors.minGpuMemoryGib}>
                <Input
                  id="minGpuMemoryGib"
                  type="number"
                  min="1"
                  step="1"
                  value={form.minGpuMemoryGib}
                  onChange={(e) => set("minGpuMemoryGib", e.target.value)}
                  invalid={!!errors.minGpuMemoryGib}
                />
              </Field>
            </>
          )}
          <Field id="gangSize" label="Nodes (gang size)" error={errors.gangSize} hint="Multi-node jobs start on all nodes at once or not at all.">
            <Input
              id="gangSize"
              type="number"
              min="1"
              max="64"
              step="1"
              value={form.gangSize}
              onChange={(e) => set("gangSize", e.target.value)}
              invalid={!!errors.gangSize}
            />
          </Field>
        </fieldset>

        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-base font-semibold">When and where</legend>
          <Field id="estimatedDurationS" label="Estimated duration (hours)" error={errors.estimatedDurationS}>
            <Input
              id="estimatedDurationS"
              type="number"
              min="0.02"
              step="0.25"
              value={form.durationHours}
              onChange={(e) => set("durationHours", e.target.value)}
              invalid={!!errors.estimatedDurationS}
            />
          </Field>
          <Field id="priority" label="Priority (0–10)" error={errors.priority}>
            <Input
              id="priority"
              type="number"
              min="0"
              max="10"
              step="1"
              value={form.priority}
              onChange={(e) => set("priority", e.target.value)}
              invalid={!!errors.priority}
            />
          </Field>
          <Field id="earliestStartAt" label="Start after (optional)" error={errors.earliestStartAt} hint="Your local time.">
            <Input
              id="earliestStartAt"
              type="datetime-local"
              value={form.earliestStartAt}
              onChange={(e) => set("earliestStartAt", e.target.value)}
              invalid={!!errors.earliestStartAt}
            />
          </Field>
          <Field id="deadlineAt" label="Finish by (optional)" error={errors.deadlineAt} hint="A window lets Verdant wait for cleaner power.">
            <Input
              id="deadlineAt"
              type="datetime-local"
              value={form.deadlineAt}
              onChange={(e) => set("deadlineAt", e.target.value)}
              invalid={!!errors.deadlineAt}
            />
          </Field>
          <CheckboxGroup
            id="allowedRegions"
            label="Allowed regions"
            emptyMeaning="anywhere"
            options={(options.data?.regions ?? []).map((r) => ({
              value: r.region,
              label: (
                <>
                  {r.region} <span className="text-slate-500">({r.zones.join(", ")})</span>
                </>
              ),
            }))}
            selected={form.allowedRegions}
            onChange={(next) => set("allowedRegions", next)}
            error={errors.allowedRegions}
          />
          <label className="flex items-center gap-2 text-sm sm:col-span-2">
            <input type="checkbox" checked={form.allowSplit} onChange={(e) => set("allowSplit", e.target.checked)} />
            Allow splitting a large training job across two nearby clusters
          </label>
        </fieldset>

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
      <JobPreview input={toSubmitInput(form, idempotencyKey)} />
    </div>
  );
}
