/**
 * Splits the exact input of one engine decision (coordinator options, fleet snapshot, job, seed)
 * into content-addressed parts, and joins stored parts back into that input.
 *
 * The split is generic, so a field the engine input gains later is stored without a change here:
 * any object or array whose whole canonical JSON reaches PART_MIN_CHARS becomes its own part, referenced
 * from its parent as {"$ref": sha256}; a long array (a cluster's nodes) is stored as chunks of
 * CHUNK_LENGTH elements ({"$chunks": [refs]}), so one changed node changes one chunk, not the whole
 * node list. Parts that change at different rates (a carbon series hourly, a cluster's nodes on each
 * placement, the job and seed per decision) therefore land in different rows, and equal parts are
 * one row: the decisions of one cycle share every cluster they did not change.
 */
import canonicalize from "canonicalize";
import type { CoordinatorPolicy, FleetJob, FleetSnapshot, TargetWorkload } from "../engine";
import { CanonicalJsonError, canonicalJson, sha256Hex } from "./canonical-json";

/** Version of the stored input layout (the root part's `v`). */
export const DECISION_INPUT_FORMAT = 1;
/** An object or array whose canonical JSON is at least this long is stored as a part of its own. */
const PART_MIN_CHARS = 1024;
/** Arrays longer than this, and at least CHUNK_MIN_CHARS long as JSON, are stored as chunks of this many elements. */
const CHUNK_LENGTH = 32;
const CHUNK_MIN_CHARS = 8 * PART_MIN_CHARS;

/** Everything one `decide` call received: `createCoordinator(coordinator).decide(snapshot, job, { seed })`. */
export interface DecisionEngineInput {
  readonly v: typeof DECISION_INPUT_FORMAT;
  readonly coordinator: { readonly policy: CoordinatorPolicy; readonly workload: TargetWorkload | null };
  readonly snapshot: FleetSnapshot;
  readonly job: FleetJob;
  readonly seed: number;
  /** The engine build that decided (`server/services/engine-build.ts`); absent on inputs stored before it was recorded. */
  readonly engineBuild?: string;
  /**
   * Present when the preemption planner made the decision (the job could not start otherwise): it is
   * replayed through `planPreemption` with this bound on its evaluations, and whether the job held a
   * capacity reservation (absent on inputs stored before it was recorded: it held none), not through `decide`.
   */
  readonly preemption?: { readonly maxEvaluations: number; readonly holdsReservation?: boolean };
}

/** One stored part: its hash, where it sits in the input, its canonical JSON and the parts it references. */
export interface InputPart {
  readonly hash: string;
  readonly kind: string;
  readonly text: string;
  readonly refs: readonly string[];
}

/**
 * How a value appears in its parent's text, the hashes that text references, and every part at or
 * below it; `size` is the length of the value's whole canonical JSON (its parts written out).
 */
interface Encoded {
  readonly text: string;
  readonly size: number;
  readonly refs: readonly string[];
  readonly parts: readonly InputPart[];
}

/**
 * Remembers encodings by object identity: the snapshot's objects are immutable and shared (a placement
 * replaces only the clusters and nodes it touches), so the decisions of one cycle hash each unchanged
 * cluster once. Keep one cache per cycle.
 */
export type InputEncodingCache = WeakMap<object, Map<string, Encoded>>;

/** A new, empty encoding cache. */
export function createInputEncodingCache(): InputEncodingCache {
  return new WeakMap();
}

const refText = (hash: string) => `{"$ref":"${hash}"}`;

function asPart(kind: string, inner: Encoded): Encoded {
  const hash = sha256Hex(inner.text);
  return { text: refText(hash), size: inner.size, refs: [hash], parts: [...inner.parts, { hash, kind, text: inner.text, refs: inner.refs }] };
}

function joinEncoded(open: string, items: readonly (readonly [string, Encoded])[], close: string): Encoded {
  const text = open + items.map(([prefix, e]) => prefix + e.text).join(",") + close;
  return {
    text,
    size: items.reduce((size, [, e]) => size - e.text.length + e.size, text.length),
    refs: items.flatMap(([, e]) => e.refs),
    parts: items.flatMap(([, e]) => e.parts),
  };
}

function encodeArray(value: readonly unknown[], kind: string, cache: InputEncodingCache): Encoded {
  const elements = value.map((item) => ["", encodeValue(item === undefined ? null : item, `${kind}[]`, cache)] as const);
  const whole = joinEncoded("[", elements, "]");
  if (value.length <= CHUNK_LENGTH || whole.size < CHUNK_MIN_CHARS) return whole;
  const chunks: (readonly [string, Encoded])[] = [];
  for (let i = 0; i < elements.length; i += CHUNK_LENGTH) {
    chunks.push(["", asPart(`${kind}[${CHUNK_LENGTH}]`, joinEncoded("[", elements.slice(i, i + CHUNK_LENGTH), "]"))]);
  }
  return joinEncoded('{"$chunks":[', chunks, "]}");
}

function encodeObject(value: Record<string, unknown>, kind: string, cache: InputEncodingCache): Encoded {
  const keys = Object.keys(value)
    .filter((k) => value[k] !== undefined && typeof value[k] !== "function")
    .sort();
  if (keys.length === 1 && (keys[0] === "$ref" || keys[0] === "$chunks")) {
    throw new CanonicalJsonError(kind, `an object whose only key is ${keys[0]} is reserved for stored references`);
  }
  return joinEncoded(
    "{",
    keys.map((k) => [`${canonicalize(k)}:`, encodeValue(value[k], kind ? `${kind}.${k}` : k, cache)] as const),
    "}",
  );
}

function encodeValue(value: unknown, kind: string, cache: InputEncodingCache): Encoded {
  if (value === null || typeof value !== "object") {
    const text = canonicalJson(value, kind);
    return { text, size: text.length, refs: [], parts: [] };
  }
  const cached = cache.get(value)?.get(kind);
  if (cached) return cached;
  const inner = Array.isArray(value) ? encodeArray(value, kind, cache) : encodeObject(value as Record<string, unknown>, kind, cache);
  const encoded = inner.size >= PART_MIN_CHARS ? asPart(kind, inner) : inner;
  let byKind = cache.get(value);
  if (!byKind) cache.set(value, (byKind = new Map()));
  byKind.set(kind, encoded);
  return encoded;
}

/**
 * The parts of one decision's input; the root part (kind "decision") holds the job, the seed and
 * references to the rest. Throws a CanonicalJsonError naming the field JSON cannot carry.
 */
export function encodeDecisionInput(input: DecisionEngineInput, cache: InputEncodingCache = createInputEncodingCache()): { root: string; parts: InputPart[] } {
  const body = encodeObject(input as unknown as Record<string, unknown>, "", cache);
  const root = asPart("decision", body);
  const unique = new Map<string, InputPart>();
  for (const part of root.parts) unique.set(part.hash, part);
  return { root: root.refs[0]!, parts: [...unique.values()] };
}

/** A stored part as read back: its kind and canonical JSON. */
export interface StoredInputPart {
  readonly kind: string;
  readonly text: string;
}

/** A stored part that did not check out: missing, or changed since it was stored (its text no longer hashes to its key). */
export interface InputProblem {
  readonly problem: "missing" | "changed";
  readonly hash: string;
  /** The part's kind, when it was found. */
  readonly kind: string | null;
}

/** A stored input joined back (null when a part is missing), with the parts that did not check out. */
export interface DecodedInput {
  readonly input: DecisionEngineInput | null;
  readonly problems: readonly InputProblem[];
}

function refsIn(value: unknown, out: string[]): void {
  if (Array.isArray(value)) for (const v of value) refsIn(v, out);
  else if (value !== null && typeof value === "object") {
    const ref = (value as { $ref?: unknown }).$ref;
    if (typeof ref === "string" && Object.keys(value).length === 1) out.push(ref);
    else for (const v of Object.values(value)) refsIn(v, out);
  }
}

/**
 * Loads every part reachable from `root` (a level at a time through `load`) and joins them into the
 * engine input. A part whose text no longer hashes to its key is used as stored and reported, so a
 * changed input shows both as tampered and in what it changes in the replayed decision.
 */
export async function decodeDecisionInput(root: string, load: (hashes: string[]) => Promise<Map<string, StoredInputPart>>): Promise<DecodedInput> {
  const parsed = new Map<string, unknown>();
  const problems: InputProblem[] = [];
  const missing = new Set<string>();
  let wanted = [root];
  while (wanted.length > 0) {
    const found = await load(wanted);
    const next: string[] = [];
    for (const hash of wanted) {
      const part = found.get(hash);
      if (!part) {
        missing.add(hash);
        problems.push({ problem: "missing", hash, kind: null });
        continue;
      }
      if (sha256Hex(part.text) !== hash) problems.push({ problem: "changed", hash, kind: part.kind });
      const value: unknown = JSON.parse(part.text);
      parsed.set(hash, value);
      refsIn(value, next);
    }
    wanted = [...new Set(next)].filter((h) => !parsed.has(h) && !missing.has(h));
  }
  if (missing.size > 0) return { input: null, problems };
  const resolved = new Map<string, unknown>();
  const resolve = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(resolve);
    if (value === null || typeof value !== "object") return value;
    const keys = Object.keys(value);
    const record = value as Record<string, unknown>;
    if (keys.length === 1 && typeof record.$ref === "string") {
      const hash = record.$ref;
      if (!resolved.has(hash)) resolved.set(hash, resolve(parsed.get(hash)));
      return resolved.get(hash);
    }
    if (keys.length === 1 && Array.isArray(record.$chunks)) return (record.$chunks.map(resolve) as unknown[][]).flat();
    return Object.fromEntries(keys.map((k) => [k, resolve(record[k])]));
  };
  return { input: resolve(parsed.get(root)) as DecisionEngineInput, problems };
}
