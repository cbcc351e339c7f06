import { describe, expect, it } from "vitest";
import { formatTable, percentile } from "./stats";

describe("percentile", () => {
  it("uses the nearest rank", () => {
    expect(percentile([5, 1, 3, 2, 4], 50)).toBe(3);
    expect(percentile([5, 1, 3, 2, 4], 95)).toBe(5);
    expect(percentile([7], 95)).toBe(7);
    expect(
      percentile(
        Array.from({ length: 20 }, (_, i) => i + 1),
        95,
      ),
    ).toBe(19);
  });
});

describe("formatTable", () => {
  it("prints one aligned row per page with medians, p95 and kilobytes", () => {
    const table = formatTable([{ page: "/operator", role: "operator", loadMs: [100, 300, 200], contentMs: [150, 350, 250], bytes: [2048, 4096, 1024] }]);
    const [header, , row] = table.split("\n");
    expect(header).toContain("load p50 ms");
    expect(row!.split(/\s+/)).toEqual(["/operator", "operator", "3", "200", "300", "250", "350", "2"]);
  });
});
