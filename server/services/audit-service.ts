/** The audit log as admins read it: who changed what, before and after, when. */
import type { Db } from "../db/client";
import { findAuditEntries } from "../repositories/audit-repository";
import { withEntityNames } from "../repositories/audit-entity-names";

/** One page of audit entries, newest first, with the total count for paging; each entity named as people know it. */
export async function listAuditEntries(db: Db, page: number, pageSize: number) {
  const { rows, total } = await findAuditEntries(db, page, pageSize);
  return { rows: await withEntityNames(db, rows), total };
}
