/** Catalog data the job form needs: GPU models and regions (any signed-in user). */
import { authedProcedure, operatorProcedure, router } from "../trpc";
import { clusterNames, jobFormOptions, tenantNames } from "../../services/catalog-service";

export const catalogRouter = router({
  formOptions: authedProcedure.query(({ ctx }) => jobFormOptions(ctx.db)),
  /** Tenant names for filters (operators and admins). */
  tenants: operatorProcedure.query(({ ctx }) => tenantNames(ctx.db)),
  /** Cluster names for filters (operators and admins). */
  clusters: operatorProcedure.query(({ ctx }) => clusterNames(ctx.db)),
});
