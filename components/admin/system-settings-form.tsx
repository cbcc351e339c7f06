"use client";
// The admin's system settings: how long decisions are kept, and whether carbon feed URLs may point at
// loopback, link-local or private addresses (off by default: a feed URL is fetched by the server).
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { systemSettingsFormSchema, type SystemSettingsForm as SettingsInput } from "@/server/schemas/system-settings-form";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { useTRPC } from "@/components/trpc/react";
import type { RouterOutputs } from "@/components/trpc/router-types";
import { FormMessages, mergedErrors } from "./form-support";

/** The settings as `systemSettings.get` returns them. */
export type SystemSettingsView = RouterOutputs["systemSettings"]["get"];

/**
 * Edits the system settings; saving refreshes the page with the stored values. react-hook-form holds
 * the inputs and checks them with the server's own zod schema (same messages) before sending.
 */
export function SystemSettingsForm({ settings }: { settings: SystemSettingsView }) {
  const trpc = useTRPC();
  const router = useRouter();
  const form = useForm<SettingsInput>({
    resolver: zodResolver(systemSettingsFormSchema),
    defaultValues: {
      decisionRetentionDays: settings.decisionRetentionDays,
      allowPrivateFeedUrls: settings.allowPrivateFeedUrls,
      demoArrivalsPerHour: settings.demoArrivalsPerHour,
    },
  });
  const [saved, setSaved] = useState(false);
  const save = useMutation(
    trpc.systemSettings.update.mutationOptions({
      onSuccess: () => {
        setSaved(true);
        router.refresh();
      },
    }),
  );
  const client = Object.fromEntries(Object.entries(form.formState.errors).flatMap(([field, error]) => (error?.message ? [[field, error.message]] : [])));
  const errors = mergedErrors(client, save.error);
  // Runs only once the schema accepts the input; a refused input shows its messages instead.
  const onSubmit = form.handleSubmit((input) => save.mutate(input));
  return (
    <form
      onSubmit={(e) => (setSaved(false), void onSubmit(e))}
      noValidate
      aria-labelledby="settings-form-title"
      className="flex max-w-2xl flex-col gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="settings-form-title" className="font-semibold">
        System settings
      </h2>
      <Field
        id="settings-retention"
        label="Keep decisions for (days)"
        error={errors.decisionRetentionDays}
        hint="1 to 3,650 days. Older decisions are deleted; each job's latest decision is kept."
      >
        {/* valueAsNumber: a blank field is NaN, which the schema names ("Enter a number of days") instead of reading 0. */}
        <Input
          id="settings-retention"
          type="number"
          min={1}
          max={3650}
          step={1}
          {...form.register("decisionRetentionDays", { valueAsNumber: true })}
          invalid={!!errors.decisionRetentionDays}
        />
      </Field>
      <Field
        id="settings-demo-arrivals"
        label="Demo arrivals (jobs per hour)"
        error={errors.demoArrivalsPerHour}
        hint="0 to 100,000. The worker submits jobs drawn from the openb trace to the demo tenants at this rate; 0 stops them."
      >
        <Input
          id="settings-demo-arrivals"
          type="number"
          min={0}
          max={100000}
          step={1}
          {...form.register("demoArrivalsPerHour", { valueAsNumber: true })}
          invalid={!!errors.demoArrivalsPerHour}
        />
      </Field>
      <div className="flex flex-col gap-1">
        <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <input
            id="settings-allow-private"
            type="checkbox"
            {...form.register("allowPrivateFeedUrls")}
            aria-describedby="settings-allow-private-hint"
            className="h-4 w-4 rounded border-slate-300"
          />
          Allow private feed URLs
        </label>
        <p id="settings-allow-private-hint" className="text-xs text-slate-500">
          Lets carbon feed URLs reach loopback (127.0.0.1), link-local (169.254.x.x, including cloud metadata) and private network addresses. Leave off unless a
          feed runs inside your network.
        </p>
        {errors.allowPrivateFeedUrls && (
          <p role="alert" className="text-xs font-medium text-red-700">
            {errors.allowPrivateFeedUrls}
          </p>
        )}
      </div>
      <FormMessages error={save.error} errors={errors} success={saved ? "Settings saved." : undefined} />
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save settings"}
        </Button>
      </div>
    </form>
  );
}
