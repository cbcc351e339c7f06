import { describe, expect, it } from "vitest";
import type { FieldErrors } from "react-hook-form";
import { fieldErrorMessages } from "./field-error-messages";

const errors = {
  name: { type: "too_small", message: "Name is required" },
  objectiveWeights: { carbon: { type: "too_big", message: "At most 1" }, waiting: { type: "custom", message: "Weights sum to 1" } },
  allowedGpuModels: [undefined, { type: "too_small", message: "Too short" }],
  regions: { root: { type: "too_big", message: "At most 20 regions" } },
} as unknown as FieldErrors;

describe("fieldErrorMessages", () => {
  it("flattens nested objects and arrays into dotted paths, one message each", () => {
    expect(fieldErrorMessages(errors)).toEqual({
      name: "Name is required",
      "objectiveWeights.carbon": "At most 1",
      "objectiveWeights.waiting": "Weights sum to 1",
      "allowedGpuModels.1": "Too short",
      regions: "At most 20 regions",
    });
  });

  it("keeps the first message of each top-level field when asked", () => {
    expect(fieldErrorMessages(errors, { topLevel: true })).toEqual({
      name: "Name is required",
      objectiveWeights: "At most 1",
      allowedGpuModels: "Too short",
      regions: "At most 20 regions",
    });
  });

  it("ignores the element reference react-hook-form attaches", () => {
    const withRef = { name: { type: "x", message: "Bad", ref: { name: "name", message: { type: "y", message: "not an error" } } } } as unknown as FieldErrors;
    expect(fieldErrorMessages(withRef)).toEqual({ name: "Bad" });
  });
});
