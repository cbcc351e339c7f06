/** Placement policy: operators read it; admins preview and save new versions. */
import { z } from "zod";
import { adminProcedure, operatorProcedure, router } from "../trpc";
import { policyFormSchema } from "../../schemas/policy-form";
import { getPolicyState, previewPolicy, rollbackPolicy, savePolicy } from "../../services/policy-service";
import { auditFilterOptions, listAuditEntries } from "../../services/audit-service";
import { auditFilterOptionsInput, auditQueryInput } from "../../schemas/audit-filter";

export const policiesRouter = router({
  get: operatorProcedure.query(({ ctx }) => getPolicyState(ctx.db)),
  preview: adminProcedure.input(policyFormSchema).mutation(({ ctx, input }) => previewPolicy(ctx.db, input, ctx.now())),
  save: adminProcedure.input(policyFormSchema).mutation(({ ctx, input }) => savePolicy(ctx.db, ctx.user, input, ctx.now())),
  /** A new active version equal to an earlier one (admins). */
  rollback: adminProcedure
    .input(z.object({ version: z.number({ error: "Version must be a number" }).int("Version must be a whole number").min(1, "Version must be 1 or more") }))
    .mutation(({ ctx, input }) => rollbackPolicy(ctx.db, ctx.user, input.version, ctx.now())),
  /** The audit log (admins). */
  audit: adminProcedure.input(auditQueryInput).query(({ ctx, input: { page, pageSize, ...filter } }) => listAuditEntries(ctx.db, page, pageSize, filter)),
  /** What the audit filters offer (admins). */
  auditFilters: adminProcedure
    .input(auditFilterOptionsInput)
    .query(({ ctx, input }) => auditFilterOptions(ctx.db, input?.entityType && input.entityId ? { type: input.entityType, id: input.entityId } : undefined)),
});
