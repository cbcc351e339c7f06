"use client";
// The "new auto-tune" form: the training and held-out validation windows (days, the validation window
// ending now and the training window just before it), the limits against the active policy, the trial
// budget and the seed. The server checks every field (auto-tune schema) and that both windows hold
// jobs to replay; its errors show under the field they name.
import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { useTRPC } from "@/components/trpc/react";
import { fieldErrorsOf, messageOf } from "@/components/trpc/errors";

const FIELDS = [
  { key: "trainingDays", label: "Training window (days)", hint: "Searched on: the days just before the validation window.", step: "0.25" },
  { key: "validationDays", label: "Held-out validation window (days)", hint: "Ends now; the best candidates are replayed here.", step: "0.25" },
  { key: "budget", label: "Trials", hint: "Training replays, the active policy's own included (2-200).", step: "1" },
  { key: "maxGarDropPts", label: "Largest GAR drop (points)", hint: "Against the active policy on the same window.", step: "0.5" },
  { key: "maxMeanWaitIncreasePct", label: "Largest mean-wait increase (%)", hint: "Against the active policy, plus one minute.", step: "1" },
  { key: "seed", label: "Seed", hint: "Same seed and history, same trials.", step: "1" },
] as const;

type Key = (typeof FIELDS)[number]["key"];

/** Starts an auto-tune and opens its page. */
export function AutoTuneForm() {
  const trpc = useTRPC();
  const router = useRouter();
  const [name, setName] = useState("Auto-tune");
  const [values, setValues] = useState<Record<Key, string>>({
    trainingDays: "3",
    validationDays: "1",
    budget: "16",
    maxGarDropPts: "1",
    maxMeanWaitIncreasePct: "10",
    seed: "1",
  });
  const start = useMutation(trpc.autoTune.start.mutationOptions({ onSuccess: ({ id }) => router.push(`/operator/experiments/${id}`) }));
  const errors = fieldErrorsOf(start.error);
  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const n = (k: Key) => (values[k].trim() === "" ? Number.NaN : Number(values[k]));
    start.mutate({
      name,
      trainingDays: n("trainingDays"),
      validationDays: n("validationDays"),
      budget: n("budget"),
      maxGarDropPts: n("maxGarDropPts"),
      maxMeanWaitIncreasePct: n("maxMeanWaitIncreasePct"),
      seed: n("seed"),
    });
  };
  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-3xl gap-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <Field id="name" label="Name" error={errors.name}>
        <Input id="name" value={name} onChange={(e) => setName(e.target.value)} invalid={!!errors.name} maxLength={120} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map((f) => (
          <Field key={f.key} id={f.key} label={f.label} hint={f.hint} error={errors[f.key]}>
            <Input
              id={f.key}
              type="number"
              inputMode="decimal"
              step={f.step}
              value={values[f.key]}
              onChange={(e) => setValues((v) => ({ ...v, [f.key]: e.target.value }))}
              invalid={!!errors[f.key]}
            />
          </Field>
        ))}
      </div>
      {start.error && !Object.keys(errors).length && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {messageOf(start.error)}
        </p>
      )}
      <div>
        <Button type="submit" disabled={start.isPending}>
          {start.isPending ? "Starting…" : "Start auto-tune"}
        </Button>
      </div>
    </form>
  );
}
