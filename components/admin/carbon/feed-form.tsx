"use client";
// Add or edit an HTTP carbon feed. react-hook-form holds the inputs and checks them with the
// server's own schema (same messages); server errors (e.g. a signal type the zone does not use) show
// beside their fields. The API token is write-only: the browser learns only whether one is set.
import { useMutation } from "@tanstack/react-query";
import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useForm, useWatch, type UseFormReturn } from "react-hook-form";
import { feedFormSchema, type FeedForm as FeedValues, type FeedFormInput } from "@/server/schemas/carbon-admin";
import type { CarbonSettings } from "@/server/services/carbon-admin-service";
import { Button } from "@/components/ui/button";
import { Field, Input, Select } from "@/components/ui/field";
import { useTRPC } from "@/components/trpc/react";
import { fieldErrorsOf, messageOf } from "@/components/trpc/errors";
import { fieldErrorMessages } from "@/components/forms/field-error-messages";
import { PROVIDERS, type Provider } from "./feed-providers";

type FeedFormApi = UseFormReturn<FeedFormInput, unknown, FeedValues>;

/** The provider choice; switching keeps a custom base URL and swaps a provider's default for the new one's. */
function ProviderField({ form, error }: { form: FeedFormApi; error?: string }) {
  return (
    <Field id="feed-provider" label="Provider and signal" hint="The signal type follows the provider and must match the zone's." error={error}>
      <Controller
        control={form.control}
        name="provider"
        render={({ field }) => (
          <Select
            id="feed-provider"
            value={field.value}
            invalid={!!error}
            onBlur={field.onBlur}
            onChange={(e) => {
              const previous = field.value;
              const provider = e.target.value as Provider;
              field.onChange(provider);
              if (form.getValues("baseUrl") === PROVIDERS[previous].url) form.setValue("baseUrl", PROVIDERS[provider].url);
            }}
          >
            {Object.entries(PROVIDERS).map(([k, p]) => (
              <option key={k} value={k}>
                {p.label}
              </option>
            ))}
          </Select>
        )}
      />
    </Field>
  );
}

function TokenField({ form, error, hasToken }: { form: FeedFormApi; error?: string; hasToken: boolean }) {
  const clearToken = useWatch({ control: form.control, name: "clearToken" });
  return (
    <Field id="feed-token" label="API token" hint={hasToken ? "A token is set. Leave empty to keep it." : "No token is set."} error={error}>
      <Input id="feed-token" type="password" autoComplete="off" {...form.register("apiToken")} invalid={!!error} disabled={clearToken} />
    </Field>
  );
}

/** The feed editor; `onDone` runs after a save and on cancel. */
export function FeedForm(props: { zones: CarbonSettings["zones"]; initial: FeedFormInput; hasToken: boolean; onDone: () => void }) {
  const { zones, initial, hasToken, onDone } = props;
  const trpc = useTRPC();
  const form: FeedFormApi = useForm({ resolver: zodResolver(feedFormSchema), defaultValues: initial });
  const save = useMutation(trpc.carbonAdmin.saveFeed.mutationOptions({ onSuccess: onDone }));
  const errors = { ...fieldErrorsOf(save.error), ...fieldErrorMessages(form.formState.errors) };
  // Runs only once the schema accepts the input; a refused input shows its messages instead.
  const onSubmit = form.handleSubmit((input) => save.mutate(input));
  const { register } = form;
  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      className="grid gap-3 rounded-lg border border-slate-200 p-4 sm:grid-cols-2"
      aria-label={initial.id ? "Edit feed" : "New feed"}
    >
      <Field id="feed-zone" label="Grid zone" error={errors.zoneId}>
        <Select id="feed-zone" {...register("zoneId")} invalid={!!errors.zoneId} disabled={!!initial.id}>
          {zones.map((z) => (
            <option key={z.id} value={z.id}>
              {z.id} · {z.name} ({z.signalType.toLowerCase()})
            </option>
          ))}
        </Select>
      </Field>
      <ProviderField form={form} error={errors.provider} />
      <Field id="feed-url" label="Base URL" error={errors.baseUrl}>
        <Input id="feed-url" type="url" {...register("baseUrl")} invalid={!!errors.baseUrl} />
      </Field>
      <TokenField form={form} error={errors.apiToken} hasToken={hasToken} />
      <Field
        id="feed-external"
        label="Provider's zone or region code (optional)"
        hint="When it differs from the zone id, e.g. a WattTime region"
        error={errors.externalZone}
      >
        <Input id="feed-external" {...register("externalZone")} invalid={!!errors.externalZone} />
      </Field>
      <Field id="feed-interval" label="Poll every (seconds, at least 60)" error={errors.pollIntervalS}>
        {/* valueAsNumber: a blank field is NaN, which the schema names ("Enter seconds") instead of reading 0. */}
        <Input id="feed-interval" type="number" min="60" step="1" {...register("pollIntervalS", { valueAsNumber: true })} invalid={!!errors.pollIntervalS} />
      </Field>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" {...register("enabled")} /> Enabled (polled by the control loop)
      </label>
      {hasToken && (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" {...register("clearToken")} /> Remove the stored token
        </label>
      )}
      {save.error && Object.keys(errors).length === 0 && (
        <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800 sm:col-span-2">
          {messageOf(save.error)}
        </p>
      )}
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving…" : initial.id ? "Save feed" : "Add feed"}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
