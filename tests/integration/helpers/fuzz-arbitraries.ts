// fast-check arbitraries for fuzzing procedures: values shaped like a zod input schema (so calls get
// past validation into services and the database), the same values with one part swapped for
// something hostile, and free-form hostile values (NUL, lone surrogates, huge text, far dates,
// extreme numbers, `__proto__` keys, deep nesting).
import fc from "fast-check";
import type { z } from "zod";

type Schema = z.core.$ZodType;
type Def = { type: string; [key: string]: unknown };

const defOf = (schema: Schema) => schema._zod.def as unknown as Def;

/** Text that has broken things before: control characters, unpaired surrogates, paths, formulas, SQL. */
const HOSTILE_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\uD800",
  "x\uDC00y",
  "\uDBFF\uDBFF",
  "🌱",
  "x".repeat(70_000),
  "\u0000".repeat(300),
  "../../etc/passwd",
  "/etc/passwd",
  "C:\\Windows",
  "__proto__",
  "constructor",
  "prototype",
  '=HYPERLINK("http://x.example")',
  "' OR 1=1 --",
  "%00",
  "\\u0000",
  "null",
  "NaN",
  "http://169.254.169.254/",
  "http://[::1]:1/",
  "2023-01-01T00:00:00Z",
  "\r\n\t",
];

/** A string built from any UTF-16 code unit, so unpaired surrogates and controls appear. */
const anyCodeUnits = (maxLength: number) => fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength });

/** An object whose own key is `__proto__` (as JSON.parse makes it), holding `value`. */
function protoKeyed(value: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  Object.defineProperty(out, "__proto__", { value, enumerable: true, configurable: true, writable: true });
  return out;
}

/** Free-form hostile values of every JSON-ish kind (and a few that JSON cannot carry). */
export function hostileValue(): fc.Arbitrary<unknown> {
  const leaf = fc.oneof(
    fc.constantFrom<unknown>(...HOSTILE_STRINGS),
    anyCodeUnits(40),
    fc.constantFrom<unknown>(
      null,
      undefined,
      true,
      false,
      0,
      -0,
      -1,
      1.5,
      -1e308,
      1e308,
      Number.NaN,
      Infinity,
      -Infinity,
      2 ** 53 + 1,
      -(2 ** 31),
      2 ** 31,
      10n,
    ),
    fc.double(),
    fc.integer(),
    fc.constantFrom<unknown>(
      new Date(-8.64e15),
      new Date(8.64e15),
      new Date(Number.NaN),
      new Date("+030000-01-01T00:00:00Z"),
      new Date("1900-01-01T00:00:00Z"),
      new Date(0),
    ),
    fc.date({ noInvalidDate: false }),
  );
  const nested = fc.oneof(
    leaf,
    fc.array(leaf, { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom("__proto__", "constructor", "prototype", "id", "name", "\u0000"), fc.string({ maxLength: 8 })), leaf, {
      maxKeys: 4,
    }),
    leaf.map(protoKeyed),
    fc.constant(JSON.parse('{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"polluted":true}}}') as unknown),
    fc.integer({ min: 50, max: 400 }).map((depth) => {
      let v: unknown = "deep";
      for (let i = 0; i < depth; i++) v = { a: v };
      return v;
    }),
  );
  return nested;
}

/** Extra strings (real ids of the seeded database) mixed into generated text so lookups can hit. */
export interface ShapeOptions {
  ids: readonly string[];
  /** Dates near the test clock. */
  now: Date;
}

function stringShaped(schema: Schema, options: ShapeOptions): fc.Arbitrary<string> {
  const s = schema as unknown as { minLength: number | null; maxLength: number | null; format: string | null };
  const min = s.minLength ?? 0;
  const max = Math.max(min, Math.min(s.maxLength ?? 40, 60));
  const pattern = (defOf(schema).checks as { _zod: { def: { check: string; pattern?: RegExp } } }[] | undefined)
    ?.map((c) => c._zod.def)
    .find((c) => c.check === "string_format" && c.pattern)?.pattern;
  const choices: fc.Arbitrary<string>[] = [fc.string({ minLength: min, maxLength: max }), fc.constantFrom(...options.ids)];
  if (s.format === "email") choices.push(fc.emailAddress(), fc.constantFrom("admin@verdant.example", "ada@aurora.example"));
  else if (s.format === "url") choices.push(fc.webUrl(), fc.constantFrom("https://api.electricitymap.org", "http://127.0.0.1:1/", "http://169.254.169.254/"));
  else if (pattern) choices.push(fc.stringMatching(pattern).filter((v) => v.length >= min && v.length <= (s.maxLength ?? Infinity)));
  return fc.oneof(...choices);
}

function numberShaped(schema: Schema): fc.Arbitrary<number> {
  const n = schema as unknown as { minValue: number | null; maxValue: number | null; isInt: boolean };
  const min = Math.max(n.minValue ?? -1e6, -1e9);
  const max = Math.min(n.maxValue ?? 1e6, 1e9);
  if (n.isInt) return fc.oneof(fc.integer({ min: Math.ceil(min), max: Math.floor(max) }), fc.constantFrom(Math.ceil(min), Math.floor(max)));
  return fc.oneof(fc.double({ min, max, noNaN: true, noDefaultInfinity: true }), fc.constantFrom(min, max));
}

/** Values shaped like the schema: mostly valid, sometimes at or just past its limits. */
export function shaped(schema: Schema, options: ShapeOptions): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case "string":
      return stringShaped(schema, options);
    case "number":
      return numberShaped(schema);
    case "boolean":
      return fc.boolean();
    case "date":
      return fc.oneof(
        fc.integer({ min: -72, max: 24 * 30 }).map((h) => new Date(options.now.getTime() + h * 3_600_000)),
        fc.date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2100-12-31T00:00:00Z"), noInvalidDate: true }),
      );
    case "enum":
      return fc.constantFrom(...Object.values(def.entries as Record<string, string | number>));
    case "literal":
      return fc.constantFrom(...(def.values as unknown[]));
    case "null":
      return fc.constant(null);
    case "nullable":
      return fc.oneof({ arbitrary: shaped(def.innerType as Schema, options), weight: 3 }, { arbitrary: fc.constant(null), weight: 1 });
    case "optional":
    case "default":
    case "prefault":
      return fc.oneof({ arbitrary: shaped(def.innerType as Schema, options), weight: 3 }, { arbitrary: fc.constant(undefined), weight: 1 });
    case "readonly":
    case "catch":
    case "nonoptional":
      return shaped(def.innerType as Schema, options);
    case "pipe": {
      const out = def.out as Schema;
      return defOf(out).type === "string" ? shaped(out, options) : shaped(def.in as Schema, options);
    }
    case "array":
      return fc.array(shaped(def.element as Schema, options), { maxLength: 4 });
    case "object": {
      const shape = def.shape as Record<string, Schema>;
      return fc.record(Object.fromEntries(Object.entries(shape).map(([key, child]) => [key, shaped(child, options)])));
    }
    case "record":
      return fc.dictionary(fc.string({ maxLength: 10 }), shaped(def.valueType as Schema, options), { maxKeys: 3 });
    case "union":
      return fc.oneof(...(def.options as Schema[]).map((o) => shaped(o, options)));
    case "tuple":
      return fc.tuple(...(def.items as Schema[]).map((o) => shaped(o, options)));
    default:
      return fc.jsonValue();
  }
}

/** Every position in a value (the root, each object property and array item), as a key path. */
function positions(value: unknown, path: PropertyKey[] = [], out: PropertyKey[][] = []): PropertyKey[][] {
  out.push(path);
  if (Array.isArray(value)) value.forEach((item, i) => positions(item, [...path, i], out));
  else if (value !== null && typeof value === "object" && !(value instanceof Date)) for (const [k, v] of Object.entries(value)) positions(v, [...path, k], out);
  return out;
}

/** A copy of `value` with the thing at `path` replaced (or, for `__proto__`, added as an own key). */
function replaceAt(value: unknown, path: PropertyKey[], replacement: unknown, addKey: string | null): unknown {
  if (path.length === 0) {
    if (addKey && value !== null && typeof value === "object" && !Array.isArray(value) && !(value instanceof Date)) {
      const copy = { ...(value as Record<string, unknown>) };
      Object.defineProperty(copy, addKey, { value: replacement, enumerable: true, configurable: true, writable: true });
      return copy;
    }
    return replacement;
  }
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((item, i) => (i === head ? replaceAt(item, rest, replacement, addKey) : item));
  const copy = { ...(value as Record<string, unknown>) };
  copy[head as string] = replaceAt(copy[head as string], rest, replacement, addKey);
  return copy;
}

/** Schema-shaped values with one position swapped for a hostile value (or given a hostile extra key). */
export function mutated(schema: Schema, options: ShapeOptions): fc.Arbitrary<unknown> {
  return fc
    .tuple(shaped(schema, options), hostileValue(), fc.nat(), fc.constantFrom<string | null>(null, null, null, "__proto__", "constructor", "extra"))
    .map(([value, hostile, pick, addKey]) => {
      const all = positions(value);
      return replaceAt(value, all[pick % all.length]!, hostile, addKey);
    });
}
