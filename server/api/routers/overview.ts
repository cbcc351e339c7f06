/** The operator overview (operators and admins). */
import { operatorProcedure, router } from "../trpc";
import { z } from "zod";
import { getAllocationHistory, getOverview } from "../../services/overview-service";

export const overviewRouter = router({
  get: operatorProcedure.query(({ ctx }) => getOverview(ctx.db, ctx.now())),
  /** Fleet and per-cluster GPU allocation over time (cluster samples) and the occupancy rate (SOR). */
  allocationHistory: operatorProcedure
    .input(z.object({ range: z.enum(["24h", "7d"]).default("24h") }))
    .query(({ ctx, input }) => getAllocationHistory(ctx.db, ctx.now(), input.range)),
});
