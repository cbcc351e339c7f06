/** The signed-in person's own display settings. */
import { authedProcedure, router } from "../trpc";
import { timeZoneInput } from "../../schemas/time-zone";
import { setUserTimeZone } from "../../services/user-preferences-service";

export const preferencesRouter = router({
  /** Any role sets only its own zone; the id comes from the session, never from the input. */
  setTimeZone: authedProcedure.input(timeZoneInput).mutation(({ ctx, input }) => setUserTimeZone(ctx.db, ctx.user.id, input.timeZone)),
});
