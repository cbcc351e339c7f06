/**
 * Stored engine inputs of decisions (`DecisionInput`): content-addressed parts, each written once.
 * Writers and the retention sweep serialise on one PostgreSQL advisory lock key: writers share it
 * (they never wait for each other), the sweep takes it alone, so a part a writer found already stored
 * cannot be swept before the decision that references it commits.
 */
import type { Db } from "../db/client";
import type { Prisma } from "../db/generated/client";

/** A transaction (or the client) that input parts are written through. */
export type InputStore = Prisma.TransactionClient | Db;

/** One part as written: hash, kind, gzip of its canonical JSON, the length before compression, the parts it references. */
export interface DecisionInputRow {
  hash: string;
  kind: string;
  body: Uint8Array<ArrayBuffer>;
  sizeBytes: number;
  refs: string[];
}

/** The advisory lock key shared by input writers and taken alone by the sweep. */
const INPUT_LOCK_SQL_KEY = "verdant.decision-input";

/**
 * Writes the parts not stored yet (inside the caller's transaction). `compress` is called only for
 * the missing ones, so a cycle's shared fleet parts are compressed once.
 */
export async function storeInputParts<P extends { hash: string }>(
  tx: InputStore,
  parts: readonly P[],
  compress: (part: P) => DecisionInputRow,
): Promise<{ written: number; bytes: number }> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock_shared(hashtext(${INPUT_LOCK_SQL_KEY}))`;
  const existing = await tx.decisionInput.findMany({ where: { hash: { in: parts.map((p) => p.hash) } }, select: { hash: true } });
  const have = new Set(existing.map((e) => e.hash));
  const rows = parts.filter((p) => !have.has(p.hash)).map(compress);
  if (rows.length > 0) await tx.decisionInput.createMany({ data: rows, skipDuplicates: true });
  return { written: rows.length, bytes: rows.reduce((sum, r) => sum + r.body.byteLength, 0) };
}

/** Stored parts by hash (kind and gzip body). */
export function findInputParts(db: Db, hashes: string[]) {
  return db.decisionInput.findMany({ where: { hash: { in: hashes } }, select: { hash: true, kind: true, body: true } });
}

/**
 * Deletes every part no decision reaches (directly, or through the parts it references), under the
 * exclusive advisory lock. Returns how many went.
 */
export async function deleteUnreferencedInputs(db: Db): Promise<number> {
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${INPUT_LOCK_SQL_KEY}))`;
    return tx.$executeRaw`WITH RECURSIVE reachable(hash) AS (
        SELECT DISTINCT d."inputHash" FROM "Decision" d WHERE d."inputHash" IS NOT NULL
        UNION
        SELECT ref FROM reachable r JOIN "DecisionInput" i ON i.hash = r.hash CROSS JOIN LATERAL unnest(i.refs) AS ref
      )
      DELETE FROM "DecisionInput" x WHERE NOT EXISTS (SELECT 1 FROM reachable r WHERE r.hash = x.hash)`;
  });
}

/** Stored input parts by kind: how many, and their bytes before and after compression. */
export async function inputStorageByKind(db: Db): Promise<{ kind: string; parts: number; canonicalBytes: number; storedBytes: number }[]> {
  const rows = await db.$queryRaw<{ kind: string; parts: bigint; canonical: bigint; stored: bigint }[]>`
    SELECT kind, COUNT(*) AS parts, SUM("sizeBytes")::bigint AS canonical, SUM(octet_length(body))::bigint AS stored
    FROM "DecisionInput" GROUP BY kind ORDER BY SUM(octet_length(body)) DESC`;
  return rows.map((r) => ({ kind: r.kind, parts: Number(r.parts), canonicalBytes: Number(r.canonical), storedBytes: Number(r.stored) }));
}

/** The decisions to replay: all of them (oldest first), or one by id. */
export function findDecisionsForReplay(db: Db, where: { id?: string; after?: { createdAt: Date; id: string } | null }, take: number) {
  return db.decision.findMany({
    where: {
      ...(where.id ? { id: where.id } : {}),
      ...(where.after ? { OR: [{ createdAt: { gt: where.after.createdAt } }, { createdAt: where.after.createdAt, id: { gt: where.after.id } }] } : {}),
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take,
    select: {
      id: true,
      createdAt: true,
      outcome: true,
      clusterId: true,
      startAt: true,
      assignments: true,
      explanation: true,
      inputHash: true,
      policy: { select: { name: true, version: true } },
    },
  });
}

/** A decision row as replay reads it. */
export type ReplayDecisionRow = Awaited<ReturnType<typeof findDecisionsForReplay>>[number];
