/** The audit log: who changed what, before and after, when. */
import type { Db } from "../db/client";
import type { Prisma } from "../db/generated/client";

/** Audit entries, newest first, one page at a time. */
export async function findAuditEntries(db: Db, page: number, pageSize: number) {
  const [rows, total] = await db.$transaction([
    db.auditLog.findMany({
      orderBy: [{ at: "desc" }, { id: "desc" }],
      skip: (page - 1) * pageSize,
      take: pageSize,
      include: { actor: { select: { name: true, email: true } } },
    }),
    db.auditLog.count(),
  ]);
  return { rows: rows.map((r) => ({ ...r, id: r.id.toString() })), total };
}

/** Any client that can write: the database or an open transaction. */
export type Writer = Db | Prisma.TransactionClient;

export interface AuditEntry {
  /** Who acted; null for the system or an anonymous caller (e.g. a throttled sign-in). */
  actorId: string | null;
  /** `<entity>.<verb>`, e.g. "cluster.update". */
  action: string;
  entityType: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
  at: Date;
}

const json = (value: unknown) => (value === undefined || value === null ? undefined : (JSON.parse(JSON.stringify(value)) as Prisma.InputJsonValue));

/** Writes one audit entry; call it inside the transaction that makes the change, so both or neither land. */
export async function recordAudit(tx: Writer, entry: AuditEntry): Promise<void> {
  await tx.auditLog.create({
    data: {
      actorId: entry.actorId,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId,
      before: json(entry.before),
      after: json(entry.after),
      at: entry.at,
    },
  });
}
