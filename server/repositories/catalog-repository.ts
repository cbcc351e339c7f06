/** Read-only catalog data used by forms and validation: GPU models, regions, tenant quotas. */
import type { Db } from "../db/client";

/** Every GPU model in the catalog. */
export function listGpuModels(db: Db) {
  return db.gpuModel.findMany({ orderBy: [{ computeUnits: "desc" }, { id: "asc" }] });
}

/** Regions that have at least one non-retired cluster, with their grid zones. */
export async function listRegions(db: Db): Promise<{ region: string; zones: string[]; clusters: number }[]> {
  const clusters = await db.cluster.findMany({ where: { status: { not: "RETIRED" } }, select: { region: true, gridZoneId: true }, orderBy: { region: "asc" } });
  const byRegion = new Map<string, { zones: Set<string>; clusters: number }>();
  for (const c of clusters) {
    const entry = byRegion.get(c.region) ?? { zones: new Set<string>(), clusters: 0 };
    entry.zones.add(c.gridZoneId);
    entry.clusters++;
    byRegion.set(c.region, entry);
  }
  return [...byRegion].map(([region, e]) => ({ region, zones: [...e.zones].sort(), clusters: e.clusters }));
}

/** A tenant's quota, or null when it has none. */
export function findTenantQuota(db: Db, tenantId: string) {
  return db.tenantQuota.findUnique({ where: { tenantId } });
}

/** Every cluster's id and name (filters). */
export function listClusterNames(db: Db) {
  return db.cluster.findMany({ select: { id: true, name: true }, orderBy: { name: "asc" } });
}

/** Every tenant's id, slug and name. */
export function listTenants(db: Db) {
  return db.tenant.findMany({ select: { id: true, slug: true, name: true }, orderBy: { name: "asc" } });
}
