/** Job procedures: tenants submit, list, read and cancel their own; operators and admins list all. */
import { z } from "zod";
import { authedProcedure, operatorProcedure, router, tenantProcedure } from "../trpc";
import { jobSubmitSchema } from "../../schemas/job-submit";
import { cancelJob, getJob, listJobsWithProgress, submitJob } from "../../services/job-service";
import { previewJob } from "../../services/preview-service";
import { whatIfsFor } from "../../services/what-if-service";
import { takePreviewSlot } from "../../security/preview-limit";
import { getTenantUsage } from "../../services/usage-service";
import { getFleetTrend, getTenantTrend } from "../../services/usage-trend-service";
import { safeId, safeString } from "../../schemas/safe-input";

const JOB_STATUSES = ["QUEUED", "PLACED", "RUNNING", "SUCCEEDED", "FAILED", "CANCELLED", "UNSCHEDULABLE", "EXPIRED"] as const;

const listInput = z.object({
  statuses: z.array(z.enum(JOB_STATUSES)).max(JOB_STATUSES.length).default([]),
  tenantId: safeString("Tenant", 64).optional(),
  clusterId: safeString("Cluster", 64).optional(),
  gpuModel: safeString("GPU model", 64).optional(),
  search: safeString("Search", 80).trim().optional(),
  sort: z
    .object({ field: z.enum(["submittedAt", "priority", "name", "status", "gpuCount"]), direction: z.enum(["asc", "desc"]) })
    .default({ field: "submittedAt", direction: "desc" }),
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(200).default(25),
});

export const jobsRouter = router({
  submit: tenantProcedure.input(jobSubmitSchema).mutation(({ ctx, input }) => submitJob(ctx.db, { ...ctx.user, tenantId: ctx.tenantId }, input, ctx.now())),
  /** Where and when the job would run if submitted now, with its carbon (a dry run; nothing is saved). */
  preview: tenantProcedure
    // Limited per tenant before the input is even parsed: the dry run is the costliest read there is.
    .use(async ({ ctx, next }) => {
      await takePreviewSlot(ctx.tenantId);
      return next();
    })
    .input(jobSubmitSchema)
    .query(({ ctx, input }) => previewJob(ctx.db, { ...ctx.user, tenantId: ctx.tenantId }, input, ctx.now())),
  /** The preview and the two or three changes to the request that would help most, each previewed the same way. */
  whatIfs: tenantProcedure
    .use(async ({ ctx, next }) => {
      await takePreviewSlot(ctx.tenantId);
      return next();
    })
    .input(jobSubmitSchema)
    .query(({ ctx, input }) => whatIfsFor(ctx.db, { tenantId: ctx.tenantId, timeZone: ctx.user.timeZone }, input, ctx.now())),
  /** GPU-hours, energy and CO2e of the caller's tenant this month against its quota and carbon budget. */
  usage: tenantProcedure.query(({ ctx }) => getTenantUsage(ctx.db, ctx.tenantId, ctx.now())),
  /** The caller's tenant's GPU-hours and CO2e per day this month, against its limits, with a linear month-end projection. */
  usageTrend: tenantProcedure.query(({ ctx }) => getTenantTrend(ctx.db, ctx.tenantId, ctx.now())),
  /** Every tenant's GPU-hours and CO2e per day this month (operators and admins). */
  fleetUsageTrend: operatorProcedure.query(({ ctx }) => getFleetTrend(ctx.db, ctx.user, ctx.now())),
  /** The caller's tenant's jobs (tenant members only). */
  mine: tenantProcedure.input(listInput.omit({ tenantId: true })).query(({ ctx, input }) => listJobsWithProgress(ctx.db, ctx.user, input, ctx.now())),
  /** Every tenant's jobs with filters, sorting and pagination (operators and admins). */
  list: operatorProcedure.input(listInput).query(({ ctx, input }) => listJobsWithProgress(ctx.db, ctx.user, input, ctx.now())),
  get: authedProcedure.input(z.object({ id: safeId("Job") })).query(({ ctx, input }) => getJob(ctx.db, ctx.user, input.id)),
  cancel: authedProcedure.input(z.object({ id: safeId("Job") })).mutation(async ({ ctx, input }) => {
    await cancelJob(ctx.db, ctx.user, input.id, ctx.now());
    return { ok: true };
  }),
});
