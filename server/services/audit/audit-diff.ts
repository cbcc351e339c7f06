/**
 * The audit log as a field-by-field diff: before → after per changed leaf path (nested JSON such as policy
 * weights is walked down to its leaves), with secrets shown only as "changed", never as values.
 * Pure, so the page, the tests and any export read the same change list.
 */

/** One changed field: its dotted path, and the values before and after as people read them. */
export interface AuditFieldChange {
  /** Dotted leaf path, e.g. "objectiveWeights.carbon" or "connection.kubeconfig". */
  readonly path: string;
  /** The value before ("—" when the field did not exist); "" for a secret. */
  readonly before: string;
  /** The value after ("—" when the field was removed); "" for a secret. */
  readonly after: string;
  /** A secret (kubeconfig, token, password): only the fact that it changed is shown. */
  readonly secret: boolean;
  /** The raw value before, for resolving ids to names; undefined for a secret. */
  readonly beforeValue?: unknown;
  /** The raw value after, for resolving ids to names; undefined for a secret. */
  readonly afterValue?: unknown;
}

// Field names whose values are secrets (or derived from one): their values never reach a reader.
const SECRET_KEY = /(kubeconfig|password|secret|token|apikey|hash|credential)/i;
// Flags the writers record instead of a secret's value ("kubeconfigChanged: true", "passwordReset: true").
const CHANGE_FLAG = /(Changed|Reset)$/;

/** The secret a leaf speaks of: "connection.kubeconfigSet" and "connection.kubeconfigChanged" are both "connection.kubeconfig". */
function secretBase(path: string): string {
  const cut = path.lastIndexOf(".") + 1;
  const leaf = path
    .slice(cut)
    .replace(/(Set|Changed|Reset)$/, "")
    .replace(/^has([A-Z])/, (_, c: string) => c.toLowerCase());
  return path.slice(0, cut) + leaf;
}

function flatten(prefix: string, value: unknown, out: Map<string, unknown>): Map<string, unknown> {
  if (value !== null && typeof value === "object" && !Array.isArray(value) && Object.keys(value).length > 0) {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) flatten(prefix ? `${prefix}.${k}` : k, v, out);
  } else if (prefix) out.set(prefix, value);
  return out;
}

/** A value as it reads in the log: strings as they are, yes/no for flags, compact JSON for lists. */
export function displayValue(value: unknown): string {
  if (value === undefined || value === null) return "—";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "string") return value === "" ? "(empty)" : value;
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "—";
  if (Array.isArray(value)) return value.length === 0 ? "(none)" : value.map((v) => (typeof v === "string" ? v : JSON.stringify(v))).join(", ");
  return JSON.stringify(value);
}

const lastSegment = (path: string) => path.slice(path.lastIndexOf(".") + 1);
const isSecretPath = (path: string) => SECRET_KEY.test(lastSegment(path));

/**
 * The changed leaves between `before` and `after` (either may be absent: a creation lists what it set,
 * a deletion what it removed), sorted by path. A secret's leaves ("kubeconfigSet", a "kubeconfigChanged: true"
 * flag) become one "changed" entry for the secret; a false flag means nothing changed and is left out.
 */
export function diffAuditValues(before: unknown, after: unknown): AuditFieldChange[] {
  const a = flatten("", before ?? {}, new Map());
  const b = flatten("", after ?? {}, new Map());
  const changes = new Map<string, AuditFieldChange>();
  for (const path of new Set([...a.keys(), ...b.keys()])) {
    const x = a.get(path);
    const y = b.get(path);
    if (isSecretPath(path)) {
      // A change flag says whether the secret changed; any other secret leaf changed when its value did.
      const changed =
        CHANGE_FLAG.test(lastSegment(path)) && (typeof x === "boolean" || typeof y === "boolean") ? y === true : JSON.stringify(x) !== JSON.stringify(y);
      const base = secretBase(path);
      if (changed) changes.set(base, { path: base, before: "", after: "", secret: true });
      continue;
    }
    if (JSON.stringify(x) === JSON.stringify(y)) continue;
    changes.set(path, { path, before: displayValue(x), after: displayValue(y), secret: false, beforeValue: x, afterValue: y });
  }
  return [...changes.values()].sort((p, q) => p.path.localeCompare(q.path));
}
