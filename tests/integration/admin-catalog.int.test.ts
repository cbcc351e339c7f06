import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callerAs, demoUserIds } from "./helpers/callers";
import { fieldErrorsOf } from "./helpers/field-errors";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

const model = (overrides: Record<string, unknown> = {}) => ({
  id: "L40S",
  vendor: "NVIDIA",
  displayName: "L40S 48GB",
  memoryGib: 48,
  computeUnits: 1.17,
  idleWatts: 35,
  maxWatts: 350,
  powerSource: "max: NVIDIA L40S datasheet; idle estimated",
  figuresEstimated: true,
  ...overrides,
});

const quota = (overrides: Record<string, unknown> = {}) => ({
  name: "Delta Robotics",
  maxGpus: 32,
  maxGpuHoursPerMonth: null,
  carbonBudgetKgPerMonth: 500,
  ...overrides,
});

describe("GPU model and tenant administration", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createSeededDatabase();
  });
  afterAll(() => database.drop());

  it("refuses writes to operators and tenants", async () => {
    for (const who of [demoUserIds.operator, demoUserIds.aurora]) {
      const caller = await callerAs(database.db, who);
      await expect(caller.gpuModels.create(model())).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(caller.gpuModels.update(model({ id: "T4" }))).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(caller.gpuModels.delete({ id: "G3" })).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(caller.tenants.create({ slug: "delta", ...quota() })).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(caller.tenants.update({ id: "tenant-aurora-labs", ...quota() })).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(caller.tenants.list()).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
    expect(await database.db.auditLog.count({ where: { action: { startsWith: "gpu-model." } } })).toBe(0);
  });

  it("validates GPU models field by field (idle power within the maximum)", async () => {
    const admin = await callerAs(database.db, demoUserIds.admin);
    expect(await fieldErrorsOf(() => admin.gpuModels.create(model({ idleWatts: 400 })))).toEqual({ idleWatts: "Idle power cannot exceed the maximum power" });
    expect(Object.keys(await fieldErrorsOf(() => admin.gpuModels.create(model({ id: "bad id", memoryGib: 0, computeUnits: -1 })))).sort()).toEqual([
      "computeUnits",
      "id",
      "memoryGib",
    ]);
    expect(await fieldErrorsOf(() => admin.gpuModels.create(model({ id: "T4" })))).toEqual({ id: 'A GPU model "T4" already exists.' });
    expect(await database.db.gpuModel.count()).toBe(9);
  });

  it("creates, edits and deletes an unused model, audited; refuses deleting one in use and says how many GPUs use it", async () => {
    const admin = await callerAs(database.db, demoUserIds.admin);
    await admin.gpuModels.create(model());
    const edited = await admin.gpuModels.update(model({ maxWatts: 300, figuresEstimated: false }));
    expect(edited.maxWatts).toBe(300);
    const list = await admin.gpuModels.list();
    expect(list.find((m) => m.id === "L40S")).toMatchObject({ nodes: 0, gpus: 0, maxWatts: 300 });
    const t4 = list.find((m) => m.id === "T4")!;
    expect(t4.gpus).toBeGreaterThan(0);

    const refused = await admin.gpuModels.delete({ id: "T4" }).catch((e) => e);
    expect(refused.code).toBe("PRECONDITION_FAILED");
    expect(refused.message).toContain(`T4 is used by ${t4.gpus.toLocaleString("en-US")} GPUs on ${t4.nodes.toLocaleString("en-US")} nodes`);
    expect(await database.db.gpuModel.findUnique({ where: { id: "T4" } })).not.toBeNull();

    await admin.gpuModels.delete({ id: "L40S" });
    await expect(admin.gpuModels.update(model())).rejects.toMatchObject({ code: "NOT_FOUND" });
    const entries = await database.db.auditLog.findMany({ where: { entityType: "GpuModel" }, orderBy: { id: "asc" } });
    expect(entries.map((e) => e.action)).toEqual(["gpu-model.create", "gpu-model.update", "gpu-model.delete"]);
    expect(entries[1]).toMatchObject({
      actorId: demoUserIds.admin,
      before: { maxWatts: 350, figuresEstimated: true },
      after: { maxWatts: 300, figuresEstimated: false },
    });
  });

  it("lists tenants with usage against quota and carbon budget", async () => {
    const admin = await callerAs(database.db, demoUserIds.admin);
    const tenants = await admin.tenants.list();
    expect(tenants.map((t) => t.name)).toEqual(["Aurora Labs", "Borealis AI", "Cirrus Media"]);
    expect(tenants[0]).toMatchObject({ maxGpus: 400, maxGpuHoursPerMonth: 200_000, carbonBudgetKgPerMonth: 6000, members: 1, gpusInUse: 0 });
    expect(tenants[2]).toMatchObject({ maxGpus: 96, carbonBudgetKgPerMonth: null });
  });

  it("creates a tenant and edits quotas with field errors and audit entries", async () => {
    const admin = await callerAs(database.db, demoUserIds.admin);
    expect(
      Object.keys(await fieldErrorsOf(() => admin.tenants.create({ slug: "Delta Robotics", ...quota({ maxGpus: -1, carbonBudgetKgPerMonth: -5 }) }))).sort(),
    ).toEqual(["carbonBudgetKgPerMonth", "maxGpus", "slug"]);
    expect(await fieldErrorsOf(() => admin.tenants.create({ slug: "aurora-labs", ...quota() }))).toEqual({ slug: 'A tenant "aurora-labs" already exists.' });
    const created = await admin.tenants.create({ slug: "delta-robotics", ...quota() });
    await admin.tenants.update({
      id: "tenant-aurora-labs",
      ...quota({ name: "Aurora Labs", maxGpus: 64, maxGpuHoursPerMonth: 1000, carbonBudgetKgPerMonth: null }),
    });
    await expect(admin.tenants.update({ id: "tenant-nope", ...quota() })).rejects.toMatchObject({ code: "NOT_FOUND" });
    const tenants = await admin.tenants.list();
    expect(tenants.find((t) => t.id === created.id)).toMatchObject({ name: "Delta Robotics", maxGpus: 32, carbonBudgetKgPerMonth: 500, members: 0 });
    expect(tenants.find((t) => t.id === "tenant-aurora-labs")).toMatchObject({ maxGpus: 64, maxGpuHoursPerMonth: 1000, carbonBudgetKgPerMonth: null });
    // The tenant's own usage page reads the same quota.
    const usage = await (await callerAs(database.db, demoUserIds.aurora)).jobs.usage();
    expect(usage).toMatchObject({ maxGpus: 64, carbonBudgetKgPerMonth: null });
    const entries = await database.db.auditLog.findMany({ where: { entityType: "Tenant" }, orderBy: { id: "asc" } });
    expect(entries.map((e) => e.action)).toEqual(["tenant.create", "tenant.update"]);
    expect(entries[1]).toMatchObject({ before: { maxGpus: 400, carbonBudgetKgPerMonth: 6000 }, after: { maxGpus: 64, carbonBudgetKgPerMonth: null } });
  });
});
