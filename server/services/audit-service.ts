/** The audit log as admins read it: who changed what, before and after, when. */
import type { Db } from "../db/client";
import { findAuditEntries } from "../repositories/audit-repository";

/** One page of audit entries, newest first, with the total count for paging. */
export function listAuditEntries(db: Db, page: number, pageSize: number) {
  return findAuditEntries(db, page, pageSize);
}
