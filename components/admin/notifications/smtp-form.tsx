"use client";
// The outgoing mail server e-mail subscriptions are sent through: host, port, TLS, sender, and an
// optional sign-in (the password write-only: the server keeps it sealed and says only whether one is set).
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { smtpSettingSchema } from "@/server/schemas/notification-form";
import { Field, Input } from "@/components/ui/field";
import { Button } from "@/components/ui/button";
import { useTRPC } from "@/components/trpc/react";
import type { RouterOutputs } from "@/components/trpc/router-types";
import { clientErrors, FormMessages, mergedErrors, num, str } from "../form-support";

type Smtp = RouterOutputs["notifications"]["smtp"];

/** The SMTP form. */
export function SmtpForm({ smtp }: { smtp: Smtp }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [values, setValues] = useState({
    host: smtp?.host ?? "",
    port: str(smtp?.port ?? 587),
    secure: smtp?.secure ?? false,
    fromAddress: smtp?.fromAddress ?? "",
    username: smtp?.username ?? "",
    password: "",
    removePassword: false,
  });
  const [client, setClient] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const save = useMutation(
    trpc.notifications.saveSmtp.mutationOptions({
      onSuccess: () => {
        setSaved(true);
        setValues((v) => ({ ...v, password: "", removePassword: false }));
        router.refresh();
      },
    }),
  );
  const errors = mergedErrors(client, save.error);
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) => setValues((v) => ({ ...v, [key]: value }));
  const input = () => ({
    host: values.host,
    port: num(values.port),
    secure: values.secure,
    fromAddress: values.fromAddress,
    username: values.username,
    password: values.removePassword ? "" : values.password === "" ? null : values.password,
  });
  return (
    <form
      noValidate
      aria-labelledby="smtp-form-title"
      className="flex flex-col gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      onSubmit={(e) => {
        e.preventDefault();
        setSaved(false);
        const found = clientErrors(smtpSettingSchema, input());
        setClient(found ?? {});
        if (!found) save.mutate(smtpSettingSchema.parse(input()));
      }}
    >
      <h2 id="smtp-form-title" className="font-semibold">
        Outgoing e-mail
      </h2>
      <p className="text-sm text-slate-600">E-mail subscriptions are sent through this SMTP server; without it their deliveries fail saying so.</p>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_8rem]">
        <Field id="smtp-host" label="SMTP host" error={errors.host}>
          <Input id="smtp-host" type="text" value={values.host} onChange={(e) => set("host", e.target.value)} invalid={!!errors.host} />
        </Field>
        <Field id="smtp-port" label="Port" error={errors.port}>
          <Input id="smtp-port" type="number" step="1" value={values.port} onChange={(e) => set("port", e.target.value)} invalid={!!errors.port} />
        </Field>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={values.secure} onChange={(e) => set("secure", e.target.checked)} />
        TLS from the start (usually port 465; otherwise STARTTLS is used when the server offers it)
      </label>
      <Field id="smtp-from" label="From address" error={errors.fromAddress}>
        <Input id="smtp-from" type="email" value={values.fromAddress} onChange={(e) => set("fromAddress", e.target.value)} invalid={!!errors.fromAddress} />
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="smtp-user" label="SMTP user name" error={errors.username} hint="Blank: the server takes mail without signing in.">
          <Input
            id="smtp-user"
            type="text"
            autoComplete="off"
            value={values.username}
            onChange={(e) => set("username", e.target.value)}
            invalid={!!errors.username}
          />
        </Field>
        <Field
          id="smtp-password"
          label="SMTP password"
          error={errors.password}
          hint={smtp?.hasPassword ? "One is set (never shown); blank keeps it." : "Stored encrypted."}
        >
          <Input
            id="smtp-password"
            type="password"
            autoComplete="new-password"
            value={values.password}
            disabled={values.removePassword}
            onChange={(e) => set("password", e.target.value)}
            invalid={!!errors.password}
          />
        </Field>
      </div>
      {smtp?.hasPassword && (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={values.removePassword} onChange={(e) => set("removePassword", e.target.checked)} />
          Remove the stored password
        </label>
      )}
      <FormMessages error={save.error} errors={errors} success={saved ? "Outgoing e-mail saved." : undefined} />
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save outgoing e-mail"}
        </Button>
      </div>
    </form>
  );
}
