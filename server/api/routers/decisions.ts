/** Placement decisions and their explanations (tenants: their own jobs; operators and admins: all). */
import { z } from "zod";
import { authedProcedure, router } from "../trpc";
import { getDecision } from "../../services/decision-service";
import { safeId } from "../../schemas/safe-input";

export const decisionsRouter = router({
  get: authedProcedure.input(z.object({ id: safeId("Decision") })).query(({ ctx, input }) => getDecision(ctx.db, ctx.user, input.id)),
});
