/** Cluster inventory (operators and admins). */
import { operatorProcedure, router } from "../trpc";
import { listClusterSummaries } from "../../repositories/cluster-repository";

export const clustersRouter = router({
  list: operatorProcedure.query(({ ctx }) => listClusterSummaries(ctx.db)),
});
