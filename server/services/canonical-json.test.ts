import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalHash, canonicalJson, CanonicalJsonError, sha256Hex } from "./canonical-json";

/** Rebuilds an object with its keys inserted in reverse order (same value, other key order). */
function reverseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reverseKeys);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.keys(value)
      .reverse()
      .map((k) => [k, reverseKeys((value as Record<string, unknown>)[k])]),
  );
}

describe("canonical JSON", () => {
  it("sorts keys, drops whitespace and writes numbers in their shortest form", () => {
    expect(canonicalJson({ b: 1, a: [true, null, "x"], c: { z: 1e21, y: 0.1 + 0.2, x: 1.0 } })).toBe(
      '{"a":[true,null,"x"],"b":1,"c":{"x":1,"y":0.30000000000000004,"z":1e+21}}',
    );
  });

  it("is the same text and hash whatever order the keys were built in, and parses back to an equal value", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = canonicalJson(value);
        expect(canonicalJson(reverseKeys(value))).toBe(text);
        expect(canonicalHash(reverseKeys(value))).toBe(canonicalHash(value));
        // Parses back to what plain JSON keeps of the value (JSON writes -0 as 0 at any depth).
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
      // A fixed seed: the same cases on every run, so the suite cannot pass or fail by chance.
      { numRuns: 500, seed: 20261124 },
    );
  });

  it("gives different hashes for values that differ in one number", () => {
    expect(canonicalHash({ pue: 1.2, zone: "DE" })).not.toBe(canonicalHash({ pue: 1.2000000000000002, zone: "DE" }));
    expect(sha256Hex("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  });

  it("refuses values JSON would silently change, naming the path", () => {
    expect(() => canonicalJson({ clusters: [{ pue: Number.NaN }] })).toThrow(new CanonicalJsonError("clusters[0].pue", "NaN is not allowed"));
    expect(() => canonicalJson({ a: { b: Number.POSITIVE_INFINITY } })).toThrow(/^a\.b: /);
    expect(() => canonicalJson({ name: "x\uD800" })).toThrow(/^name: /);
  });
});
