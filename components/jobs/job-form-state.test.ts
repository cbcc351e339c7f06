import { describe, expect, it } from "vitest";
import { jobSubmitSchema } from "@/server/schemas/job-submit";
import { formStateFromJob, toSubmitInput, type JobRequestFields } from "./job-form-state";

const shared: JobRequestFields = {
  name: "llama-finetune",
  kind: "TRAINING",
  cpuMilli: 6000,
  memoryMib: 24 * 1024,
  gpuCount: 1,
  gpuMilli: 470,
  allowedGpuModels: ["V100M32", "A100"],
  computeUnits: null,
  minGpuMemoryGib: null,
  gangSize: 1,
  estimatedDurationS: 5400,
  priority: 7,
  allowedRegions: ["eu-central"],
  allowSplit: false,
};

describe("formStateFromJob (resubmit as a copy)", () => {
  it("round-trips a model request through the form into the same valid request", () => {
    const form = formStateFromJob(shared);
    expect(form.name).toBe("llama-finetune-copy");
    expect(form.gpuSharePct).toBe("47");
    expect(form.earliestStartAt).toBe("");
    const input = toSubmitInput(form, "new-key-123");
    expect(jobSubmitSchema.safeParse(input).success).toBe(true);
    expect(input).toMatchObject({
      idempotencyKey: "new-key-123",
      cpuMilli: 6000,
      memoryMib: 24576,
      gpuCount: 1,
      gpuMilli: 470,
      allowedGpuModels: ["V100M32", "A100"],
      estimatedDurationS: 5400,
      priority: 7,
      allowedRegions: ["eu-central"],
      earliestStartAt: null,
      deadlineAt: null,
    });
  });
  it("round-trips a compute-native request", () => {
    const input = toSubmitInput(
      formStateFromJob({ ...shared, gpuCount: 0, gpuMilli: 0, allowedGpuModels: [], computeUnits: 2.5, minGpuMemoryGib: 40, gangSize: 2 }),
      "k-12345678",
    );
    expect(input).toMatchObject({ requestMode: "compute", computeUnits: 2.5, minGpuMemoryGib: 40, gangSize: 2, gpuCount: 0 });
    expect(jobSubmitSchema.safeParse(input).success).toBe(true);
  });
  it("keeps the name within the limit and does not stack suffixes", () => {
    expect(formStateFromJob({ ...shared, name: "x".repeat(80) }).name).toHaveLength(80);
    expect(formStateFromJob({ ...shared, name: "run-copy" }).name).toBe("run-copy");
  });
});
