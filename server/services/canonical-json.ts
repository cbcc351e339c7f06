/**
 * Canonical JSON (RFC 8785: keys sorted by UTF-16 code units, ECMAScript number and string forms, no
 * whitespace) and its SHA-256, so two equal values always give the same bytes and the same hash
 * whatever order their keys were built in (jsonb, for one, hands keys back in its own order).
 */
import { createHash } from "node:crypto";
import canonicalize from "canonicalize";

/** A value that JSON cannot carry faithfully (NaN, Infinity, a bigint, a lone surrogate), named by its path. */
export class CanonicalJsonError extends Error {
  constructor(
    readonly path: string,
    detail: string,
  ) {
    super(`${path || "(root)"}: ${detail}`);
    this.name = "CanonicalJsonError";
  }
}

/**
 * The canonical JSON text of `value`. Throws a CanonicalJsonError naming the path of a value JSON
 * would silently change (NaN or Infinity would become null), instead of storing something else.
 */
export function canonicalJson(value: unknown, path = ""): string {
  try {
    const text = canonicalize(value);
    if (text === undefined) throw new CanonicalJsonError(path, "has no JSON form");
    return text;
  } catch (error) {
    if (error instanceof CanonicalJsonError) throw error;
    throw new CanonicalJsonError(findBadPath(value, path) ?? path, (error as Error).message);
  }
}

/** The path of the first value inside `value` that JSON cannot carry, if any. */
function findBadPath(value: unknown, path: string): string | null {
  if (typeof value === "number") return Number.isFinite(value) ? null : path;
  if (typeof value === "bigint") return path;
  // A lone surrogate (U+D800-U+DFFF not in a pair) has no UTF-8 form.
  if (typeof value === "string") return /\p{Surrogate}/u.test(value) ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const bad = findBadPath(value[i], `${path}[${i}]`);
      if (bad !== null) return bad;
    }
    return null;
  }
  if (value !== null && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) {
      const bad = findBadPath(child, path ? `${path}.${key}` : key);
      if (bad !== null) return bad;
    }
  }
  return null;
}

/** SHA-256 of a text's UTF-8 bytes, as 64 lower-case hex digits. */
export function sha256Hex(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/** The SHA-256 of a value's canonical JSON. */
export function canonicalHash(value: unknown): string {
  return sha256Hex(canonicalJson(value));
}
