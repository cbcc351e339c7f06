"use client";
// Edit the placement policy: weights and constraints, preview the effect on recent decisions, save
// as a new audited version. Input is kept on server errors; errors show beside their fields.
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import type { PolicyFormInput } from "@/server/schemas/policy-form";
import { OBJECTIVE_INFO } from "@/server/engine";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { formatEmissions } from "@/components/ui/format";
import { useTRPC } from "@/components/trpc/react";
import { fieldErrorsOf, messageOf } from "@/components/trpc/errors";

/** One weight field per registered objective, so every stored weight (e.g. `load`) is shown and saved back. */
const WEIGHTS = OBJECTIVE_INFO.map((o) => [o.name, o.label] as const);

/** The policy editor: weights, constraints, preview and save. */
export function PolicyEditor({ initial }: { initial: PolicyFormInput }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [form, setForm] = useState(initial);
  const preview = useMutation(trpc.policies.preview.mutationOptions());
  // Not remounted on save (the form already holds the saved values), so the confirmation stays on screen
  // when the refreshed page shows the new version; only the note starts empty for the next change.
  const save = useMutation(
    trpc.policies.save.mutationOptions({
      onSuccess: () => {
        setForm((f) => ({ ...f, note: "" }));
        router.refresh();
      },
    }),
  );
  const errors = { ...fieldErrorsOf(preview.error), ...fieldErrorsOf(save.error) };
  const num = (s: string) => (s.trim() === "" ? Number.NaN : Number(s));
  const setWeight = (key: string, value: string) => setForm((f) => ({ ...f, objectiveWeights: { ...f.objectiveWeights, [key]: num(value) } }));
  const onSave = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(form);
  };
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <form onSubmit={onSave} noValidate className="flex flex-col gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-2 font-semibold">Objective weights</legend>
          {WEIGHTS.map(([key, label]) => (
            <Field key={key} id={`weight-${key}`} label={label} error={errors[`objectiveWeights.${key}`]}>
              <Input
                id={`weight-${key}`}
                type="number"
                min="0"
                max="10"
                step="0.05"
                value={Number.isNaN(form.objectiveWeights[key] ?? 0) ? "" : (form.objectiveWeights[key] ?? 0)}
                onChange={(e) => setWeight(key, e.target.value)}
                invalid={!!errors[`objectiveWeights.${key}`]}
              />
            </Field>
          ))}
        </fieldset>
        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-2 font-semibold">Constraints</legend>
          <Field id="maxDeferralHours" label="Longest wait for cleaner power (hours)" error={errors.maxDeferralHours}>
            <Input
              id="maxDeferralHours"
              type="number"
              min="0"
              max="168"
              step="1"
              value={Number.isNaN(form.maxDeferralHours) ? "" : form.maxDeferralHours}
              onChange={(e) => setForm((f) => ({ ...f, maxDeferralHours: num(e.target.value) }))}
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
              value={Number.isNaN(form.minDeferralSavingPct) ? "" : form.minDeferralSavingPct}
              onChange={(e) => setForm((f) => ({ ...f, minDeferralSavingPct: num(e.target.value) }))}
              invalid={!!errors.minDeferralSavingPct}
            />
          </Field>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={form.honorCarbonBudget} onChange={(e) => setForm((f) => ({ ...f, honorCarbonBudget: e.target.checked }))} /> Enforce
            tenants&apos; carbon budgets
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={form.allowSplitAcrossClusters}
              onChange={(e) => setForm((f) => ({ ...f, allowSplitAcrossClusters: e.target.checked }))}
            />{" "}
            Allow splitting gangs across linked clusters
          </label>
        </fieldset>
        <Field id="note" label="Why this change (kept with the version)" error={errors.note}>
          <Input id="note" value={form.note ?? ""} onChange={(e) => setForm((f) => ({ ...f, note: e.target.value }))} invalid={!!errors.note} />
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
          <Button variant="secondary" onClick={() => preview.mutate(form)} disabled={preview.isPending}>
            {preview.isPending ? "Previewing…" : "Preview impact"}
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? "Saving…" : "Save as new version"}
          </Button>
        </div>
      </form>
      <section
        aria-labelledby="impact-title"
        aria-live="polite"
        className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
        data-testid="policy-preview"
      >
        <h2 id="impact-title" className="font-semibold">
          Impact on recent decisions
        </h2>
        {!preview.data && (
          <p className="mt-2 text-sm text-slate-600">
            Preview re-decides the most recently decided jobs on the fleet as it is now, under the active and the edited policy.
          </p>
        )}
        {preview.data && (
          <div className="mt-2 flex flex-col gap-3 text-sm">
            <p>
              <strong>{preview.data.changed}</strong> of {preview.data.jobs} jobs would be decided differently. Their estimated emissions:{" "}
              {formatEmissions(preview.data.gCo2eCurrent)} now → {formatEmissions(preview.data.gCo2eEdited)} with the edit.
            </p>
            <ul className="text-slate-700">
              {preview.data.changes.map((c) => (
                <li key={c.key}>
                  <span className="font-mono">{c.key}</span>: {String(c.before)} → {String(c.after)}
                </li>
              ))}
            </ul>
            {preview.data.rows.length > 0 && (
              <table className="min-w-full">
                <thead className="text-left text-xs uppercase text-slate-600">
                  <tr>
                    <th scope="col">Job</th>
                    <th scope="col">Active policy</th>
                    <th scope="col">Edited</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.data.rows.slice(0, 15).map((r) => (
                    <tr key={r.jobId} className="border-t border-slate-100">
                      <td className="py-1">{r.jobName}</td>
                      <td className="py-1">
                        {r.current.cluster ?? "—"} · {r.current.outcome} · {formatEmissions(r.current.gCo2e)}
                      </td>
                      <td className="py-1">
                        {r.edited.cluster ?? "—"} · {r.edited.outcome} · {formatEmissions(r.edited.gCo2e)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
        )}
      </section>
    </div>
  );
}
