import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fieldErrorsOf } from "./helpers/field-errors";
import { callerAs, demoUserIds } from "./helpers/callers";
import { SEED_NOW } from "./helpers/constants";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

type Caller = Awaited<ReturnType<typeof callerAs>>;
const hours = (h: number) => new Date(SEED_NOW.getTime() + h * 3600_000);

const job = (overrides: Record<string, unknown> = {}) => ({
  idempotencyKey: `key-${Math.round(Math.random() * 1e9)}`,
  name: "resnet-train",
  kind: "TRAINING" as const,
  cpuMilli: 8000,
  memoryMib: 32768,
  gpuCount: 2,
  gpuMilli: 1000,
  allowedGpuModels: ["V100M32", "A100-SXM4-80GB"],
  gangSize: 1,
  estimatedDurationS: 7200,
  priority: 5,
  earliestStartAt: hours(1),
  deadlineAt: hours(12),
  allowedRegions: ["na-east"],
  ...overrides,
});

describe("job submission", () => {
  let database: TestDatabase;
  let aurora: Caller;
  let jobsBefore: number;
  beforeAll(async () => {
    database = await createSeededDatabase();
    aurora = await callerAs(database.db, demoUserIds.aurora);
    jobsBefore = await database.db.job.count();
  });
  afterAll(() => database.drop());

  it("queues a valid job for the caller's tenant and audits it", async () => {
    const result = await aurora.jobs.submit(job({ idempotencyKey: "valid-key-1" }));
    expect(result.created).toBe(true);
    const stored = await database.db.job.findUniqueOrThrow({ where: { id: result.jobId } });
    expect(stored).toMatchObject({
      tenantId: "tenant-aurora-labs",
      submittedById: demoUserIds.aurora,
      status: "QUEUED",
      gpuCount: 2,
      gpuMilli: 1000,
      allowedGpuModels: ["V100M32", "A100-SXM4-80GB"],
      allowedRegions: ["na-east"],
    });
    expect(await database.db.auditLog.count({ where: { entityId: result.jobId, action: "job.submit" } })).toBe(1);
    const mine = await aurora.jobs.mine({ search: "resnet-train" });
    expect(mine.rows.map((r) => r.id)).toContain(result.jobId);
  });

  it.each([
    ["name", { name: "" }],
    ["name", { name: "bad/name" }],
    ["cpuMilli", { cpuMilli: 0 }],
    ["memoryMib", { memoryMib: 1.5 }],
    ["gpuMilli", { gpuCount: 2, gpuMilli: 500 }],
    ["gpuMilli", { gpuCount: 1, gpuMilli: 1001 }],
    ["gpuMilli", { gpuCount: 0, gpuMilli: 300 }],
    ["gangSize", { gangSize: 0 }],
    ["estimatedDurationS", { estimatedDurationS: 10 }],
    ["priority", { priority: 11 }],
    ["deadlineAt", { earliestStartAt: hours(1), deadlineAt: hours(2), estimatedDurationS: 3 * 3600 }],
    ["computeUnits", { requestMode: "compute", allowedGpuModels: [], computeUnits: null, minGpuMemoryGib: 40 }],
    ["allowedGpuModels", { allowedGpuModels: ["RTX-9999"] }],
    ["allowedRegions", { allowedRegions: ["mars-north"] }],
    ["earliestStartAt", { earliestStartAt: hours(-3), deadlineAt: hours(12) }],
    ["gpuCount", { gpuCount: 8, gangSize: 64 }],
  ])("rejects a bad %s with a field error and writes nothing", async (field, overrides) => {
    const errors = await fieldErrorsOf(() => aurora.jobs.submit(job(overrides)));
    expect(Object.keys(errors)).toContain(field);
    expect(errors[field]!.length).toBeGreaterThan(3);
  });

  it("wrote no job and no audit entry for any rejected input", async () => {
    expect(await database.db.job.count()).toBe(jobsBefore + 1);
    expect(await database.db.auditLog.count({ where: { action: "job.submit" } })).toBe(1);
  });

  it("creates one job when the same idempotency key is submitted twice", async () => {
    const first = await aurora.jobs.submit(job({ idempotencyKey: "retry-key-1" }));
    const second = await aurora.jobs.submit(job({ idempotencyKey: "retry-key-1" }));
    expect(second).toEqual({ jobId: first.jobId, created: false });
    expect(await database.db.job.count({ where: { idempotencyKey: "retry-key-1" } })).toBe(1);
  });

  it("creates one job when the same key races in parallel", async () => {
    const results = await Promise.all(Array.from({ length: 6 }, () => aurora.jobs.submit(job({ idempotencyKey: "race-key-1" }))));
    expect(new Set(results.map((r) => r.jobId)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await database.db.job.count({ where: { idempotencyKey: "race-key-1" } })).toBe(1);
  });

  it("refuses to reuse a key for a different job", async () => {
    await aurora.jobs.submit(job({ idempotencyKey: "reuse-key-1" }));
    await expect(aurora.jobs.submit(job({ idempotencyKey: "reuse-key-1", name: "other-job" }))).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("keys are per tenant: another tenant may use the same key", async () => {
    const borealis = await callerAs(database.db, demoUserIds.borealis);
    const a = await aurora.jobs.submit(job({ idempotencyKey: "shared-key-1", allowedRegions: [] }));
    const b = await borealis.jobs.submit(job({ idempotencyKey: "shared-key-1", allowedRegions: [] }));
    expect(a.jobId).not.toBe(b.jobId);
  });

  it("accepts a compute-native request and stores it without a GPU model", async () => {
    const result = await aurora.jobs.submit(
      job({ idempotencyKey: "compute-key-1", requestMode: "compute", allowedGpuModels: [], gpuCount: 0, gpuMilli: 0, computeUnits: 4, minGpuMemoryGib: 40 }),
    );
    const stored = await database.db.job.findUniqueOrThrow({ where: { id: result.jobId } });
    expect(stored).toMatchObject({ computeUnits: 4, minGpuMemoryGib: 40, gpuCount: 0, allowedGpuModels: [] });
  });

  it("previews where and when a job would run, with its carbon, and writes nothing", async () => {
    const jobs = await database.db.job.count();
    const decisions = await database.db.decision.count();
    const preview = await aurora.jobs.preview(job({ idempotencyKey: "preview-key-1", allowedGpuModels: [], allowedRegions: ["eu-west"] }));
    expect(preview.outcome).not.toBe("unschedulable");
    expect(preview.clusterName).toBe("lon-regional-1");
    expect(preview.gCo2e).toBeGreaterThan(0);
    expect(preview.text.join(" ")).toMatch(/lon-regional-1/);
    expect(preview.clusters.find((c) => c.name === "fra-hub-1")?.passed).toBe(false);
    expect(await database.db.job.count()).toBe(jobs);
    expect(await database.db.decision.count()).toBe(decisions);
  });
});
