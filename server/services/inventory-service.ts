/**
 * Kubernetes inventory imports: the cluster's node list (GPU model from node labels, GPU count, CPU,
 * memory, rack/zone labels; see drivers/kubernetes-inventory.ts) stored as Node/Gpu rows, with what
 * differed from the stored inventory recorded as drift. Runs when a Kubernetes cluster is created
 * and then periodically from the worker, always under a cluster guard (timeout, circuit breaker).
 */
import type { Db } from "../db/client";
import { createKubernetesDriver, type InventoryNode } from "../drivers";
import {
  applyInventoryImport,
  catalogModelIds,
  findInventoryState,
  recordInventoryFailure,
  type InventoryTrigger,
  type InventoryWrite,
} from "../repositories/inventory-repository";
import { createClusterGuard } from "./cluster-health";
import {
  inventoryChangesSchema,
  INVENTORY_CHANGES_VERSION,
  planInventory,
  type InventoryChanges,
  type InventoryPlan,
  type StoredInventoryNode,
} from "./inventory-drift";

/** What one import found. */
export interface InventoryImportSummary {
  nodesReported: number;
  added: number;
  removed: number;
  changed: number;
  skipped: number;
  changes: InventoryChanges["nodes"];
}

/** The outcome of an import attempt: its summary, or why the cluster could not be listed. */
export type InventoryImportOutcome = ({ ok: true } & InventoryImportSummary) | { ok: false; error: string };

/** The repository's write for a plan; a drift record only when something differed. */
function toWrite(plan: InventoryPlan, trigger: InventoryTrigger): InventoryWrite {
  const changes: InventoryChanges = { v: INVENTORY_CHANGES_VERSION, nodes: plan.changes };
  return {
    insert: plan.insert,
    update: plan.update,
    mark: plan.mark,
    remove: plan.remove,
    drift: plan.changes.length > 0 ? { trigger, ...plan.counts, changes } : null,
  };
}

/** Stores the node list a cluster reported, recording what differed. */
export async function importInventory(
  db: Db,
  clusterId: string,
  reported: InventoryNode[],
  trigger: InventoryTrigger,
  at: Date,
): Promise<InventoryImportSummary> {
  const catalog = await catalogModelIds(db);
  let plan: InventoryPlan | null = null;
  await applyInventoryImport(
    db,
    clusterId,
    (stored: StoredInventoryNode[]) => {
      plan = planInventory(stored, reported, catalog);
      return toWrite(plan, trigger);
    },
    at,
  );
  const done = plan as InventoryPlan | null;
  if (!done) throw new Error(`inventory import of cluster ${clusterId} wrote nothing`);
  return { ...done.counts, changes: done.changes };
}

/** Lists the cluster's nodes through `list` and imports them; a failure is recorded on the connection and returned. */
export async function importListedInventory(
  db: Db,
  cluster: { id: string; name: string },
  list: () => Promise<InventoryNode[]>,
  trigger: InventoryTrigger,
  at: Date,
): Promise<InventoryImportOutcome> {
  let nodes: InventoryNode[];
  try {
    nodes = await list();
  } catch (error) {
    const message = (error as Error).message;
    await recordInventoryFailure(db, cluster.id, message);
    return { ok: false, error: message };
  }
  return { ok: true, ...(await importInventory(db, cluster.id, nodes, trigger, at)) };
}

/** One guarded import through a Kubernetes driver made from `connection` (the guard's timeout bounds a silent API server). */
async function importThroughKubeconfig(
  db: Db,
  cluster: { id: string; name: string },
  connection: { kubeconfig: string; namespacePrefix: string },
  trigger: InventoryTrigger,
  at: Date,
): Promise<InventoryImportOutcome> {
  const driver = createKubernetesDriver({
    kubeconfig: connection.kubeconfig,
    cluster: cluster.name,
    namespacePrefix: connection.namespacePrefix,
    clock: () => at.getTime(),
  });
  const guard = createClusterGuard(cluster.name);
  return importListedInventory(db, cluster, () => guard.call("list nodes", () => driver.listInventory()), trigger, at);
}

/** The first import of a Kubernetes cluster, right after it is created, inside the admin's request. */
export function importInventoryOnCreate(
  db: Db,
  cluster: { id: string; name: string },
  connection: { kubeconfig: string; namespacePrefix: string },
  at: Date,
): Promise<InventoryImportOutcome> {
  return importThroughKubeconfig(db, cluster, connection, "create", at);
}

/** Imports started by kubeconfig edits and not finished yet. */
const editImports = new Set<Promise<InventoryImportOutcome>>();

/**
 * Re-imports a cluster whose kubeconfig was just edited (it may now point at other nodes, or at a
 * cluster that did not answer before), in the background so the admin's save does not wait for the
 * API server. Drift is recorded with trigger "edit"; a listing failure is recorded on the connection
 * as the periodic refresh records it, and any other failure too, so nothing is lost silently.
 */
export function importInventoryAfterEdit(
  db: Db,
  cluster: { id: string; name: string },
  connection: { kubeconfig: string; namespacePrefix: string },
  at: Date,
): Promise<InventoryImportOutcome> {
  const run = importThroughKubeconfig(db, cluster, connection, "edit", at).catch(async (error: Error) => {
    const message = error.message.split("\n")[0]!;
    await recordInventoryFailure(db, cluster.id, message).catch(() => {});
    return { ok: false as const, error: message };
  });
  editImports.add(run);
  void run.finally(() => editImports.delete(run));
  return run;
}

/** Resolves once every import started by a kubeconfig edit so far has finished (tests, shutdown). */
export async function settleInventoryEdits(): Promise<void> {
  await Promise.all([...editImports]);
}

/** Drift records shown per cluster. */
const DRIFTS_SHOWN = 10;

/** A cluster's inventory import state and its latest drift, for the cluster page; null for a simulated cluster. */
export async function getInventoryState(db: Db, clusterId: string) {
  const { connection, drifts } = await findInventoryState(db, clusterId, DRIFTS_SHOWN);
  if (connection?.driver !== "KUBERNETES") return null;
  return {
    importedAt: connection.inventoryImportedAt,
    error: connection.inventoryError,
    drifts: drifts.map((d) => ({
      id: d.id,
      at: d.at,
      trigger: d.trigger,
      nodesReported: d.nodesReported,
      added: d.added,
      removed: d.removed,
      changed: d.changed,
      skipped: d.skipped,
      changes: inventoryChangesSchema.parse(d.changes).nodes,
    })),
  };
}
