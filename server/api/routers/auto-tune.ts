/** Auto-tune: operators and admins start and watch auto-tunes; only admins see, apply or discard the policy proposals; tenants are refused. */
import { adminProcedure, operatorProcedure, router } from "../trpc";
import { experimentIdSchema } from "../../schemas/experiment";
import { applyProposalSchema, proposalIdSchema, startAutoTuneSchema } from "../../schemas/auto-tune";
import { applyPolicyProposal, discardPolicyProposal, getAutoTune, listProposals, startAutoTune } from "../../services/auto-tune-service";

export const autoTuneRouter = router({
  /** Validates and queues an auto-tune; the experiment runner picks it up. */
  start: operatorProcedure.input(startAutoTuneSchema).mutation(({ ctx, input }) => startAutoTune(ctx.db, ctx.user, input, ctx.now())),
  get: operatorProcedure.input(experimentIdSchema).query(({ ctx, input }) => getAutoTune(ctx.db, input.id)),
  proposals: adminProcedure.query(({ ctx }) => listProposals(ctx.db)),
  applyProposal: adminProcedure.input(applyProposalSchema).mutation(({ ctx, input }) => applyPolicyProposal(ctx.db, ctx.user, input, ctx.now())),
  discardProposal: adminProcedure.input(proposalIdSchema).mutation(({ ctx, input }) => discardPolicyProposal(ctx.db, ctx.user, input.id, ctx.now())),
});
