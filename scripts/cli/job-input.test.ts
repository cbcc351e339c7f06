import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { jobSubmitSchema } from "../../server/schemas/job-submit";
import { CliError } from "./cli-io";
import { flagOfField, jobFromFile, jobFromFlags } from "./job-input";

describe("verdant submit input", () => {
  it("converts the form's units from flags, as the submit form does", () => {
    const job = jobFromFlags(
      {
        name: "bert",
        kind: "inference",
        cpus: "2.5",
        memory: "16",
        gpus: "1",
        "gpu-share": "25",
        model: ["A100-SXM4-80GB", "V100M32"],
        hours: "1.5",
        "checkpoint-minutes": "30",
        region: ["na-east"],
        "start-after": "2026-11-25T06:00Z",
        "idempotency-key": "fixed-key-1",
      },
      "class-batch",
    );
    expect(jobSubmitSchema.parse(job)).toMatchObject({
      idempotencyKey: "fixed-key-1",
      name: "bert",
      kind: "INFERENCE",
      cpuMilli: 2500,
      memoryMib: 16384,
      requestMode: "models",
      gpuCount: 1,
      gpuMilli: 250,
      allowedGpuModels: ["A100-SXM4-80GB", "V100M32"],
      estimatedDurationS: 5400,
      checkpointIntervalS: 1800,
      priorityClassId: "class-batch",
      allowedRegions: ["na-east"],
      earliestStartAt: new Date("2026-11-25T06:00Z"),
      maxRunRetries: 2,
    });
    const compute = jobSubmitSchema.parse(jobFromFlags({ name: "c", compute: "4", "min-gpu-memory": "40" }, null));
    expect(compute).toMatchObject({ requestMode: "compute", computeUnits: 4, minGpuMemoryGib: 40, gpuCount: 0, gpuMilli: 0 });
    // Each submission gets its own idempotency key unless one is given.
    expect(jobFromFlags({ name: "a" }, null).idempotencyKey).not.toBe(jobFromFlags({ name: "a" }, null).idempotencyKey);
  });

  it("refuses what is not a number, a date or a kind, naming the flag", () => {
    expect(() => jobFromFlags({ name: "x", hours: "2h" }, null)).toThrow('--hours: "2h" is not a number (hours).');
    expect(() => jobFromFlags({ name: "x", memory: "" }, null)).toThrow(CliError);
    expect(() => jobFromFlags({ name: "x", deadline: "tomorrow" }, null)).toThrow(/--deadline: "tomorrow" is not a date/);
    expect(() => jobFromFlags({ name: "x", kind: "serving" }, null)).toThrow(/--kind/);
    expect(() => jobFromFlags({}, null)).toThrow(/--name is required/);
  });

  it("names API fields by their flags", () => {
    expect(flagOfField("gpuMilli")).toBe("--gpu-share");
    expect(flagOfField("allowedGpuModels.2")).toBe("--model");
    expect(flagOfField("estimatedDurationS")).toBe("--hours");
    expect(flagOfField("somethingNew")).toBe("somethingNew");
  });

  it("reads a job file with ISO dates, and refuses mixing it with job flags", async () => {
    const dir = await mkdtemp(join(tmpdir(), "verdant-job-"));
    const file = join(dir, "job.json");
    await writeFile(
      file,
      JSON.stringify({
        name: "f",
        kind: "BATCH",
        cpuMilli: 1000,
        memoryMib: 1024,
        gpuCount: 0,
        gpuMilli: 0,
        gangSize: 1,
        estimatedDurationS: 600,
        deadlineAt: "2026-12-01T00:00:00Z",
      }),
    );
    const job = await jobFromFile(file, {});
    expect(job.deadlineAt).toEqual(new Date("2026-12-01T00:00:00Z"));
    expect(job.idempotencyKey).toMatch(/^cli-/);
    expect(jobSubmitSchema.safeParse(job).success).toBe(true);
    await expect(jobFromFile(file, { gpus: "2" })).rejects.toThrow(/either in --file or as flags, not both \(also given: --gpus\)/);
    await writeFile(file, "[1,2]");
    await expect(jobFromFile(file, {})).rejects.toThrow(/must hold one JSON object/);
    await expect(jobFromFile(join(dir, "missing.json"), {})).rejects.toThrow(/Cannot read/);
  });
});
