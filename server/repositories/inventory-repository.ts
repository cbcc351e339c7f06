/**
 * Inventory imports from a cluster's own node list: the stored nodes read under lock, the plan of
 * server/services/inventory-drift.ts written in the same transaction (nodes and GPUs added, brought
 * in line, marked removed or deleted), the drift record and the import time on the connection.
 */
import type { Db } from "../db/client";
import type { Prisma } from "../db/generated/client";
import type { InventoryPlan, ResolvedNode, StoredInventoryNode } from "../services/inventory-drift";

/** What starts an import: the cluster's creation, the worker's periodic refresh, or an edit of its kubeconfig. */
export type InventoryTrigger = "create" | "refresh" | "edit";

/**
 * What one import writes: the plan of server/services/inventory-drift.ts (the one comparison of a
 * stored node with a reported one) and the drift record.
 */
export interface InventoryWrite extends Pick<InventoryPlan, "insert" | "update" | "mark" | "remove"> {
  /** The drift record; null when nothing differed. */
  drift: { trigger: InventoryTrigger; nodesReported: number; added: number; removed: number; changed: number; skipped: number; changes: object } | null;
}

/** The cluster's nodes, locked for the import (a placement waits, then finds its capacity gone). */
async function lockedNodes(tx: Prisma.TransactionClient, clusterId: string): Promise<StoredInventoryNode[]> {
  await tx.$queryRaw`SELECT id FROM "Node" WHERE "clusterId" = ${clusterId} ORDER BY id FOR UPDATE`;
  const rows = await tx.node.findMany({
    where: { clusterId },
    select: {
      id: true,
      name: true,
      cpuMilli: true,
      memoryMib: true,
      gpuModelId: true,
      gpuCount: true,
      rackGroup: true,
      switchGroup: true,
      podGroup: true,
      status: true,
      removedAt: true,
      allocatedCpuMilli: true,
      allocatedMemoryMib: true,
      gpus: { where: { OR: [{ allocatedMilli: { gt: 0 } }, { shares: { some: {} } }] }, select: { id: true } },
    },
  });
  return rows.map(({ allocatedCpuMilli, allocatedMemoryMib, gpus, ...n }) => ({
    ...n,
    held: allocatedCpuMilli > 0 || allocatedMemoryMib > 0 || gpus.length > 0,
  }));
}

/** A reported node's columns; topology absent from the report (the driver reads none) leaves the stored value. */
const nodeData = (n: ResolvedNode) => ({
  cpuMilli: n.cpuMilli,
  memoryMib: n.memoryMib,
  gpuModelId: n.gpuModelId,
  rackGroup: n.rack,
  ...(n.switchGroup !== undefined ? { switchGroup: n.switchGroup } : {}),
  ...(n.podGroup !== undefined ? { podGroup: n.podGroup } : {}),
  labels: n.labels,
  status: n.schedulable ? ("READY" as const) : ("NOT_READY" as const),
});

/** Inserts new nodes with their GPUs; ids follow the node import's `node-<cluster>-<name>`. */
async function insertNodes(tx: Prisma.TransactionClient, clusterId: string, nodes: readonly ResolvedNode[]): Promise<void> {
  const rows = nodes.map((n) => ({ id: `node-${clusterId}-${n.name}`, clusterId, name: n.name, gpuCount: n.gpuCount, ...nodeData(n) }));
  await tx.node.createMany({ data: rows });
  await tx.gpu.createMany({
    data: rows.flatMap((r) => Array.from({ length: r.gpuCount }, (_, index) => ({ id: `${r.id}-gpu${index}`, nodeId: r.id, index }))),
  });
}

/** Brings stored nodes in line; a pending GPU shrink leaves the GPUs and takes the node out of placement. */
async function updateNodes(tx: Prisma.TransactionClient, updates: InventoryWrite["update"]): Promise<void> {
  for (const u of updates) {
    // The node health pass owns the status of a known node (it tells CORDONED and GPU_ERROR apart,
    // which the inventory cannot): an import only takes a shrinking node out of placement.
    const { status: _reported, ...fields } = nodeData(u.node);
    const data = { ...fields, gpuCount: u.gpuCount, removedAt: null, ...(u.pending ? { status: "NOT_READY" as const } : {}) };
    await tx.node.update({ where: { id: u.id }, data });
    if (u.gpuCount > u.gpuCountBefore) {
      const existing = new Set((await tx.gpu.findMany({ where: { nodeId: u.id }, select: { index: true } })).map((g) => g.index));
      const missing = Array.from({ length: u.gpuCount }, (_, index) => index).filter((index) => !existing.has(index));
      await tx.gpu.createMany({ data: missing.map((index) => ({ id: `${u.id}-gpu${index}`, nodeId: u.id, index })) });
    } else if (u.gpuCount < u.gpuCountBefore) {
      await tx.gpu.deleteMany({ where: { nodeId: u.id, index: { gte: u.gpuCount } } });
    }
  }
}

/**
 * Runs one import: `plan` gets the locked stored nodes and returns what to write, all in one
 * transaction with the drift record and the connection's import time.
 */
export async function applyInventoryImport(db: Db, clusterId: string, plan: (stored: StoredInventoryNode[]) => InventoryWrite, at: Date) {
  return db.$transaction(
    async (tx) => {
      const write = plan(await lockedNodes(tx, clusterId));
      await insertNodes(tx, clusterId, write.insert);
      await updateNodes(tx, write.update);
      if (write.mark.length) await tx.node.updateMany({ where: { id: { in: write.mark } }, data: { removedAt: at, status: "NOT_READY" } });
      if (write.remove.length) await tx.node.deleteMany({ where: { id: { in: write.remove } } });
      if (write.drift) await tx.inventoryDrift.create({ data: { clusterId, at, ...write.drift, changes: write.drift.changes as Prisma.InputJsonValue } });
      await tx.$executeRaw`UPDATE "ClusterConnection" SET "inventoryImportedAt" = ${at}, "inventoryError" = NULL WHERE "clusterId" = ${clusterId}`;
      return write;
    },
    { timeout: 60_000, maxWait: 10_000 },
  );
}

/**
 * Records why the latest import failed (the cluster could not be listed); the last successful import
 * time stays. Raw SQL (as for the import time) so the connection's updatedAt, an admin's edit time, stays.
 */
export async function recordInventoryFailure(db: Db, clusterId: string, error: string): Promise<void> {
  await db.$executeRaw`UPDATE "ClusterConnection" SET "inventoryError" = ${error} WHERE "clusterId" = ${clusterId}`;
}

/** The GPU models the catalog knows. */
export async function catalogModelIds(db: Db): Promise<string[]> {
  return (await db.gpuModel.findMany({ select: { id: true } })).map((m) => m.id);
}

/** A cluster's import state and its latest drift records, newest first. */
export async function findInventoryState(db: Db, clusterId: string, take: number) {
  const [connection, drifts] = await Promise.all([
    db.clusterConnection.findUnique({ where: { clusterId }, select: { driver: true, inventoryImportedAt: true, inventoryError: true } }),
    db.inventoryDrift.findMany({ where: { clusterId }, orderBy: [{ at: "desc" }, { id: "desc" }], take }),
  ]);
  return { connection, drifts };
}

/** Drift totals per cluster and kind, for the Prometheus counter. */
export function readInventoryDriftTotals(db: Db) {
  return db.$queryRaw<{ cluster: string; added: bigint; removed: bigint; changed: bigint }[]>`SELECT c.name AS cluster,
      SUM(d.added)::bigint AS added, SUM(d.removed)::bigint AS removed, SUM(d.changed)::bigint AS changed
    FROM "InventoryDrift" d JOIN "Cluster" c ON c.id = d."clusterId" GROUP BY c.name ORDER BY c.name`;
}
