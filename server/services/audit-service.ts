/** The audit log as admins read it: who changed what, field by field before and after, when; filtered and paged. */
import type { Db } from "../db/client";
import { findAuditEntries, findAuditFacets, type AuditFilter } from "../repositories/audit-repository";
import { namesOfType, withEntityNames } from "../repositories/audit-entity-names";
import { diffAuditValues, type AuditFieldChange } from "./audit/audit-diff";

// Fields that hold another entity's id, and that entity's type: the diff shows its name instead.
const ID_FIELDS: Record<string, string> = {
  tenantId: "Tenant",
  clusterId: "Cluster",
  clusterAId: "Cluster",
  clusterBId: "Cluster",
  zoneId: "GridZone",
  gridZoneId: "GridZone",
  userId: "User",
  createdById: "User",
  priorityClassId: "PriorityClass",
  gpuModelId: "GpuModel",
  policyId: "Policy",
  jobId: "Job",
};

const leafOf = (path: string) => path.slice(path.lastIndexOf(".") + 1);

/** Each change whose field is another entity's id reads that entity's name (the id when it is gone); the field loses its "Id". */
async function withReferenceNames(db: Db, lists: AuditFieldChange[][]): Promise<AuditFieldChange[][]> {
  const wanted = new Map<string, Set<string>>();
  for (const c of lists.flat()) {
    const type = ID_FIELDS[leafOf(c.path)];
    if (!type) continue;
    for (const v of [c.beforeValue, c.afterValue]) if (typeof v === "string") (wanted.get(type) ?? wanted.set(type, new Set()).get(type)!).add(v);
  }
  const names = new Map<string, Map<string, string>>();
  await Promise.all([...wanted].map(async ([type, ids]) => names.set(type, await namesOfType(db, type, [...ids]))));
  return lists.map((list) =>
    list.map((c) => {
      const type = ID_FIELDS[leafOf(c.path)];
      if (!type) return c;
      const name = (v: unknown, shown: string) => (typeof v === "string" ? (names.get(type)?.get(v) ?? v) : shown);
      return { ...c, path: c.path.replace(/Id$/, ""), before: name(c.beforeValue, c.before), after: name(c.afterValue, c.after) };
    }),
  );
}

/** One page of audit entries matching the filter, newest first, with the total; each entity named, each change diffed per field. */
export async function listAuditEntries(db: Db, page: number, pageSize: number, filter: AuditFilter = {}) {
  const { rows, total } = await findAuditEntries(db, page, pageSize, filter);
  const named = await withEntityNames(db, rows);
  const changes = await withReferenceNames(
    db,
    named.map((r) => diffAuditValues(r.before, r.after)),
  );
  return {
    rows: named.map((r, i) => ({
      ...r,
      changes: changes[i]!.map(({ path, before, after, secret }) => ({ path, before, after, secret })),
    })),
    total,
  };
}

/** The choices the audit filters offer, and the name of the entity filtered on (if any). */
export async function auditFilterOptions(db: Db, entity?: { type: string; id: string }) {
  const facets = await findAuditFacets(db);
  const entityName = entity ? ((await namesOfType(db, entity.type, [entity.id])).get(entity.id) ?? entity.id) : null;
  return {
    actors: facets.actors.map((a) => ({ id: a.id, name: `${a.name} (${a.email})` })),
    systemActed: facets.systemActed,
    entityTypes: facets.entityTypes,
    entityName,
  };
}
