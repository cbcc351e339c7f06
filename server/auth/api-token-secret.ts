/**
 * API token secrets: `vdt_` followed by 32 random bytes in base64url (43 characters). Only the
 * SHA-256 of the whole secret is stored. A fast hash is enough here, unlike for passwords: the secret
 * carries 256 bits of randomness, so there is nothing to guess or to look up in a dictionary, and a
 * leaked hash cannot be reversed by brute force however fast each attempt is. (Passwords are short and
 * chosen by people, which is why they get bcrypt.) A fast hash also lets every request look the token up
 * by equality on a unique index instead of comparing against each stored hash.
 */
import { createHash, randomBytes } from "node:crypto";

/** What every token starts with, so scanners and people recognise one in a log or a commit. */
export const API_TOKEN_PREFIX = "vdt_";

const SECRET_BYTES = 32;
const SECRET_PATTERN = /^vdt_[A-Za-z0-9_-]{43}$/;
/** How many characters of the secret are kept in clear to tell tokens apart ("vdt_" and four more). */
const SHOWN_CHARS = API_TOKEN_PREFIX.length + 4;

/** A new random secret with its hash and its shown prefix. */
export function newApiTokenSecret(): { secret: string; hash: string; prefix: string } {
  const secret = API_TOKEN_PREFIX + randomBytes(SECRET_BYTES).toString("base64url");
  return { secret, hash: hashApiTokenSecret(secret), prefix: secret.slice(0, SHOWN_CHARS) };
}

/** SHA-256 of the secret in lower-case hex: what the database keeps and looks up. */
export function hashApiTokenSecret(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("hex");
}

/** Whether the text has the shape of a token secret (checked before any database lookup). */
export function looksLikeApiTokenSecret(text: string): boolean {
  return SECRET_PATTERN.test(text);
}

/**
 * The bearer credential of a request: null when it sends no Authorization header (a browser with its
 * cookie), else the token text, or `{ malformed }` with why the header cannot be a token.
 */
export function bearerCredential(headers: Headers): null | { token: string } | { malformed: string } {
  const header = headers.get("authorization");
  if (header === null) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) return { malformed: "The Authorization header must read `Bearer vdt_…` with an API token." };
  const token = match[1]!;
  if (!looksLikeApiTokenSecret(token)) return { malformed: "The bearer token is not a Verdant API token (those start with vdt_ and have 47 characters)." };
  return { token };
}
