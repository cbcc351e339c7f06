import { describe, expect, it } from "vitest";
import { jobSubmitSchema } from "@/server/schemas/job-submit";
import { emptyJobForm, formStateFromJob, jobFormSchema, toSubmitInput, type JobRequestFields } from "./job-form-state";

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
  priorityClassId: "pc-production",
  checkpointIntervalS: 1800,
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
      priorityClassId: "pc-production",
      checkpointIntervalS: 1800,
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

describe("jobFormSchema (the form's resolver)", () => {
  const pathsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) => (result.error?.issues ?? []).map((i) => i.path.join("."));

  it("names the API field of a blank or out-of-range input, so the message lands beside that input", () => {
    const result = jobFormSchema("k-12345678").safeParse({ ...emptyJobForm, name: "", cpuCores: "", durationHours: "0" });
    expect(result.success).toBe(false);
    expect([...new Set(pathsOf(result))].sort()).toEqual(["cpuMilli", "estimatedDurationS", "name"]);
  });

  it("yields the machine-unit input with the form's key when the form is valid", () => {
    const result = jobFormSchema("k-12345678").safeParse({ ...emptyJobForm, name: " trainer ", gpuSharePct: "25" });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ idempotencyKey: "k-12345678", name: "trainer", cpuMilli: 8000, memoryMib: 32768, gpuMilli: 250 });
  });

  it("applies the server's cross-field rules (a multi-GPU job takes whole GPUs)", () => {
    const result = jobFormSchema("k-12345678").safeParse({ ...emptyJobForm, name: "x", gpuCount: "2", gpuSharePct: "50" });
    expect(pathsOf(result)).toEqual(["gpuMilli"]);
  });
});

describe("class and checkpoint fields", () => {
  it("sends no class (the default) and no checkpoints for empty inputs, and minutes as seconds", () => {
    expect(toSubmitInput(emptyJobForm, "k-12345678")).toMatchObject({ priorityClassId: null, checkpointIntervalS: null });
    expect(toSubmitInput({ ...emptyJobForm, checkpointMinutes: "15", priorityClassId: "pc-standard" }, "k-12345678")).toMatchObject({
      priorityClassId: "pc-standard",
      checkpointIntervalS: 900,
    });
  });
  it("refuses a checkpoint interval under a minute, naming the field", () => {
    const result = jobFormSchema("k-12345678").safeParse({ ...emptyJobForm, name: "ok", checkpointMinutes: "0.5" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join("."))).toContain("checkpointIntervalS");
  });
});
