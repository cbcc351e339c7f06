import { describe, expect, it } from "vitest";
import { dataMax, niceCeiling, percentAxisMax } from "./axis-scale";

describe("axis scale", () => {
  it("rounds the data's maximum up to 1, 2 or 5 times a power of ten", () => {
    expect(niceCeiling(8.3)).toBe(10);
    expect(niceCeiling(37)).toBe(50);
    expect(niceCeiling(612)).toBe(1000);
    expect(niceCeiling(0)).toBe(1);
  });

  it("keeps a share axis within 100 % and scales it to small shares", () => {
    expect(percentAxisMax(8.3)).toBe(10);
    expect(percentAxisMax(99)).toBe(100);
    expect(percentAxisMax(dataMax([{ atMs: 1, fleet: 3, a: 7.5 }], ["fleet", "a"]))).toBe(10);
  });
});
