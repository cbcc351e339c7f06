/** "Ask Verdant": questions about a decision or a job, answered from its record and checked (tenants: their own; operators and admins: all). */
import { z } from "zod";
import { askAboutDecision, askAboutJob, askStatus } from "../../ask/ask-service";
import { authedProcedure, router } from "../trpc";
import { safeId, safeString } from "../../schemas/safe-input";

const question = safeString("Question", 500, "Question: at most 500 characters.").trim().min(1, "Question: write a question.");

export const askRouter = router({
  /** Whether a model is configured (and, when not, which variables enable it). */
  status: authedProcedure.query(() => askStatus()),
  /** A question about one decision the caller may open. */
  decision: authedProcedure
    .input(z.object({ decisionId: safeId("Decision"), question }))
    .mutation(({ ctx, input, signal }) => askAboutDecision(ctx.db, ctx.user, input.decisionId, input.question, signal)),
  /** A question about one job the caller may open. */
  job: authedProcedure
    .input(z.object({ jobId: safeId("Job"), question }))
    .mutation(({ ctx, input, signal }) => askAboutJob(ctx.db, ctx.user, input.jobId, input.question, ctx.now(), signal)),
});
