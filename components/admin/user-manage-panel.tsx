"use client";
// One chosen user: change name, role and tenant; reset the password; disable or enable; delete.
// Each form checks its input with the server's own schema; the server refuses removing yourself or
// the last admin and says why.
import { useMutation } from "@tanstack/react-query";
import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { FormProvider, useForm } from "react-hook-form";
import { z } from "zod";
import { passwordResetSchema, userUpdateSchema, type UserUpdate } from "@/server/schemas/user-form";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Field, Input } from "@/components/ui/field";
import { useTRPC } from "@/components/trpc/react";
import type { RouterOutputs } from "@/components/trpc/router-types";
import { messageOf } from "@/components/trpc/errors";
import { fieldErrorMessages } from "@/components/forms/field-error-messages";
import { FormMessages, mergedErrors } from "./form-support";
import { RoleFields, tenantOf, type RoleValues } from "./user-role-fields";

/** One row of `users.list` as the server returns it. */
export type UserRow = RouterOutputs["users"]["list"][number];
type Tenants = { id: string; name: string }[];
type Done = (m: string) => void;

function UserEditForm({ user, tenants, onSaved }: { user: UserRow; tenants: Tenants; onSaved: () => void }) {
  const trpc = useTRPC();
  type Values = RoleValues & { name: string };
  const schema = z
    .custom<Values>()
    .transform((v) => ({ id: user.id, name: v.name, role: v.role, tenantId: tenantOf(v) }))
    .pipe(userUpdateSchema);
  const form = useForm<Values, unknown, UserUpdate>({
    resolver: zodResolver(schema),
    defaultValues: { name: user.name, role: user.role, tenantId: user.tenantId ?? "" },
  });
  const update = useMutation(trpc.users.update.mutationOptions({ onSuccess: onSaved }));
  const errors = mergedErrors(fieldErrorMessages(form.formState.errors), update.error);
  const onSave = form.handleSubmit((input) => update.mutate(input));
  return (
    <FormProvider {...form}>
      <form onSubmit={(e) => void onSave(e)} noValidate className="flex flex-col gap-3">
        <Field id="edit-name" label="Name" error={errors.name}>
          <Input id="edit-name" {...form.register("name")} invalid={!!errors.name} />
        </Field>
        <RoleFields prefix="edit" tenants={tenants} errors={errors} />
        <FormMessages error={update.error} errors={errors} />
        <div>
          <Button type="submit" disabled={update.isPending}>
            Save role and name
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}

const passwordSchema = passwordResetSchema.pick({ password: true });

function PasswordResetForm({ user, onDone }: { user: UserRow; onDone: Done }) {
  const trpc = useTRPC();
  const form = useForm({ resolver: zodResolver(passwordSchema), defaultValues: { password: "" } });
  const reset = useMutation(
    trpc.users.resetPassword.mutationOptions({
      onSuccess: () => {
        form.reset({ password: "" });
        onDone(`Password of ${user.email} reset.`);
      },
    }),
  );
  const errors = mergedErrors(fieldErrorMessages(form.formState.errors), reset.error);
  const onReset = form.handleSubmit(({ password }) => reset.mutate({ id: user.id, password }));
  return (
    <form onSubmit={(e) => void onReset(e)} noValidate className="flex flex-col gap-3 border-t border-slate-100 pt-4">
      <Field id="reset-password" label="New password" error={errors.password} hint="At least 12 characters. Open sessions stay signed in.">
        <Input id="reset-password" type="password" autoComplete="new-password" {...form.register("password")} invalid={!!errors.password} />
      </Field>
      <FormMessages error={reset.error} errors={errors} />
      <div>
        <Button type="submit" variant="secondary" disabled={reset.isPending}>
          Reset password
        </Button>
      </div>
    </form>
  );
}

function AccountActions({ user, finish }: { user: UserRow; finish: (m: string) => () => void }) {
  const trpc = useTRPC();
  const disable = useMutation(trpc.users.setDisabled.mutationOptions({ onSuccess: finish(`${user.email} ${user.disabledAt ? "enabled" : "disabled"}.`) }));
  const remove = useMutation(trpc.users.delete.mutationOptions({ onSuccess: finish(`${user.email} deleted.`) }));
  const actionError = disable.error ?? remove.error;
  return (
    <div className="flex flex-col gap-2 border-t border-slate-100 pt-4">
      {actionError != null && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {messageOf(actionError)}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" disabled={disable.isPending} onClick={() => disable.mutate({ id: user.id, disabled: !user.disabledAt })}>
          {user.disabledAt ? "Enable account" : "Disable account"}
        </Button>
        <ConfirmButton
          disabled={remove.isPending}
          onConfirm={() => remove.mutate({ id: user.id })}
          title={`Delete ${user.email}?`}
          body="The account is removed for good and its sessions end. To keep its history, disable it instead."
          confirmLabel="Delete user"
        >
          Delete user
        </ConfirmButton>
      </div>
      <p className="text-xs text-slate-500">
        Users who submitted jobs cannot be deleted (the jobs keep their submitter): disable them. Nobody can remove the last admin, and you cannot remove
        yourself.
      </p>
    </div>
  );
}

/** The chosen user's card; `onDone` receives the confirmation of each change. */
export function UserManagePanel({ user, tenants, onDone }: { user: UserRow; tenants: Tenants; onDone: Done }) {
  const router = useRouter();
  const finish = (m: string) => () => {
    router.refresh();
    onDone(m);
  };
  return (
    <section aria-labelledby="manage-title" className="flex flex-col gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id="manage-title" className="font-semibold">
        {user.email}
      </h2>
      <UserEditForm user={user} tenants={tenants} onSaved={finish(`${user.email} saved.`)} />
      <PasswordResetForm user={user} onDone={onDone} />
      <AccountActions user={user} finish={finish} />
    </section>
  );
}
