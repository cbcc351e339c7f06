/** Admin form for a tenant: name, GPU quota and carbon budget. */
import { z } from "zod";
import { safeId, safeString } from "./safe-input";

export const tenantFormSchema = z.object({
  name: safeString("Name", 80, "At most 80 characters").trim().min(2, "At least 2 characters"),
  maxGpus: z.number({ error: "Enter a GPU quota" }).int("Whole GPUs").min(0, "0 or more GPUs").max(100_000, "At most 100,000 GPUs"),
  /** Null = no monthly GPU-hour limit. */
  maxGpuHoursPerMonth: z.number().int("Whole GPU-hours").min(0, "0 or more GPU-hours").max(100_000_000, "At most 100,000,000 GPU-hours").nullable(),
  /** Null = no carbon budget. */
  carbonBudgetKgPerMonth: z.number().min(0, "0 kg or more").max(100_000_000, "At most 100,000,000 kg").nullable(),
});

/** Longest tenant slug; Kubernetes namespaces are `<cluster prefix><slug>`, so it bounds the prefix too. */
export const TENANT_SLUG_MAX_LENGTH = 40;

export const tenantCreateSchema = tenantFormSchema.extend({
  slug: safeString("Slug", TENANT_SLUG_MAX_LENGTH, `At most ${TENANT_SLUG_MAX_LENGTH} characters`)
    .trim()
    .min(2, "At least 2 characters")
    .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/, "Lower-case letters, digits and dashes (not at the ends)"),
});

export const tenantUpdateSchema = tenantFormSchema.extend({ id: safeId("Tenant") });

export type TenantForm = z.output<typeof tenantFormSchema>;
