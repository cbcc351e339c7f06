/** The audit log: who changed what, before and after, when. */
import type { Db } from "../db/client";

/** Audit entries, newest first, one page at a time. */
export async function findAuditEntries(db: Db, page: number, pageSize: number) {
  const [rows, total] = await db.$transaction([
    db.auditLog.findMany({ orderBy: [{ at: "desc" }, { id: "desc" }], skip: (page - 1) * pageSize, take: pageSize, include: { actor: { select: { name: true, email: true } } } }),
    db.auditLog.count(),
  ]);
  return { rows: rows.map((r) => ({ ...r, id: r.id.toString() })), total };
}
