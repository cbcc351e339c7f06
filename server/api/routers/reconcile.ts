/** Drift between the clusters and the database, and node health (operators and admins). */
import { operatorProcedure, router } from "../trpc";
import { getReconcileOverview } from "../../services/reconcile-service";

export const reconcileRouter = router({
  /** The newest drifts with cluster, job, kind and action, counts by kind, and the nodes not READY. */
  overview: operatorProcedure.query(({ ctx }) => getReconcileOverview(ctx.db)),
});
