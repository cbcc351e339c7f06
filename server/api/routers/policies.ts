/** Placement policy: operators read it; admins preview and save new versions. */
import { z } from "zod";
import { adminProcedure, operatorProcedure, router } from "../trpc";
import { policyFormSchema } from "../../schemas/policy-form";
import { getPolicyState, previewPolicy, savePolicy } from "../../services/policy-service";
import { listAuditEntries } from "../../services/audit-service";

export const policiesRouter = router({
  get: operatorProcedure.query(({ ctx }) => getPolicyState(ctx.db)),
  preview: adminProcedure.input(policyFormSchema).mutation(({ ctx, input }) => previewPolicy(ctx.db, input, ctx.now())),
  save: adminProcedure.input(policyFormSchema).mutation(({ ctx, input }) => savePolicy(ctx.db, ctx.user, input, ctx.now())),
  /** The audit log (admins). */
  audit: adminProcedure
    .input(z.object({ page: z.number().int().min(1).max(100_000).default(1), pageSize: z.number().int().min(1).max(200).default(50) }))
    .query(({ ctx, input }) => listAuditEntries(ctx.db, input.page, input.pageSize)),
});
