/**
 * Cluster administration writes: create/edit with the driver connection, retire, node imports. Every
 * write and its audit entry share one transaction. The kubeconfig is read here only to be stored,
 * sealed with the secret key (secrets/stored-secrets.ts); what leaves this module says whether one is
 * set, never its text.
 */
import type { Db } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { sameStoredSecret, sealStoredSecret, SECRET_PURPOSES } from "../secrets/stored-secrets";
import { recordAudit, type Writer } from "./audit-repository";

export interface ClusterFields {
  name: string;
  region: string;
  locationName: string;
  latitude: number;
  longitude: number;
  gridZoneId: string;
  tier: "HUB" | "REGIONAL" | "EDGE";
  pue: number;
  status: "ACTIVE" | "DRAINING" | "MAINTENANCE" | "RETIRED";
}

export interface ConnectionFields {
  driver: "SIMULATED" | "KUBERNETES";
  /** null clears it; undefined keeps the stored one. */
  kubeconfig: string | null | undefined;
  namespacePrefix: string;
}

const clusterSelect = {
  id: true,
  name: true,
  region: true,
  locationName: true,
  latitude: true,
  longitude: true,
  gridZoneId: true,
  tier: true,
  pue: true,
  status: true,
  connection: { select: { driver: true, kubeconfig: true, namespacePrefix: true, lastSyncAt: true, lastError: true } },
} as const;

type Row = Prisma.ClusterGetPayload<{ select: typeof clusterSelect }>;

/** The cluster as the admin UI and the audit log see it: the connection says only whether a kubeconfig is set. */
function publicView(row: Row) {
  const { connection, ...fields } = row;
  return {
    ...fields,
    connection: {
      driver: connection?.driver ?? "SIMULATED",
      kubeconfigSet: !!connection?.kubeconfig,
      namespacePrefix: connection?.namespacePrefix ?? "verdant-",
      lastSyncAt: connection?.lastSyncAt ?? null,
      lastError: connection?.lastError ?? null,
    },
  };
}
export type ClusterAdminView = ReturnType<typeof publicView>;

/** Grid zones to choose from. */
export function listZoneOptions(db: Db) {
  return db.gridZone.findMany({ select: { id: true, name: true }, orderBy: { id: "asc" } });
}

export function zoneExists(db: Db, id: string) {
  return db.gridZone.findUnique({ where: { id }, select: { id: true } }).then(Boolean);
}

export async function findClusterForAdmin(db: Db, id: string) {
  const row = await db.cluster.findUnique({ where: { id }, select: { ...clusterSelect, _count: { select: { nodes: true } } } });
  if (!row) return null;
  const { _count, ...rest } = row;
  return { ...publicView(rest), nodes: _count.nodes };
}

/** Jobs holding GPUs or CPU on the cluster's nodes, and the nodes they occupy. */
export async function clusterOccupancy(db: Writer, id: string) {
  const [jobs, busyNodes] = await Promise.all([
    db.$queryRaw<
      { n: bigint }[]
    >`SELECT count(DISTINCT s."jobId") AS n FROM "GpuShare" s JOIN "Gpu" g ON g.id = s."gpuId" JOIN "Node" n ON n.id = g."nodeId" WHERE n."clusterId" = ${id}`,
    db.node.count({
      where: { clusterId: id, OR: [{ allocatedCpuMilli: { gt: 0 } }, { allocatedMemoryMib: { gt: 0 } }, { gpus: { some: { allocatedMilli: { gt: 0 } } } }] },
    }),
  ]);
  return { jobs: Number(jobs[0]?.n ?? 0), busyNodes };
}

/** Queued jobs that may run only in this cluster's region where no other active cluster is. */
export async function strandedQueuedJobs(db: Db, cluster: { id: string; region: string }) {
  const others = await db.cluster.findMany({ where: { status: "ACTIVE", id: { not: cluster.id } }, select: { region: true } });
  return db.job.count({
    where: { status: "QUEUED", allowedRegions: { has: cluster.region }, NOT: { allowedRegions: { hasSome: [...new Set(others.map((o) => o.region))] } } },
  });
}

function connectionData(c: ConnectionFields, at: Date) {
  const kubeconfig = typeof c.kubeconfig === "string" ? sealStoredSecret(SECRET_PURPOSES.kubeconfig, c.kubeconfig) : c.kubeconfig;
  return { driver: c.driver, namespacePrefix: c.namespacePrefix, ...(kubeconfig !== undefined ? { kubeconfig } : {}), updatedAt: at };
}

export async function insertCluster(db: Db, fields: ClusterFields, connection: ConnectionFields, actorId: string, at: Date) {
  return db.$transaction(async (tx) => {
    const created = await tx.cluster.create({
      data: { ...fields, createdAt: at, updatedAt: at, connection: { create: connectionData(connection, at) } },
      select: clusterSelect,
    });
    const after = publicView(created);
    await recordAudit(tx, { actorId, action: "cluster.create", entityType: "Cluster", entityId: created.id, after, at });
    return after;
  });
}

/**
 * Edits fields and connection; `kubeconfigChanged` is recorded in the audit entry instead of the text.
 * A retired cluster stays retired whatever status the form sends: only {@link reactivateCluster}
 * brings it back. The row lock orders this edit after a concurrent retire, so an edit read before
 * the retire cannot undo it. Null when missing.
 */
export async function updateCluster(db: Db, id: string, fields: ClusterFields, connection: ConnectionFields, actorId: string, at: Date) {
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM "Cluster" WHERE id = ${id} FOR UPDATE`;
    const beforeRow = await tx.cluster.findUnique({ where: { id }, select: clusterSelect });
    if (!beforeRow) return null;
    const data = connectionData(connection, at);
    const status = beforeRow.status === "RETIRED" ? "RETIRED" : fields.status;
    const updated = await tx.cluster.update({
      where: { id },
      data: { ...fields, status, updatedAt: at, connection: { upsert: { create: data, update: data } } },
      select: clusterSelect,
    });
    const after = publicView(updated);
    // Each sealing uses a fresh IV, so compare the new text with the opened old one, not ciphertexts.
    const kubeconfigChanged =
      connection.kubeconfig !== undefined && !sameStoredSecret(SECRET_PURPOSES.kubeconfig, beforeRow.connection?.kubeconfig, connection.kubeconfig);
    await recordAudit(tx, {
      actorId,
      action: "cluster.update",
      entityType: "Cluster",
      entityId: id,
      before: publicView(beforeRow),
      after: { ...after, connection: { ...after.connection, kubeconfigChanged } },
      at,
    });
    return after;
  });
}

/**
 * Retires the cluster when `check` (run on the locked row) allows it. The row lock makes two retires,
 * or a retire and an edit, apply one after the other.
 */
export async function retireCluster(db: Db, id: string, check: (tx: Writer, row: Row) => Promise<void>, actorId: string, at: Date) {
  return db.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "Cluster" WHERE id = ${id} FOR UPDATE`;
    if (!locked.length) return null;
    const before = (await tx.cluster.findUnique({ where: { id }, select: clusterSelect }))!;
    await check(tx, before);
    const updated = await tx.cluster.update({ where: { id }, data: { status: "RETIRED", updatedAt: at }, select: clusterSelect });
    await recordAudit(tx, {
      actorId,
      action: "cluster.retire",
      entityType: "Cluster",
      entityId: id,
      before: { status: before.status },
      after: { status: updated.status },
      at,
    });
    return publicView(updated);
  });
}

/** Brings a retired cluster back as ACTIVE, audited; null when missing, the row unchanged when not retired. */
export async function reactivateCluster(db: Db, id: string, actorId: string, at: Date) {
  return db.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<{ status: string }[]>`SELECT status::text FROM "Cluster" WHERE id = ${id} FOR UPDATE`;
    if (!locked.length) return null;
    if (locked[0]!.status !== "RETIRED")
      return { changed: false as const, cluster: publicView((await tx.cluster.findUnique({ where: { id }, select: clusterSelect }))!) };
    const updated = await tx.cluster.update({ where: { id }, data: { status: "ACTIVE", updatedAt: at }, select: clusterSelect });
    await recordAudit(tx, {
      actorId,
      action: "cluster.reactivate",
      entityType: "Cluster",
      entityId: id,
      before: { status: "RETIRED" },
      after: { status: updated.status },
      at,
    });
    return { changed: true as const, cluster: publicView(updated) };
  });
}

/** Names among `names` that already exist anywhere in the fleet, with their cluster. */
export function findNodesNamed(db: Db, names: string[]) {
  return db.node.findMany({ where: { name: { in: names } }, select: { name: true, cluster: { select: { name: true } } } });
}

export interface NodeRowsToInsert {
  nodeRows: Prisma.NodeCreateManyInput[];
  gpuRows: Prisma.GpuCreateManyInput[];
}

/**
 * Inserts the nodes and their GPUs and audits the import, all or nothing. `build` gets the cluster's
 * node count inside the transaction (to continue its rack numbering).
 */
export async function insertImportedNodes(
  db: Db,
  clusterId: string,
  build: (existingNodes: number) => NodeRowsToInsert,
  audit: { actorId: string; at: Date; summary: Record<string, unknown> },
) {
  return db.$transaction(
    async (tx) => {
      await tx.$queryRaw`SELECT id FROM "Cluster" WHERE id = ${clusterId} FOR UPDATE`;
      const existing = await tx.node.count({ where: { clusterId } });
      const { nodeRows, gpuRows } = build(existing);
      await tx.node.createMany({ data: nodeRows });
      await tx.gpu.createMany({ data: gpuRows });
      await recordAudit(tx, {
        actorId: audit.actorId,
        action: "cluster.import-nodes",
        entityType: "Cluster",
        entityId: clusterId,
        before: { nodes: existing },
        after: { nodes: existing + nodeRows.length, ...audit.summary },
        at: audit.at,
      });
      return { nodesBefore: existing, nodesAfter: existing + nodeRows.length };
    },
    { timeout: 120_000, maxWait: 10_000 },
  );
}
