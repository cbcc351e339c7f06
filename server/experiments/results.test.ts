import { describe, expect, it } from "vitest";
import { downsample, finiteJson } from "./results";

describe("finiteJson", () => {
  it("turns non-finite numbers into null at any depth and drops undefined fields", () => {
    expect(finiteJson({ a: NaN, b: [1, Infinity, { c: -Infinity, d: "x" }], e: undefined, f: true })).toEqual({
      a: null,
      b: [1, null, { c: null, d: "x" }],
      f: true,
    });
  });
});

describe("downsample", () => {
  const rows = Array.from({ length: 10 }, (_, i) => ({ atMs: i * 1000, gar: i, label: `r${i}` }));
  it("keeps short series as they are", () => {
    expect(downsample(rows, 10, ["gar"])).toEqual(rows);
  });
  it("averages runs of consecutive samples, keeping each run's first time", () => {
    const out = downsample(rows, 4, ["gar"]);
    expect(out.map((r) => r.atMs)).toEqual([0, 3000, 6000, 9000]);
    expect(out.map((r) => r.gar)).toEqual([1, 4, 7, 9]);
    expect(out.length).toBeLessThanOrEqual(4);
  });
});
