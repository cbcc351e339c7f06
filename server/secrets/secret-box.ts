/**
 * Encryption of secrets stored in the database (kubeconfigs, feed tokens) with AES-256-GCM from
 * node:crypto. A stored value reads `enc:v1:<key id>:<iv>:<tag>:<ciphertext>` (base64 parts): a random
 * 12-byte IV per value, the 16-byte authentication tag, and the id of the key that sealed it, so a
 * wrong key is reported as such instead of as damage. The purpose (which column) is bound in as
 * additional data: a kubeconfig's ciphertext copied into a token column does not open.
 *
 * Values without the prefix are plaintext written before encryption existed; they open as they are
 * so old rows keep working until the start-up step seals them.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

const PREFIX = "enc:v1:";
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

/** Why a stored secret could not be opened (or a key not used). */
export type SecretErrorCode = "BAD_KEY" | "NO_KEY" | "WRONG_KEY" | "TAMPERED" | "MALFORMED";

/** A secret that cannot be sealed or opened; the message says why without the secret itself. */
export class SecretError extends Error {
  constructor(
    readonly code: SecretErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "SecretError";
  }
}

/** The 32-byte key from its text form: 64 hex characters, or base64 (standard or URL-safe). */
export function parseSecretKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed) ? Buffer.from(trimmed, "hex") : Buffer.from(trimmed, "base64");
  if (key.length !== KEY_BYTES)
    throw new SecretError("BAD_KEY", `the secret key must be ${KEY_BYTES} bytes, written as 64 hex characters or base64 (got ${key.length} bytes)`);
  return key;
}

/** A short public id of a key (not reversible to it), stored beside each value it seals. */
export function secretKeyId(key: Buffer): string {
  return createHash("sha256").update("verdant-secret-key-id\0").update(key).digest("hex").slice(0, 12);
}

/** Whether a stored value is sealed by this module (else it is legacy plaintext). */
export function isSealed(stored: string): boolean {
  return stored.startsWith(PREFIX);
}

/** Encrypts `plaintext` for the column named by `purpose`. */
export function sealSecret(plaintext: string, key: Buffer, purpose: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(purpose, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return `${PREFIX}${secretKeyId(key)}:${iv.toString("base64")}:${cipher.getAuthTag().toString("base64")}:${ciphertext.toString("base64")}`;
}

/**
 * Decrypts a stored value sealed for `purpose`; legacy plaintext comes back unchanged. Throws
 * {@link SecretError}: NO_KEY (sealed but no key given), WRONG_KEY, TAMPERED, MALFORMED.
 */
export function openSecret(stored: string, key: Buffer | null, purpose: string): string {
  if (!isSealed(stored)) return stored;
  const parts = stored.slice(PREFIX.length).split(":");
  if (parts.length !== 4) throw new SecretError("MALFORMED", "the stored value is not in the enc:v1 format");
  const [keyId, ivText, tagText, ciphertextText] = parts as [string, string, string, string];
  if (!key) throw new SecretError("NO_KEY", "it is encrypted but VERDANT_SECRET_KEY is not set");
  const ownId = secretKeyId(key);
  if (keyId !== ownId) throw new SecretError("WRONG_KEY", `it was encrypted with key ${keyId} but VERDANT_SECRET_KEY is key ${ownId} (the wrong key)`);
  const iv = Buffer.from(ivText, "base64");
  const tag = Buffer.from(tagText, "base64");
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new SecretError("MALFORMED", "the stored value has a damaged IV or tag");
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(purpose, "utf8"));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(Buffer.from(ciphertextText, "base64")), decipher.final()]).toString("utf8");
  } catch {
    throw new SecretError("TAMPERED", "it failed its integrity check (changed in the database, damaged, or stored for another column)");
  }
}
