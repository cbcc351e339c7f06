/** Admin form for a tenant's fair share: its weight and per-model cohort quotas with borrowing and lending limits. */
import { z } from "zod";
import { safeId } from "./safe-input";

const gpus = (label: string) =>
  z
    .number({ error: `Enter ${label}` })
    .int("Whole GPUs")
    .min(0, "0 or more GPUs")
    .max(100_000, "At most 100,000 GPUs");

/** One model's quota: nominal GPUs, and how far it may borrow and lend (null = no limit). */
export const modelQuotaSchema = z
  .object({
    gpuModelId: safeId("GPU model"),
    nominalGpus: gpus("the nominal GPUs"),
    borrowingLimitGpus: gpus("a borrowing limit").nullable(),
    lendingLimitGpus: gpus("a lending limit").nullable(),
  })
  .refine((q) => q.lendingLimitGpus === null || q.lendingLimitGpus <= q.nominalGpus, {
    message: "At most the nominal GPUs (only idle nominal GPUs are lent)",
    path: ["lendingLimitGpus"],
  });

export const tenantFairShareSchema = z
  .object({
    tenantId: safeId("Tenant"),
    fairShareWeight: z.number({ error: "Enter a weight" }).min(0.01, "At least 0.01").max(1000, "At most 1,000"),
    modelQuotas: z.array(modelQuotaSchema).max(64, "At most 64 GPU models"),
  })
  .superRefine((form, ctx) => {
    const seen = new Set<string>();
    form.modelQuotas.forEach((q, i) => {
      if (seen.has(q.gpuModelId)) ctx.addIssue({ code: "custom", message: "This model already has a quota above", path: ["modelQuotas", i, "gpuModelId"] });
      seen.add(q.gpuModelId);
    });
  });

export type TenantFairShareForm = z.output<typeof tenantFairShareSchema>;
