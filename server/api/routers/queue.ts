/** The pending queue with each job's reason and expected start, and one job's page (reservation, backfill, latest decision). */
import { z } from "zod";
import { safeId, safeString } from "../../schemas/safe-input";
import { authedProcedure, operatorProcedure, router, tenantProcedure } from "../trpc";
import { getQueueView } from "../../services/queue-view-service";
import { PENDING_REASONS } from "../../services/pending-reason";

/** Filters of the job list; the counts always cover the whole queue. */
const filterInput = z
  .object({ tenantId: safeId("Tenant").optional(), priorityClass: safeString("Priority class", 200).optional(), reason: z.enum(PENDING_REASONS).optional() })
  .optional();
import { getJobDetail } from "../../services/job-detail-service";
import { getJobTimeline } from "../../services/job-timeline-service";

export const queueRouter = router({
  /** Every tenant's queued jobs by tenant, priority class and pending reason (operators and admins). */
  view: operatorProcedure.input(filterInput).query(({ ctx, input }) => getQueueView(ctx.db, ctx.user, ctx.now(), input ?? {})),
  /** The signed-in member's tenant's queued jobs, the same way. */
  mine: tenantProcedure.input(filterInput).query(({ ctx, input }) => getQueueView(ctx.db, ctx.user, ctx.now(), { ...input, tenantId: undefined })),
  /** One job: a tenant member only its own tenant's (NOT_FOUND otherwise), operators and admins any. */
  job: authedProcedure.input(z.object({ id: safeId("Job") })).query(({ ctx, input }) => getJobDetail(ctx.db, ctx.user, input.id, ctx.now())),
  /** One job's timeline, the GPUs it holds and its energy per hour, with the same visibility as `job`. */
  timeline: authedProcedure.input(z.object({ id: safeId("Job") })).query(({ ctx, input }) => getJobTimeline(ctx.db, ctx.user, input.id)),
});
