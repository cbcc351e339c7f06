/** API tokens: stored hashes, looked up by hash; listed, created and revoked per user. */
import type { Db } from "../db/client";
import type { Writer } from "./audit-repository";

const listed = { id: true, name: true, prefix: true, createdAt: true, expiresAt: true, lastUsedAt: true, revokedAt: true } as const;

/** A token as its owner sees it (never the hash). */
export interface ApiTokenRow {
  id: string;
  name: string;
  prefix: string;
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

/** The user's tokens, newest first. */
export function findUserApiTokens(db: Db, userId: string): Promise<ApiTokenRow[]> {
  return db.apiToken.findMany({ where: { userId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: listed });
}

/** How many unrevoked tokens the user holds. */
export function countActiveApiTokens(db: Writer, userId: string): Promise<number> {
  return db.apiToken.count({ where: { userId, revokedAt: null } });
}

/** Stores a new token's hash. */
export function insertApiToken(
  tx: Writer,
  data: { userId: string; name: string; tokenHash: string; prefix: string; expiresAt: Date | null; createdAt: Date },
): Promise<ApiTokenRow> {
  return tx.apiToken.create({ data, select: listed });
}

/** One of the user's tokens, or null (another person's token is not theirs to see). */
export function findUserApiToken(tx: Writer, userId: string, id: string): Promise<ApiTokenRow | null> {
  return tx.apiToken.findFirst({ where: { id, userId }, select: listed });
}

/** Marks the token revoked at `at`. */
export function markApiTokenRevoked(tx: Writer, id: string, at: Date): Promise<ApiTokenRow> {
  return tx.apiToken.update({ where: { id }, data: { revokedAt: at }, select: listed });
}

/** The token with this hash and its owner's id, or null. */
export function findApiTokenByHash(db: Db, tokenHash: string) {
  return db.apiToken.findUnique({ where: { tokenHash }, select: { id: true, userId: true, name: true, expiresAt: true, revokedAt: true } });
}

/**
 * Records a use. Written at most once a minute per token, so a script calling in a loop does not turn
 * every read into a write.
 */
export async function touchApiToken(db: Db, id: string, at: Date): Promise<void> {
  await db.apiToken.updateMany({
    where: { id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: new Date(at.getTime() - 60_000) } }] },
    data: { lastUsedAt: at },
  });
}
