/** Sign-in, sign-out and "who am I". */
import { z } from "zod";
import { authedProcedure, publicProcedure, router } from "../trpc";
import { signInLimited, signOutEverywhere } from "../../services/auth-service";
import { signInThrottle } from "../../security/sign-in-throttle";
import { homePathFor } from "../../auth/session-user";
import { safeString } from "../../schemas/safe-input";

export const authRouter = router({
  signIn: publicProcedure
    .input(
      z.object({
        email: safeString("E-mail", 200).trim().pipe(z.email("Enter a valid e-mail address")),
        password: safeString("Password", 200).min(1, "Enter your password"),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const attempt = { email: input.email, password: input.password, address: ctx.clientAddress ?? null };
      const { sessionVersion, ...user } = await signInLimited(ctx.db, signInThrottle, attempt, ctx.now());
      await ctx.session.signIn(user.id, sessionVersion);
      return { user, redirectTo: homePathFor(user.role) };
    }),
  /** Ends every session of the signed-in user, in every browser. */
  signOut: authedProcedure.mutation(async ({ ctx }) => {
    await signOutEverywhere(ctx.db, ctx.user.id);
    await ctx.session.signOut();
    return { ok: true };
  }),
  me: publicProcedure.query(({ ctx }) => ctx.user),
});
