/** Cluster inventory (operators and admins). */
import { z } from "zod";
import { operatorProcedure, router } from "../trpc";
import { getCluster, getClusterHistory, listClusters } from "../../services/cluster-service";
import { safeId } from "../../schemas/safe-input";

const clusterId = safeId("Cluster");

export const clustersRouter = router({
  /** Every cluster with inventory, allocation and fragmentation. */
  list: operatorProcedure.query(({ ctx }) => listClusters(ctx.db)),
  /** One cluster's nodes, per-GPU allocation, GFR and the jobs running there. */
  get: operatorProcedure.input(z.object({ id: clusterId })).query(({ ctx, input }) => getCluster(ctx.db, input.id)),
  /** One cluster's allocation and power over time (cluster samples). */
  history: operatorProcedure
    .input(z.object({ id: clusterId, range: z.enum(["24h", "7d"]).default("24h") }))
    .query(({ ctx, input }) => getClusterHistory(ctx.db, input.id, ctx.now(), input.range)),
});
