/** Sign-in, sign-out and "who am I". */
import { z } from "zod";
import { authedProcedure, publicProcedure, router } from "../trpc";
import { verifyCredentials } from "../../services/auth-service";
import { homePathFor } from "../../auth/session-user";
import { safeString } from "../schemas/safe-input";

export const authRouter = router({
  signIn: publicProcedure
    .input(z.object({ email: safeString("E-mail", 200).trim().pipe(z.email("Enter a valid e-mail address")), password: safeString("Password", 200).min(1, "Enter your password") }))
    .mutation(async ({ ctx, input }) => {
      const user = await verifyCredentials(ctx.db, input.email, input.password);
      await ctx.session.signIn(user.id);
      return { user, redirectTo: homePathFor(user.role) };
    }),
  signOut: authedProcedure.mutation(async ({ ctx }) => {
    await ctx.session.signOut();
    return { ok: true };
  }),
  me: publicProcedure.query(({ ctx }) => ctx.user),
});
