import { describe, expect, it } from "vitest";
import { emptyJobForm, toSubmitInput } from "./job-form-state";
import { formPatchOf } from "./what-if-apply";

describe("formPatchOf", () => {
  it("round-trips every field through the form's units to the same submit input", () => {
    const deadline = new Date(Date.UTC(2026, 10, 25, 6, 0));
    const apply = { deadlineAt: deadline, allowedGpuModels: [], gpuCount: 4, gangSize: 2, estimatedDurationS: 3960, allowedRegions: [] };
    const form = { ...emptyJobForm, name: "x", allowedGpuModels: ["H100"], allowedRegions: ["eu-central"], ...formPatchOf(apply) };
    const input = toSubmitInput(form, "key-12345678");
    expect(input.deadlineAt?.getTime()).toBe(deadline.getTime());
    expect(input).toMatchObject({ allowedGpuModels: [], gpuCount: 4, gangSize: 2, estimatedDurationS: 3960, allowedRegions: [] });
  });

  it("leaves fields the what-if does not change, and clears a deadline set to none", () => {
    const patch = formPatchOf({ deadlineAt: null });
    expect(patch).toEqual({ deadlineAt: "" });
    expect(formPatchOf({ deadlineAt: "2026-11-25T06:00:00.000Z" as unknown as Date }).deadlineAt).toMatch(/^2026-11-2\dT\d\d:00$/);
  });
});
