/** Admin forms for users: create, change role or tenant, reset the password. */
import { z } from "zod";

export const roles = ["ADMIN", "OPERATOR", "TENANT_MEMBER"] as const;

const password = z.string().min(12, "At least 12 characters").max(200, "At most 200 characters");

/** Tenant members belong to exactly one tenant; staff to none (the database checks this too). */
const membership = <T extends { role: (typeof roles)[number]; tenantId: string | null }>(value: T, ctx: z.RefinementCtx) => {
  if (value.role === "TENANT_MEMBER" && !value.tenantId) ctx.addIssue({ code: "custom", message: "Choose the tenant this member belongs to", path: ["tenantId"] });
  if (value.role !== "TENANT_MEMBER" && value.tenantId) ctx.addIssue({ code: "custom", message: "Only tenant members belong to a tenant", path: ["tenantId"] });
};

const userFields = z.object({
  name: z.string().trim().min(1, "Enter a name").max(80, "At most 80 characters"),
  role: z.enum(roles, { error: "Choose a role" }),
  tenantId: z.string().min(1).max(64).nullable(),
});

export const userCreateSchema = userFields.extend({ email: z.string().trim().toLowerCase().pipe(z.email("Enter a valid e-mail address").max(200, "At most 200 characters")), password }).superRefine(membership);
export const userUpdateSchema = userFields.extend({ id: z.string().min(1).max(64) }).superRefine(membership);
export const passwordResetSchema = z.object({ id: z.string().min(1).max(64), password });

export type UserCreate = z.output<typeof userCreateSchema>;
export type UserUpdate = z.output<typeof userUpdateSchema>;
