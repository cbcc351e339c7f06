/** Placement decisions and their explanations (tenants: their own jobs; operators and admins: all). */
import { z } from "zod";
import { authedProcedure, router } from "../trpc";
import { getDecision } from "../../services/decision-service";

export const decisionsRouter = router({
  get: authedProcedure.input(z.object({ id: z.string().min(1).max(64) })).query(({ ctx, input }) => getDecision(ctx.db, ctx.user, input.id)),
});
