"use client";
// The new-user form. react-hook-form holds the inputs and checks them with the server's create
// schema (same messages, e.g. a member without a tenant); server errors show beside their fields.
import { useMutation } from "@tanstack/react-query";
import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { FormProvider, useForm } from "react-hook-form";
import { z } from "zod";
import { userCreateSchema, type UserCreate } from "@/server/schemas/user-form";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { useTRPC } from "@/components/trpc/react";
import { fieldErrorMessages } from "@/components/forms/field-error-messages";
import { FormMessages, mergedErrors } from "./form-support";
import { RoleFields, tenantOf, type RoleValues } from "./user-role-fields";

type Values = RoleValues & { email: string; name: string; password: string };
const blank: Values = { email: "", name: "", role: "TENANT_MEMBER", tenantId: "", password: "" };
const schema = z
  .custom<Values>()
  .transform((v) => ({ ...v, tenantId: tenantOf(v) }))
  .pipe(userCreateSchema);

/** Creates a user; `onDone` receives the confirmation. */
export function UserCreateForm({ tenants, onDone }: { tenants: { id: string; name: string }[]; onDone: (m: string) => void }) {
  const trpc = useTRPC();
  const router = useRouter();
  const form = useForm<Values, unknown, UserCreate>({ resolver: zodResolver(schema), defaultValues: blank });
  const create = useMutation(
    trpc.users.create.mutationOptions({
      onSuccess: (u) => {
        router.refresh();
        form.reset(blank);
        onDone(`${u.email} created.`);
      },
    }),
  );
  const errors = mergedErrors(fieldErrorMessages(form.formState.errors), create.error);
  // Runs only once the schema accepts the input; a refused input shows its messages instead.
  const onSubmit = form.handleSubmit((input) => create.mutate(input));
  return (
    <FormProvider {...form}>
      <form
        onSubmit={(e) => void onSubmit(e)}
        noValidate
        aria-labelledby="new-user-title"
        className="flex flex-col gap-3 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      >
        <h2 id="new-user-title" className="font-semibold">
          New user
        </h2>
        <Field id="new-email" label="E-mail" error={errors.email}>
          <Input id="new-email" type="email" autoComplete="off" {...form.register("email")} invalid={!!errors.email} />
        </Field>
        <Field id="new-name" label="Name" error={errors.name}>
          <Input id="new-name" {...form.register("name")} invalid={!!errors.name} />
        </Field>
        <RoleFields prefix="new" tenants={tenants} errors={errors} />
        <Field id="new-password" label="Initial password" error={errors.password} hint="At least 12 characters; tell the user through a safe channel.">
          <Input id="new-password" type="password" autoComplete="new-password" {...form.register("password")} invalid={!!errors.password} />
        </Field>
        <FormMessages error={create.error} errors={errors} />
        <div>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? "Creating…" : "Create user"}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
