/**
 * The operator's view of drift between the clusters and the database: the newest reconciliation
 * drifts, their counts by kind and action, and the nodes not READY with why.
 */
import type { Db } from "../db/client";
import { countDrifts, findRecentDrifts, findUnhealthyNodes } from "../repositories/reconcile-repository";

/** How many recent drifts the page lists. */
export const RECENT_DRIFTS = 100;

/** The reconcile page's data. */
export async function getReconcileOverview(db: Db) {
  const [drifts, counts, nodes] = await Promise.all([findRecentDrifts(db, RECENT_DRIFTS), countDrifts(db), findUnhealthyNodes(db)]);
  const byKind = new Map<string, number>();
  for (const c of counts) byKind.set(c.kind, (byKind.get(c.kind) ?? 0) + c.count);
  return {
    drifts: drifts.map((d) => ({
      id: d.id,
      clusterId: d.cluster.id,
      clusterName: d.cluster.name,
      jobId: d.jobId,
      kind: d.kind,
      action: d.action,
      detail: d.detail,
      detectedAt: d.detectedAt,
      resolvedAt: d.resolvedAt,
    })),
    byKind: [...byKind].map(([kind, count]) => ({ kind, count })),
    byKindAndAction: counts,
    unhealthyNodes: nodes.map((n) => ({
      id: n.id,
      clusterId: n.cluster.id,
      clusterName: n.cluster.name,
      name: n.name,
      status: n.status,
      reason: n.healthReason,
      since: n.healthChangedAt,
    })),
  };
}

/** The reconcile overview's type. */
export type ReconcileOverview = Awaited<ReturnType<typeof getReconcileOverview>>;
