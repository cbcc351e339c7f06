/** Catalog data for forms and filters: GPU models, regions, tenant and cluster names. */
import type { Db } from "../db/client";
import { listClusterNames, listGpuModels, listRegions, listTenants } from "../repositories/catalog-repository";

/** What the job form offers: GPU models (only the fields a user may see) and regions with their zones. */
export async function jobFormOptions(db: Db) {
  const [gpuModels, regions] = await Promise.all([listGpuModels(db), listRegions(db)]);
  return {
    gpuModels: gpuModels.map((g) => ({ id: g.id, displayName: g.displayName, memoryGib: g.memoryGib, computeUnits: g.computeUnits })),
    regions,
  };
}

/** Tenant names for operators' filters. */
export function tenantNames(db: Db) {
  return listTenants(db);
}

/** Cluster names for operators' filters. */
export function clusterNames(db: Db) {
  return listClusterNames(db);
}
