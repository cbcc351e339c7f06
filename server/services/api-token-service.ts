/**
 * Personal API tokens: created and revoked by their owner in the web app (both audited), and turned
 * back into that owner on each request that sends one. A token carries no role of its own: it acts
 * with the user's role and tenant as they are at the time of the request, so a demotion, a tenant
 * move or a disabled account takes effect on the token's next call.
 */
import type { Db } from "../db/client";
import type { SessionUser } from "../auth/session-user";
import { hashApiTokenSecret, newApiTokenSecret } from "../auth/api-token-secret";
import { recordAudit } from "../repositories/audit-repository";
import {
  countActiveApiTokens,
  findApiTokenByHash,
  findUserApiTokens,
  insertApiToken,
  findUserApiToken,
  markApiTokenRevoked,
  touchApiToken,
  type ApiTokenRow,
} from "../repositories/api-token-repository";
import { findSessionUser } from "../repositories/user-repository";
import type { ApiTokenCreate } from "../schemas/api-token-form";
import { DomainError, fieldError } from "./errors";

/** Most unrevoked tokens one person may hold: enough for every machine, few enough to review. */
export const MAX_ACTIVE_API_TOKENS = 20;

const DAY_MS = 24 * 3600_000;
const utc = (at: Date) => at.toISOString().slice(0, 16).replace("T", " ") + " UTC";

/** A listed token with whether it still works. */
export type ApiTokenView = ApiTokenRow & { state: "active" | "expired" | "revoked" };

/** The caller's tokens, newest first (revoked and expired ones too, so the page can show when they ended). */
export async function listApiTokens(db: Db, userId: string, now: Date): Promise<ApiTokenView[]> {
  const rows = await findUserApiTokens(db, userId);
  return rows.map((t) => ({ ...t, state: t.revokedAt ? "revoked" : t.expiresAt && t.expiresAt.getTime() <= now.getTime() ? "expired" : "active" }));
}

/** Creates a token; the secret is in the result and nowhere else (only its hash is stored). */
export async function createApiToken(db: Db, userId: string, input: ApiTokenCreate, now: Date): Promise<{ token: ApiTokenRow; secret: string }> {
  const { secret, hash, prefix } = newApiTokenSecret();
  const expiresAt = input.expiresInDays === null ? null : new Date(now.getTime() + input.expiresInDays * DAY_MS);
  return db.$transaction(async (tx) => {
    if ((await countActiveApiTokens(tx, userId)) >= MAX_ACTIVE_API_TOKENS)
      throw fieldError("name", `You already hold ${MAX_ACTIVE_API_TOKENS} active tokens; revoke one you no longer use first.`);
    const token = await insertApiToken(tx, { userId, name: input.name, tokenHash: hash, prefix, expiresAt, createdAt: now });
    await recordAudit(tx, {
      actorId: userId,
      action: "apiToken.create",
      entityType: "ApiToken",
      entityId: token.id,
      after: { name: token.name, prefix: token.prefix, expiresAt: token.expiresAt },
      at: now,
    });
    return { token, secret };
  });
}

/** Revokes one of the caller's own tokens (another person's token is not found). */
export async function revokeApiToken(db: Db, userId: string, id: string, now: Date): Promise<ApiTokenRow> {
  return db.$transaction(async (tx) => {
    const existing = await findUserApiToken(tx, userId, id);
    if (!existing) throw new DomainError("NOT_FOUND", "No such API token.");
    // Revoking twice keeps the first time (and the one audit entry).
    if (existing.revokedAt) return existing;
    const token = await markApiTokenRevoked(tx, id, now);
    await recordAudit(tx, {
      actorId: userId,
      action: "apiToken.revoke",
      entityType: "ApiToken",
      entityId: token.id,
      before: { name: token.name, prefix: token.prefix, revokedAt: null },
      after: { name: token.name, prefix: token.prefix, revokedAt: token.revokedAt },
      at: now,
    });
    return token;
  });
}

/**
 * The user a bearer secret stands for, with the token's id; UNAUTHORIZED with a sentence saying why
 * for an unknown, revoked or expired token or a disabled account. Records the use.
 */
export async function authenticateApiToken(db: Db, secret: string, now: Date): Promise<{ user: SessionUser; tokenId: string }> {
  const token = await findApiTokenByHash(db, hashApiTokenSecret(secret));
  if (!token) throw new DomainError("UNAUTHORIZED", "This API token is not valid: no such token was issued. Create one under API tokens in the account menu.");
  if (token.revokedAt) throw new DomainError("UNAUTHORIZED", `This API token ("${token.name}") was revoked at ${utc(token.revokedAt)}; create a new one.`);
  if (token.expiresAt && token.expiresAt.getTime() <= now.getTime())
    throw new DomainError("UNAUTHORIZED", `This API token ("${token.name}") expired at ${utc(token.expiresAt)}; create a new one.`);
  const user = await findSessionUser(db, token.userId);
  if (!user) throw new DomainError("UNAUTHORIZED", "The account this API token belongs to is disabled.");
  await touchApiToken(db, token.id, now);
  return { user, tokenId: token.id };
}
