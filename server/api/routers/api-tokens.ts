/**
 * The signed-in person's own API tokens. Managed only from a browser session: a request made with a
 * token cannot list, create or revoke tokens, so a leaked token cannot mint itself a successor that
 * outlives its revocation.
 */
import { TRPCError } from "@trpc/server";
import { authedProcedure, router } from "../trpc";
import { apiTokenCreateSchema, apiTokenRevokeSchema } from "../../schemas/api-token-form";
import { createApiToken, listApiTokens, revokeApiToken } from "../../services/api-token-service";

/** Any signed-in user, in the web app (not with an API token). */
const sessionProcedure = authedProcedure.use(({ ctx, next }) => {
  if (ctx.apiTokenId)
    throw new TRPCError({ code: "FORBIDDEN", message: "API tokens cannot manage API tokens; sign in to the web app to create or revoke them." });
  return next();
});

export const apiTokensRouter = router({
  /** The caller's tokens, newest first; never their secrets or hashes. */
  list: sessionProcedure.query(({ ctx }) => listApiTokens(ctx.db, ctx.user.id, ctx.now())),
  /** A new token for the caller; the secret in the answer is shown once and stored only as a hash. */
  create: sessionProcedure.input(apiTokenCreateSchema).mutation(({ ctx, input }) => createApiToken(ctx.db, ctx.user.id, input, ctx.now())),
  /** Revokes one of the caller's tokens at once. */
  revoke: sessionProcedure.input(apiTokenRevokeSchema).mutation(({ ctx, input }) => revokeApiToken(ctx.db, ctx.user.id, input.id, ctx.now())),
});
