/** The operator overview (operators and admins). */
import { operatorProcedure, router } from "../trpc";
import { getOverview } from "../../services/overview-service";

export const overviewRouter = router({
  get: operatorProcedure.query(({ ctx }) => getOverview(ctx.db, ctx.now())),
});
