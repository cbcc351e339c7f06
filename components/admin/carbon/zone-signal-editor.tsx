"use client";
// A zone's carbon signal (average or marginal), editable by admins. The scheduler compares clusters
// only within one signal, so the choice decides which clusters a job's candidates are compared with.
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { useTRPC } from "@/components/trpc/react";
import { fieldErrorsOf, messageOf } from "@/components/trpc/errors";

/** The two signals with what each measures. */
export const SIGNAL_OPTIONS = [
  { value: "AVERAGE", label: "average (flow-traced mix, e.g. Electricity Maps)" },
  { value: "MARGINAL", label: "marginal (the plant that answers extra load, e.g. WattTime MOER)" },
] as const;

/** A signal type value. */
export type SignalValue = (typeof SIGNAL_OPTIONS)[number]["value"];

/** Props of {@link ZoneSignalForm}: the form without its server call (rendered and tested alone). */
export interface ZoneSignalFormProps {
  zoneId: string;
  value: SignalValue;
  onChange: (value: SignalValue) => void;
  onSubmit: () => void;
  pending: boolean;
  error?: string;
  saved?: { before: string; after: string } | null;
}

/** The select and save button of one zone's signal type. */
export function ZoneSignalForm({ zoneId, value, onChange, onSubmit, pending, error, saved }: ZoneSignalFormProps) {
  const id = `signal-${zoneId}`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-center gap-1" data-testid="zone-signal-form">
      <label htmlFor={id} className="sr-only">
        Carbon signal of {zoneId}
      </label>
      <select
        id={id}
        name="signalType"
        value={value}
        onChange={(e) => onChange(e.target.value as SignalValue)}
        aria-invalid={!!error || undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="rounded-md border border-slate-300 px-2 py-1 text-xs"
      >
        {SIGNAL_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <Button type="submit" variant="secondary" className="px-2 py-1" disabled={pending} aria-label={`Save the carbon signal of ${zoneId}`}>
        {pending ? "Saving…" : "Save"}
      </Button>
      {error && (
        <p id={`${id}-error`} role="alert" className="w-full text-xs font-medium text-red-700">
          {error}
        </p>
      )}
      {saved && (
        <p role="status" className="w-full text-xs text-leaf-700">
          Saved: {saved.before.toLowerCase()} → {saved.after.toLowerCase()}
        </p>
      )}
    </form>
  );
}

/** The signal editor of one zone, saving through `carbonAdmin.setZoneSignal`. */
export function ZoneSignalEditor({ zoneId, signalType, onSaved }: { zoneId: string; signalType: SignalValue; onSaved: () => void }) {
  const trpc = useTRPC();
  const [value, setValue] = useState<SignalValue>(signalType);
  const save = useMutation(trpc.carbonAdmin.setZoneSignal.mutationOptions({ onSuccess: onSaved }));
  const error = fieldErrorsOf(save.error).signalType ?? fieldErrorsOf(save.error).zoneId ?? (save.error ? messageOf(save.error) : undefined);
  return (
    <ZoneSignalForm
      zoneId={zoneId}
      value={value}
      onChange={setValue}
      onSubmit={() => save.mutate({ zoneId, signalType: value })}
      pending={save.isPending}
      error={error}
      saved={save.isSuccess ? save.data : null}
    />
  );
}
