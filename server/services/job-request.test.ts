import { describe, expect, it } from "vitest";
import { jobSubmitSchema } from "../schemas/job-submit";
import { normalizeJobRequest } from "./job-request";

const base = {
  idempotencyKey: "key-elastic-1",
  name: "elastic-train",
  kind: "TRAINING" as const,
  cpuMilli: 8000,
  memoryMib: 32_768,
  gpuCount: 8,
  gpuMilli: 1000,
  gangSize: 8,
  estimatedDurationS: 3600,
};

describe("elastic job requests", () => {
  it("a job that may start with fewer nodes stores its range; gangSize is the most", () => {
    const job = jobSubmitSchema.parse({ ...base, minMembers: 2 });
    expect(normalizeJobRequest(job)).toMatchObject({ gangSize: 8, minMembers: 2, maxMembers: 8 });
  });

  it("no minimum, or a minimum equal to the gang size, is a fixed-size job", () => {
    expect(normalizeJobRequest(jobSubmitSchema.parse(base))).toMatchObject({ minMembers: null, maxMembers: null });
    expect(normalizeJobRequest(jobSubmitSchema.parse({ ...base, minMembers: 8 }))).toMatchObject({ minMembers: null, maxMembers: null });
  });

  it("rejects a minimum above the gang size and elastic compute-native requests, naming the field", () => {
    const above = jobSubmitSchema.safeParse({ ...base, minMembers: 9 });
    expect(above.success).toBe(false);
    expect(above.error?.issues.map((i) => i.path.join("."))).toContain("minMembers");
    const compute = jobSubmitSchema.safeParse({
      ...base,
      requestMode: "compute",
      gpuCount: 0,
      gpuMilli: 0,
      computeUnits: 4,
      minGpuMemoryGib: 40,
      minMembers: 2,
    });
    expect(compute.success).toBe(false);
    expect(compute.error?.issues.find((i) => i.path[0] === "minMembers")?.message).toMatch(/compute-native/);
  });
});
