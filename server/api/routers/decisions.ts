/** Placement decisions and their explanations (tenants: their own jobs; operators and admins: all). */
import { z } from "zod";
import { authedProcedure, operatorProcedure, router } from "../trpc";
import { getDecision } from "../../services/decision-service";
import { replayDecisionFor } from "../../services/decision-replay-service";
import { safeId } from "../../schemas/safe-input";

export const decisionsRouter = router({
  get: authedProcedure.input(z.object({ id: safeId("Decision") })).query(({ ctx, input }) => getDecision(ctx.db, ctx.user, input.id)),
  /** Decides again from the stored inputs and compares with the stored decision (operators and admins). */
  replay: operatorProcedure.input(z.object({ id: safeId("Decision") })).mutation(({ ctx, input }) => replayDecisionFor(ctx.db, ctx.user, input.id)),
});
