"use client";
// Add a webhook subscription or edit one: name, who it covers (all tenants or one), URL, an optional
// signing secret (write-only: the server keeps it sealed and says only whether one is set) and the
// events. Checked with the server's own schema; the server's URL policy errors show under the URL.
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import {
  FLEET_KINDS,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  notificationSubscriptionSchema,
  type NotificationKind,
} from "@/server/schemas/notification-form";
import { CheckboxGroup } from "@/components/ui/checkbox-group";
import { Field, Input, Select } from "@/components/ui/field";
import { useTRPC } from "@/components/trpc/react";
import type { RouterOutputs } from "@/components/trpc/router-types";
import { clientErrors, FormActions, FormMessages, mergedErrors } from "../form-support";

/** One row of `notifications.subscriptions`. */
export type SubscriptionRow = RouterOutputs["notifications"]["subscriptions"][number];

interface Values {
  name: string;
  tenantId: string;
  channel: "webhook" | "email";
  url: string;
  email: string;
  secret: string;
  removeSecret: boolean;
  events: NotificationKind[];
  enabled: boolean;
}

const blank: Values = {
  name: "",
  tenantId: "",
  channel: "webhook",
  url: "",
  email: "",
  secret: "",
  removeSecret: false,
  events: ["job.failed"],
  enabled: true,
};

/** The add/edit form; `onDone` receives the confirmation ("" on cancel). */
export function SubscriptionForm({
  editing,
  tenants,
  onDone,
}: {
  editing: SubscriptionRow | null;
  tenants: { id: string; name: string }[];
  onDone: (message: string) => void;
}) {
  const trpc = useTRPC();
  const router = useRouter();
  const [values, setValues] = useState<Values>(
    editing
      ? {
          name: editing.name,
          tenantId: editing.tenantId ?? "",
          channel: editing.channel === "email" ? "email" : "webhook",
          url: editing.url ?? "",
          email: editing.email ?? "",
          secret: "",
          removeSecret: false,
          events: editing.events as NotificationKind[],
          enabled: editing.enabled,
        }
      : blank,
  );
  const [client, setClient] = useState<Record<string, string>>({});
  const save = useMutation(
    trpc.notifications.save.mutationOptions({
      onSuccess: (s) => {
        router.refresh();
        onDone(`${s.name} ${editing ? "saved" : "added"}.`);
      },
    }),
  );
  const errors = mergedErrors(client, save.error);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));
  const input = () => ({
    ...(editing ? { id: editing.id } : {}),
    name: values.name,
    tenantId: values.tenantId || null,
    channel: values.channel,
    url: values.channel === "webhook" ? values.url : "",
    email: values.channel === "email" ? values.email : "",
    signingSecret: values.removeSecret ? "" : values.secret === "" ? null : values.secret,
    events: values.events,
    enabled: values.enabled,
  });
  const kinds = values.tenantId ? NOTIFICATION_KINDS.filter((k) => !FLEET_KINDS.includes(k)) : NOTIFICATION_KINDS;
  return (
    <form
      noValidate
      aria-labelledby="ns-form-title"
      className="flex flex-col gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      onSubmit={(e) => {
        e.preventDefault();
        const found = clientErrors(notificationSubscriptionSchema, input());
        setClient(found ?? {});
        if (!found) save.mutate(notificationSubscriptionSchema.parse(input()));
      }}
    >
      <h2 id="ns-form-title" className="font-semibold">
        {editing ? `Edit ${editing.name}` : "New subscription"}
      </h2>
      <Field id="ns-name" label="Name" error={errors.name}>
        <Input id="ns-name" type="text" value={values.name} onChange={(e) => set("name", e.target.value)} invalid={!!errors.name} />
      </Field>
      <Field id="ns-tenant" label="Events of" error={errors.tenantId} hint="A tenant's webhook receives only that tenant's events.">
        <Select
          id="ns-tenant"
          value={values.tenantId}
          onChange={(e) =>
            setValues((v) => ({ ...v, tenantId: e.target.value, events: e.target.value ? v.events.filter((k) => !FLEET_KINDS.includes(k)) : v.events }))
          }
          invalid={!!errors.tenantId}
        >
          <option value="">All tenants and the fleet</option>
          {tenants.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="ns-channel" label="Send by" error={errors.channel}>
        <Select
          id="ns-channel"
          value={values.channel}
          onChange={(e) => set("channel", e.target.value === "email" ? "email" : "webhook")}
          invalid={!!errors.channel}
        >
          <option value="webhook">Webhook (HTTP POST)</option>
          <option value="email">E-mail</option>
        </Select>
      </Field>
      {values.channel === "email" ? (
        <Field id="ns-email" label="E-mail address" error={errors.email} hint="Sent through the outgoing mail server set below.">
          <Input id="ns-email" type="email" value={values.email} onChange={(e) => set("email", e.target.value)} invalid={!!errors.email} />
        </Field>
      ) : (
        <>
          <Field id="ns-url" label="Webhook URL" error={errors.url} hint="Receives a JSON POST per event; a 2xx answer counts as delivered.">
            <Input id="ns-url" type="url" inputMode="url" value={values.url} onChange={(e) => set("url", e.target.value)} invalid={!!errors.url} />
          </Field>
          <Field
            id="ns-secret"
            label="Signing secret"
            error={errors.signingSecret}
            hint={
              editing?.hasSigningSecret
                ? "One is set (never shown). Type a new one to replace it, or leave blank to keep it."
                : "Optional. Set, each request carries an X-Verdant-Signature HMAC-SHA256 header."
            }
          >
            <Input
              id="ns-secret"
              type="password"
              autoComplete="new-password"
              value={values.secret}
              disabled={values.removeSecret}
              onChange={(e) => set("secret", e.target.value)}
              invalid={!!errors.signingSecret}
            />
          </Field>
          {editing?.hasSigningSecret && (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={values.removeSecret} onChange={(e) => set("removeSecret", e.target.checked)} />
              Remove the signing secret (requests go unsigned)
            </label>
          )}
        </>
      )}
      <CheckboxGroup
        id="ns-events"
        label="Events"
        emptyMeaning="nothing is sent"
        options={kinds.map((k) => ({ value: k, label: NOTIFICATION_KIND_LABELS[k] }))}
        selected={values.events}
        onChange={(next) => set("events", next as NotificationKind[])}
        error={errors.events}
      />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={values.enabled} onChange={(e) => set("enabled", e.target.checked)} />
        Enabled (a disabled webhook keeps its pending deliveries until enabled again)
      </label>
      <FormMessages error={save.error} errors={errors} />
      <FormActions pending={save.isPending} editing={!!editing} saveLabel="Save subscription" createLabel="Add subscription" onCancel={() => onDone("")} />
    </form>
  );
}
