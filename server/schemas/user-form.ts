/** Admin forms for users: create, change role or tenant, reset the password. */
import { z } from "zod";
import { safeId, safeString } from "./safe-input";

export const roles = ["ADMIN", "OPERATOR", "TENANT_MEMBER"] as const;

const password = safeString("Password", 200, "At most 200 characters").min(12, "At least 12 characters");

/** Tenant members belong to exactly one tenant; staff to none (the database checks this too). */
const membership = <T extends { role: (typeof roles)[number]; tenantId: string | null }>(value: T, ctx: z.RefinementCtx) => {
  if (value.role === "TENANT_MEMBER" && !value.tenantId)
    ctx.addIssue({ code: "custom", message: "Choose the tenant this member belongs to", path: ["tenantId"] });
  if (value.role !== "TENANT_MEMBER" && value.tenantId) ctx.addIssue({ code: "custom", message: "Only tenant members belong to a tenant", path: ["tenantId"] });
};

const userFields = z.object({
  name: safeString("Name", 80, "At most 80 characters").trim().min(1, "Enter a name"),
  role: z.enum(roles, { error: "Choose a role" }),
  tenantId: safeId("Tenant").nullable(),
});

export const userCreateSchema = userFields
  .extend({ email: safeString("E-mail", 200, "At most 200 characters").trim().toLowerCase().pipe(z.email("Enter a valid e-mail address")), password })
  .superRefine(membership);
export const userUpdateSchema = userFields.extend({ id: safeId("User") }).superRefine(membership);
export const passwordResetSchema = z.object({ id: safeId("User"), password });

export type UserCreate = z.output<typeof userCreateSchema>;
export type UserUpdate = z.output<typeof userUpdateSchema>;
