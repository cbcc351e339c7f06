/** The audit log: who changed what, before and after, when. */
import type { Db } from "../db/client";
import type { Prisma } from "../db/generated/client";

/** Which entries to read: by who acted ("system" for none), what kind of entity, which one, and when [from, to). */
export interface AuditFilter {
  actorId?: string;
  entityType?: string;
  entityId?: string;
  from?: Date;
  to?: Date;
}

function auditWhere(f: AuditFilter): Prisma.AuditLogWhereInput {
  return {
    ...(f.actorId ? { actorId: f.actorId === "system" ? null : f.actorId } : {}),
    ...(f.entityType ? { entityType: f.entityType } : {}),
    ...(f.entityId ? { entityId: f.entityId } : {}),
    ...(f.from || f.to ? { at: { ...(f.from ? { gte: f.from } : {}), ...(f.to ? { lt: f.to } : {}) } } : {}),
  };
}

/** Audit entries matching the filter, newest first, one page at a time, with the matching total. */
export async function findAuditEntries(db: Db, page: number, pageSize: number, filter: AuditFilter = {}) {
  const where = auditWhere(filter);
  const [rows, total] = await db.$transaction([
    db.auditLog.findMany({
      where,
      orderBy: [{ at: "desc" }, { id: "desc" }],
      skip: (page - 1) * pageSize,
      take: pageSize,
      include: { actor: { select: { name: true, email: true } } },
    }),
    db.auditLog.count({ where }),
  ]);
  return { rows: rows.map((r) => ({ ...r, id: r.id.toString() })), total };
}

/** What the filters offer: everyone who has acted (and whether the system has), and every entity type logged. */
export async function findAuditFacets(db: Db) {
  const [actors, types, system] = await Promise.all([
    db.user.findMany({ where: { auditEntries: { some: {} } }, select: { id: true, name: true, email: true }, orderBy: { name: "asc" } }),
    db.auditLog.groupBy({ by: ["entityType"], orderBy: { entityType: "asc" } }),
    db.auditLog.findFirst({ where: { actorId: null }, select: { id: true } }),
  ]);
  return { actors, entityTypes: types.map((t) => t.entityType), systemActed: system !== null };
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
