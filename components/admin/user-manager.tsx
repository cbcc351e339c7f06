"use client";
// Users and roles: create a user, and for a chosen user change name/role/tenant, reset the password,
// disable or enable, delete. The server refuses removing yourself or the last admin and says why.
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { passwordResetSchema, userCreateSchema, userUpdateSchema } from "@/server/schemas/user-form";
import { Button } from "@/components/ui/button";
import { Field, Input, Select } from "@/components/ui/field";
import { LocalTime } from "@/components/ui/local-time";
import { useTRPC } from "@/components/trpc/react";
import type { RouterOutputs } from "@/components/trpc/router-types";
import { messageOf } from "@/components/trpc/errors";
import { clientErrors, FormMessages, mergedErrors } from "./form-support";

type Role = UserRow["role"];
/** One row of `users.list` as the server returns it. */
export type UserRow = RouterOutputs["users"]["list"][number];
const ROLE_LABEL: Record<Role, string> = { ADMIN: "Admin", OPERATOR: "Operator", TENANT_MEMBER: "Tenant member" };

function RoleFields({
  prefix,
  role,
  tenantId,
  tenants,
  errors,
  onRole,
  onTenant,
}: {
  prefix: string;
  role: Role;
  tenantId: string;
  tenants: { id: string; name: string }[];
  errors: Record<string, string>;
  onRole: (r: Role) => void;
  onTenant: (t: string) => void;
}) {
  return (
    <>
      <Field id={`${prefix}-role`} label="Role" error={errors.role}>
        <Select id={`${prefix}-role`} value={role} onChange={(e) => onRole(e.target.value as Role)}>
          {(Object.keys(ROLE_LABEL) as Role[]).map((r) => (
            <option key={r} value={r}>
              {ROLE_LABEL[r]}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        id={`${prefix}-tenant`}
        label="Tenant"
        error={errors.tenantId}
        hint={role === "TENANT_MEMBER" ? "A member sees and submits only this tenant's jobs." : "Only tenant members belong to a tenant."}
      >
        <Select
          id={`${prefix}-tenant`}
          value={role === "TENANT_MEMBER" ? tenantId : ""}
          disabled={role !== "TENANT_MEMBER"}
          onChange={(e) => onTenant(e.target.value)}
          invalid={!!errors.tenantId}
        >
          <option value="">{role === "TENANT_MEMBER" ? "Choose a tenant" : "—"}</option>
          {tenants.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </Select>
      </Field>
    </>
  );
}

function CreateUser({ tenants, onDone }: { tenants: { id: string; name: string }[]; onDone: (m: string) => void }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [form, setForm] = useState({ email: "", name: "", role: "TENANT_MEMBER" as Role, tenantId: "", password: "" });
  const [client, setClient] = useState<Record<string, string>>({});
  const create = useMutation(
    trpc.users.create.mutationOptions({
      onSuccess: (u) => {
        router.refresh();
        setForm({ email: "", name: "", role: "TENANT_MEMBER", tenantId: "", password: "" });
        onDone(`${u.email} created.`);
      },
    }),
  );
  const errors = mergedErrors(client, create.error);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const input = { ...form, tenantId: form.role === "TENANT_MEMBER" ? form.tenantId || null : null };
    const found = clientErrors(userCreateSchema, input);
    setClient(found ?? {});
    if (!found) create.mutate(input);
  };
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="new-user-title"
      className="flex flex-col gap-3 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="new-user-title" className="font-semibold">
        New user
      </h2>
      <Field id="new-email" label="E-mail" error={errors.email}>
        <Input
          id="new-email"
          type="email"
          autoComplete="off"
          value={form.email}
          onChange={(e) => setForm((f) => ({ ...f, email: e.target.value }))}
          invalid={!!errors.email}
        />
      </Field>
      <Field id="new-name" label="Name" error={errors.name}>
        <Input id="new-name" value={form.name} onChange={(e) => setForm((f) => ({ ...f, name: e.target.value }))} invalid={!!errors.name} />
      </Field>
      <RoleFields
        prefix="new"
        role={form.role}
        tenantId={form.tenantId}
        tenants={tenants}
        errors={errors}
        onRole={(role) => setForm((f) => ({ ...f, role }))}
        onTenant={(tenantId) => setForm((f) => ({ ...f, tenantId }))}
      />
      <Field id="new-password" label="Initial password" error={errors.password} hint="At least 12 characters; tell the user through a safe channel.">
        <Input
          id="new-password"
          type="password"
          autoComplete="new-password"
          value={form.password}
          onChange={(e) => setForm((f) => ({ ...f, password: e.target.value }))}
          invalid={!!errors.password}
        />
      </Field>
      <FormMessages error={create.error} errors={errors} />
      <div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? "Creating…" : "Create user"}
        </Button>
      </div>
    </form>
  );
}

function ManageUser({ user, tenants, onDone }: { user: UserRow; tenants: { id: string; name: string }[]; onDone: (m: string) => void }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [form, setForm] = useState({ name: user.name, role: user.role, tenantId: user.tenantId ?? "" });
  const [password, setPassword] = useState("");
  const [client, setClient] = useState<Record<string, string>>({});
  const [pwClient, setPwClient] = useState<Record<string, string>>({});
  const finish = (m: string) => () => {
    router.refresh();
    onDone(m);
  };
  const update = useMutation(trpc.users.update.mutationOptions({ onSuccess: finish(`${user.email} saved.`) }));
  const reset = useMutation(
    trpc.users.resetPassword.mutationOptions({
      onSuccess: () => {
        setPassword("");
        onDone(`Password of ${user.email} reset.`);
      },
    }),
  );
  const disable = useMutation(trpc.users.setDisabled.mutationOptions({ onSuccess: finish(`${user.email} ${user.disabledAt ? "enabled" : "disabled"}.`) }));
  const remove = useMutation(trpc.users.delete.mutationOptions({ onSuccess: finish(`${user.email} deleted.`) }));
  const errors = mergedErrors(client, update.error);
  const pwErrors = mergedErrors(pwClient, reset.error);
  const onSave = (e: FormEvent) => {
    e.preventDefault();
    const input = { id: user.id, name: form.name, role: form.role, tenantId: form.role === "TENANT_MEMBER" ? form.tenantId || null : null };
    const found = clientErrors(userUpdateSchema, input);
    setClient(found ?? {});
    if (!found) update.mutate(input);
  };
  const onReset = (e: FormEvent) => {
    e.preventDefault();
    const found = clientErrors(passwordResetSchema, { id: user.id, password });
    setPwClient(found ?? {});
    if (!found) reset.mutate({ id: user.id, password });
  };
  const actionError = disable.error ?? remove.error;
  return (
    <section aria-labelledby="manage-title" className="flex flex-col gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id="manage-title" className="font-semibold">
        {user.email}
      </h2>
      <form onSubmit={onSave} noValidate className="flex flex-col gap-3">
        <Field id="edit-name" label="Name" error={errors.name}>
          <Input id="edit-name" value={form.name} onChange={(e) => setForm((f) => ({ ...f, name: e.target.value }))} invalid={!!errors.name} />
        </Field>
        <RoleFields
          prefix="edit"
          role={form.role}
          tenantId={form.tenantId}
          tenants={tenants}
          errors={errors}
          onRole={(role) => setForm((f) => ({ ...f, role }))}
          onTenant={(tenantId) => setForm((f) => ({ ...f, tenantId }))}
        />
        <FormMessages error={update.error} errors={errors} />
        <div>
          <Button type="submit" disabled={update.isPending}>
            Save role and name
          </Button>
        </div>
      </form>
      <form onSubmit={onReset} noValidate className="flex flex-col gap-3 border-t border-slate-100 pt-4">
        <Field id="reset-password" label="New password" error={pwErrors.password} hint="At least 12 characters. Open sessions stay signed in.">
          <Input
            id="reset-password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            invalid={!!pwErrors.password}
          />
        </Field>
        <FormMessages error={reset.error} errors={pwErrors} />
        <div>
          <Button type="submit" variant="secondary" disabled={reset.isPending}>
            Reset password
          </Button>
        </div>
      </form>
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
          <Button variant="danger" disabled={remove.isPending} onClick={() => remove.mutate({ id: user.id })}>
            Delete user
          </Button>
        </div>
        <p className="text-xs text-slate-500">
          Users who submitted jobs cannot be deleted (the jobs keep their submitter): disable them. Nobody can remove the last admin, and you cannot remove
          yourself.
        </p>
      </div>
    </section>
  );
}

export function UserManager({ users, tenants, selfId }: { users: UserRow[]; tenants: { id: string; name: string }[]; selfId: string }) {
  const [selected, setSelected] = useState<string | null>(null);
  const [note, setNote] = useState("");
  const user = users.find((u) => u.id === selected) ?? null;
  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_26rem]">
      <div className="flex flex-col gap-3">
        {note && (
          <p role="status" className="rounded-md bg-leaf-50 p-3 text-sm text-leaf-900">
            {note}
          </p>
        )}
        <div className="relative overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
          <table className="min-w-full text-sm">
            <caption className="px-3 py-2 text-left text-slate-600">{users.length} users</caption>
            <thead className="bg-slate-50 text-left text-xs uppercase text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-2">
                  User
                </th>
                <th scope="col" className="px-3 py-2">
                  Role
                </th>
                <th scope="col" className="px-3 py-2">
                  Status
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Jobs
                </th>
                <th scope="col" className="px-3 py-2">
                  Since
                </th>
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {users.map((u) => (
                <tr key={u.id} data-testid="user-row" className={u.id === selected ? "bg-leaf-50" : undefined}>
                  <td className="px-3 py-2">
                    <span className="font-medium">{u.name}</span>
                    {u.id === selfId && <span className="text-slate-500"> (you)</span>}
                    <br />
                    <span className="text-slate-600">{u.email}</span>
                  </td>
                  <td className="px-3 py-2">
                    {ROLE_LABEL[u.role]}
                    {u.tenantName && <span className="text-slate-600"> · {u.tenantName}</span>}
                  </td>
                  <td className="px-3 py-2">{u.disabledAt ? <span className="text-red-700">disabled</span> : "active"}</td>
                  <td className="px-3 py-2 text-right">{u.jobs}</td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    <LocalTime value={u.createdAt} />
                  </td>
                  <td className="px-3 py-2">
                    <Button
                      variant="secondary"
                      aria-label={`Manage ${u.email}`}
                      onClick={() => {
                        setNote("");
                        setSelected(u.id);
                      }}
                    >
                      Manage
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
      <div className="flex flex-col gap-6">
        {user && (
          <ManageUser
            key={`${user.id}-${user.role}-${user.tenantId}-${!!user.disabledAt}`}
            user={user}
            tenants={tenants}
            onDone={(m) => {
              setNote(m);
              if (m.endsWith("deleted.")) setSelected(null);
            }}
          />
        )}
        <CreateUser tenants={tenants} onDone={setNote} />
      </div>
    </div>
  );
}
