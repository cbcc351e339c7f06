/**
 * The one rule every text and date input passes before it reaches a service or the database.
 * PostgreSQL refuses NUL in text and JSON, and an unpaired UTF-16 surrogate cannot be encoded as
 * UTF-8 (it is stored as garbage or refused), so both are turned away here with a message naming the
 * field instead of failing deep inside a query. Dates outside a sane window (year 30000, epoch 0) are
 * refused for the same reason: they overflow arithmetic and columns long after validation.
 */
import { z } from "zod";
import "./zod-messages";

/** A NUL character, or a high surrogate without its low half, or a low one without its high half. */
// eslint-disable-next-line no-control-regex -- finding NUL is the point of this pattern
const UNSAFE_CHAR = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Longest text a field takes unless its schema says less. */
export const DEFAULT_MAX_CHARS = 10_000;

/** Earliest date any input may carry. */
export const MIN_INPUT_DATE = new Date("2000-01-01T00:00:00.000Z");
/** Latest date any input may carry. */
export const MAX_INPUT_DATE = new Date("2100-12-31T23:59:59.999Z");

/** True when the text holds no NUL and no unpaired surrogate. */
export function isStorableText(text: string): boolean {
  return !UNSAFE_CHAR.test(text);
}

/** The message for text that cannot be stored, naming the field. */
export const unstorableTextMessage = (label: string) => `${label} contains a character that cannot be stored (a NUL or an unpaired surrogate).`;

/**
 * A string field: at most `max` characters (default {@link DEFAULT_MAX_CHARS}), no NUL and no unpaired
 * surrogate; `tooLong` replaces the length message. Chain `.trim()`, `.min()`, `.regex()` and tighter `.max()` as usual.
 */
export function safeString(label: string, max: number = DEFAULT_MAX_CHARS, tooLong = `${label}: at most ${max.toLocaleString("en")} characters.`) {
  return z
    .string({ error: `${label} must be text.` })
    .max(max, tooLong)
    .refine(isStorableText, { message: unstorableTextMessage(label), abort: true });
}

/** An identifier of a stored row (cuid-like or a slug): short text, no control characters. */
export function safeId(label = "Id") {
  return safeString(label, 64).min(1, `${label} is required.`);
}

/** A date field limited to 2000-01-01 .. 2100-12-31 (UTC). */
export function safeDate(label: string) {
  return z
    .date({ error: `${label} must be a date.` })
    .min(MIN_INPUT_DATE, `${label} must be on or after 2000-01-01.`)
    .max(MAX_INPUT_DATE, `${label} must be on or before 2100-12-31.`);
}

/**
 * Walks a parsed JSON value and returns the path of the first string or key that cannot be stored
 * (JSON's `\u0000` escape and lone `\uD800` escapes survive JSON.parse and PostgreSQL's jsonb refuses
 * them), or null when everything is storable. Objects nested deeper than `maxDepth` count as unsafe.
 */
export function findUnstorableJson(value: unknown, maxDepth = 64): string | null {
  const walk = (v: unknown, path: string, depth: number): string | null => {
    if (depth > maxDepth) return path || "(document)";
    if (typeof v === "string") return isStorableText(v) ? null : path || "(document)";
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const found = walk(v[i], `${path}[${i}]`, depth + 1);
        if (found) return found;
      }
      return null;
    }
    if (v !== null && typeof v === "object") {
      for (const [key, child] of Object.entries(v)) {
        const childPath = path ? `${path}.${key}` : key;
        if (!isStorableText(key)) return `${path || "(document)"} (a key)`;
        const found = walk(child, childPath, depth + 1);
        if (found) return found;
      }
    }
    return null;
  };
  return walk(value, "", 0);
}
