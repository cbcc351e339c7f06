/** Tenants, their quotas and carbon budgets (admins). */
import { z } from "zod";
import { adminProcedure, router } from "../trpc";
import { tenantCreateSchema, tenantUpdateSchema } from "../../schemas/tenant-form";
import { createTenant, editTenant, listTenantUsage } from "../../services/tenant-service";
import { tenantFairShareSchema } from "../../schemas/tenant-fair-share-form";
import { listCohortQuotas, setTenantFairShare } from "../../services/cohort-quota-service";

const tenantRef = z.object({ id: z.string(), slug: z.string(), name: z.string() });

export const tenantsRouter = router({
  /** Every tenant with GPUs in use vs quota and this month's CO2e vs carbon budget. */
  list: adminProcedure
    .output(
      z.array(
        tenantRef.extend({
          members: z.number().int(),
          maxGpus: z.number().int().nullable(),
          maxGpuHoursPerMonth: z.number().int().nullable(),
          carbonBudgetKgPerMonth: z.number().nullable(),
          gpusInUse: z.number(),
          gpuHoursThisMonth: z.number(),
          emissionsKgThisMonth: z.number(),
        }),
      ),
    )
    .query(({ ctx }) => listTenantUsage(ctx.db, ctx.now())),
  create: adminProcedure
    .input(tenantCreateSchema)
    .output(tenantRef)
    .mutation(({ ctx, input }) => createTenant(ctx.db, ctx.user, input, ctx.now())),
  /** Every tenant's fair-share weight and per-model cohort quotas with what it holds and borrows, and the catalog's models. */
  fairShare: adminProcedure.query(({ ctx }) => listCohortQuotas(ctx.db)),
  /** Sets a tenant's fair-share weight and replaces its per-model quotas (audited). */
  setFairShare: adminProcedure
    .input(tenantFairShareSchema)
    .output(tenantRef)
    .mutation(({ ctx, input }) => setTenantFairShare(ctx.db, ctx.user, input, ctx.now())),
  update: adminProcedure
    .input(tenantUpdateSchema)
    .output(tenantRef)
    .mutation(({ ctx, input: { id, ...form } }) => editTenant(ctx.db, ctx.user, id, form, ctx.now())),
});
