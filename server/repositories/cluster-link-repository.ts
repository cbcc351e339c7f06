/** Inter-cluster links: the admin list, audited writes, and the rows the fleet snapshot reads. */
import type { Db } from "../db/client";
import { recordAudit } from "./audit-repository";

/** The stored fields of a link (the pair ordered: clusterAId < clusterBId). */
export interface ClusterLinkFields {
  readonly clusterAId: string;
  readonly clusterBId: string;
  readonly distanceKm: number;
  readonly bandwidthGbps: number;
  readonly latencyMs: number;
}

const LINK_FIELDS = { id: true, clusterAId: true, clusterBId: true, distanceKm: true, bandwidthGbps: true, latencyMs: true } as const;

/** Every link with both clusters' names, by first cluster name. */
export async function listClusterLinks(db: Db) {
  const rows = await db.clusterLink.findMany({
    select: { ...LINK_FIELDS, updatedAt: true, clusterA: { select: { name: true } }, clusterB: { select: { name: true } } },
  });
  return rows
    .map(({ clusterA, clusterB, ...r }) => ({ ...r, clusterAName: clusterA.name, clusterBName: clusterB.name }))
    .sort((x, y) => x.clusterAName.localeCompare(y.clusterAName) || x.clusterBName.localeCompare(y.clusterBName));
}

/** Every link as the coordinator needs it (ids and figures). */
export function findLinksForSnapshot(db: Db) {
  return db.clusterLink.findMany({ select: LINK_FIELDS, orderBy: [{ clusterAId: "asc" }, { clusterBId: "asc" }] });
}

/** Name and coordinates of the given clusters (missing ids are absent from the result). */
export function findClusterPositions(db: Db, ids: readonly string[]) {
  return db.cluster.findMany({ where: { id: { in: [...ids] } }, select: { id: true, name: true, latitude: true, longitude: true } });
}

/** Inserts a link and its audit entry. */
export async function insertClusterLink(db: Db, fields: ClusterLinkFields, actorId: string, at: Date) {
  return db.$transaction(async (tx) => {
    const created = await tx.clusterLink.create({ data: fields, select: LINK_FIELDS });
    await recordAudit(tx, { actorId, action: "cluster-link.create", entityType: "ClusterLink", entityId: created.id, after: created, at });
    return created;
  });
}

/** Updates a link's pair and figures; null when it does not exist. */
export async function updateClusterLink(db: Db, id: string, fields: ClusterLinkFields, actorId: string, at: Date) {
  return db.$transaction(async (tx) => {
    const before = await tx.clusterLink.findUnique({ where: { id }, select: LINK_FIELDS });
    if (!before) return null;
    const after = await tx.clusterLink.update({ where: { id }, data: fields, select: LINK_FIELDS });
    await recordAudit(tx, { actorId, action: "cluster-link.update", entityType: "ClusterLink", entityId: id, before, after, at });
    return after;
  });
}

/** Deletes a link; false when it does not exist. */
export async function deleteClusterLink(db: Db, id: string, actorId: string, at: Date): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const before = await tx.clusterLink.findUnique({ where: { id }, select: LINK_FIELDS });
    if (!before) return false;
    await tx.clusterLink.delete({ where: { id } });
    await recordAudit(tx, { actorId, action: "cluster-link.delete", entityType: "ClusterLink", entityId: id, before, at });
    return true;
  });
}
