import { describe, expect, it } from "vitest";
import { parseStoredAssignments } from "./stored-json";

const part = { cluster: "c1", node: "n1", gpuIndices: [0, 1], milliPerGpu: 1000, cpuMilli: 4000, memoryMib: 16384 };

describe("parseStoredAssignments", () => {
  it("returns the stored parts of a decision", () => {
    expect(parseStoredAssignments([part, { ...part, cluster: "c2", gpuIndices: [] }])).toEqual([part, { ...part, cluster: "c2", gpuIndices: [] }]);
  });

  it("reads a missing value (a decision without assignments) as no parts", () => {
    expect(parseStoredAssignments(undefined)).toEqual([]);
    expect(parseStoredAssignments(null)).toEqual([]);
  });

  it.each([
    ["a field of the wrong type", [{ ...part, cpuMilli: "4000" }], /^Decision\.assignments\[0\]\.cpuMilli: /],
    ["a missing field", [part, { ...part, node: undefined }], /^Decision\.assignments\[1\]\.node: /],
    ["a negative GPU index", [{ ...part, gpuIndices: [-1] }], /^Decision\.assignments\[0\]\.gpuIndices\[0\]: /],
    ["an object instead of a list", { cluster: "c1" }, /^Decision\.assignments: /],
  ])("refuses %s, naming the field", (_what, value, message) => {
    expect(() => parseStoredAssignments(value)).toThrow(message);
  });
});
