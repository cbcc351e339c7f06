"use client";
// The role and tenant choice shared by the new-user and edit-user forms: only tenant members
// belong to a tenant, so the tenant box is off (and shows "—") for staff.
import { Controller, useFormContext, useWatch } from "react-hook-form";
import type { roles } from "@/server/schemas/user-form";
import { Field, Select } from "@/components/ui/field";

/** A user's role. */
export type Role = (typeof roles)[number];

/** How each role is named in the UI. */
export const ROLE_LABEL: Record<Role, string> = { ADMIN: "Admin", OPERATOR: "Operator", TENANT_MEMBER: "Tenant member" };

/** The fields these two inputs edit, in any form that has them. */
export interface RoleValues {
  role: Role;
  tenantId: string;
}

/** Role and tenant selects of the surrounding form (read through its FormProvider); ids start with `prefix`. */
export function RoleFields({ prefix, tenants, errors }: { prefix: string; tenants: { id: string; name: string }[]; errors: Record<string, string> }) {
  const { control, register } = useFormContext<RoleValues>();
  const role = useWatch({ control, name: "role" });
  const member = role === "TENANT_MEMBER";
  return (
    <>
      <Field id={`${prefix}-role`} label="Role" error={errors.role}>
        <Select id={`${prefix}-role`} {...register("role")}>
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
        hint={member ? "A member sees and submits only this tenant's jobs." : "Only tenant members belong to a tenant."}
      >
        {/* Controlled: staff see "—" while the member's tenant chosen earlier is kept. */}
        <Controller
          control={control}
          name="tenantId"
          render={({ field }) => (
            <Select
              id={`${prefix}-tenant`}
              value={member ? field.value : ""}
              disabled={!member}
              onChange={(e) => field.onChange(e.target.value)}
              onBlur={field.onBlur}
              invalid={!!errors.tenantId}
            >
              <option value="">{member ? "Choose a tenant" : "—"}</option>
              {tenants.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </Select>
          )}
        />
      </Field>
    </>
  );
}

/** The tenant the server receives: the chosen one for a member, none for staff. */
export const tenantOf = (v: RoleValues) => (v.role === "TENANT_MEMBER" ? v.tenantId || null : null);
