/**
 * People read the audit log by names, not database ids: each entry's entity is looked up by type (one
 * query per type on the page), and an entity deleted since falls back to the name its before/after
 * values recorded, then to its id.
 */
import type { Db } from "../db/client";

type Named = { id: string; name: string };
type Lookup = (db: Db, ids: string[]) => Promise<Named[]>;

const LOOKUPS: Record<string, Lookup> = {
  Cluster: (db, ids) => db.cluster.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } }),
  Tenant: (db, ids) => db.tenant.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } }),
  Job: (db, ids) => db.job.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } }),
  Policy: (db, ids) => db.policy.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } }),
  PriorityClass: (db, ids) => db.priorityClass.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } }),
  GridZone: (db, ids) => db.gridZone.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } }),
  User: async (db, ids) =>
    (await db.user.findMany({ where: { id: { in: ids } }, select: { id: true, name: true, email: true } })).map((u) => ({
      id: u.id,
      name: `${u.name} (${u.email})`,
    })),
  GpuModel: async (db, ids) =>
    (await db.gpuModel.findMany({ where: { id: { in: ids } }, select: { id: true, displayName: true } })).map((m) => ({ id: m.id, name: m.displayName })),
  CarbonFeed: async (db, ids) =>
    (await db.carbonFeed.findMany({ where: { id: { in: ids } }, select: { id: true, zone: { select: { name: true } } } })).map((f) => ({
      id: f.id,
      name: `${f.zone.name} feed`,
    })),
  ClusterLink: async (db, ids) =>
    (
      await db.clusterLink.findMany({
        where: { id: { in: ids } },
        select: { id: true, clusterA: { select: { name: true } }, clusterB: { select: { name: true } } },
      })
    ).map((l) => ({ id: l.id, name: `${l.clusterA.name} – ${l.clusterB.name}` })),
};

/** Names of entities of one type by id (an empty map for a type without names). */
export async function namesOfType(db: Db, type: string, ids: string[]): Promise<Map<string, string>> {
  const lookup = LOOKUPS[type];
  if (!lookup || ids.length === 0) return new Map();
  return new Map((await lookup(db, ids)).map((n) => [n.id, n.name]));
}

/** A "name" (or "displayName", "email") recorded in an entry's before/after values, if any. */
function recordedName(value: unknown): string | null {
  if (!value || typeof value !== "object") return null;
  const v = value as Record<string, unknown>;
  for (const key of ["name", "displayName", "email"]) if (typeof v[key] === "string" && v[key]) return v[key] as string;
  return null;
}

/** The entries with `entityName` added: the entity's current name, else the recorded one, else its id. */
export async function withEntityNames<T extends { entityType: string; entityId: string; before: unknown; after: unknown }>(
  db: Db,
  rows: T[],
): Promise<(T & { entityName: string })[]> {
  const idsByType = new Map<string, Set<string>>();
  for (const r of rows) if (LOOKUPS[r.entityType]) (idsByType.get(r.entityType) ?? idsByType.set(r.entityType, new Set()).get(r.entityType)!).add(r.entityId);
  const names = new Map<string, string>();
  await Promise.all(
    [...idsByType].map(async ([type, ids]) => {
      for (const n of await LOOKUPS[type]!(db, [...ids])) names.set(`${type}:${n.id}`, n.name);
    }),
  );
  return rows.map((r) => ({ ...r, entityName: names.get(`${r.entityType}:${r.entityId}`) ?? recordedName(r.after) ?? recordedName(r.before) ?? r.entityId }));
}
