/** Cluster inventory (operators and admins). */
import { z } from "zod";
import { operatorProcedure, router } from "../trpc";
import { findClusterDetail, listClusterSummaries } from "../../repositories/cluster-repository";
import { DomainError } from "../../services/errors";

export const clustersRouter = router({
  list: operatorProcedure.query(({ ctx }) => listClusterSummaries(ctx.db)),
  /** One cluster's nodes, per-GPU allocation and the jobs running there. */
  get: operatorProcedure.input(z.object({ id: z.string().min(1).max(64) })).query(async ({ ctx, input }) => {
    const detail = await findClusterDetail(ctx.db, input.id);
    if (!detail) throw new DomainError("NOT_FOUND", "No such cluster.");
    return detail;
  }),
});
