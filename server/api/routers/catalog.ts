/** Catalog data the job form needs: GPU models and regions (any signed-in user). */
import { authedProcedure, operatorProcedure, router } from "../trpc";
import { listClusterNames, listGpuModels, listRegions, listTenants } from "../../repositories/catalog-repository";

export const catalogRouter = router({
  formOptions: authedProcedure.query(async ({ ctx }) => {
    const [gpuModels, regions] = await Promise.all([listGpuModels(ctx.db), listRegions(ctx.db)]);
    return {
      gpuModels: gpuModels.map((g) => ({ id: g.id, displayName: g.displayName, memoryGib: g.memoryGib, computeUnits: g.computeUnits })),
      regions,
    };
  }),
  /** Tenant names for filters (operators and admins). */
  tenants: operatorProcedure.query(({ ctx }) => listTenants(ctx.db)),
  /** Cluster names for filters (operators and admins). */
  clusters: operatorProcedure.query(({ ctx }) => listClusterNames(ctx.db)),
});
