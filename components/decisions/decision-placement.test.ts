import { describe, expect, it } from "vitest";
import { gpuSlots } from "./decision-placement";

describe("gpuSlots", () => {
  it("reads GPU indices as indices, with the count in words", () => {
    expect(gpuSlots([0])).toBe("GPU #0");
    expect(gpuSlots([0, 1])).toBe("GPUs #0, #1 (2 GPUs)");
    expect(gpuSlots([])).toBe("no GPU");
  });
});
