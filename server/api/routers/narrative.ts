/** The weekly narrative: the fleet's for operators and admins, a tenant's own for its members. */
import { z } from "zod";
import { getPeriodNarrative } from "../../ask/narrative/narrative-service";
import { MAX_WEEKS_AGO } from "../../ask/narrative/period";
import { operatorProcedure, router, tenantProcedure } from "../trpc";

const week = z.object({ weeksAgo: z.number({ error: "weeksAgo: a whole number of weeks back" }).int().min(0).max(MAX_WEEKS_AGO).default(0) });

export const narrativeRouter = router({
  /** The fleet's narrative of one week (0 = the last 7 days). */
  fleet: operatorProcedure.input(week).query(({ ctx, input }) => getPeriodNarrative(ctx.db, ctx.user, { now: ctx.now(), weeksAgo: input.weeksAgo })),
  /** The signed-in tenant's narrative of one week: its own jobs only. */
  tenant: tenantProcedure.input(week).query(({ ctx, input }) => getPeriodNarrative(ctx.db, ctx.user, { now: ctx.now(), weeksAgo: input.weeksAgo })),
});
