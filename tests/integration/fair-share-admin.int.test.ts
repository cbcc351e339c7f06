// Admin editing of fair-share weights and per-model cohort quotas through tRPC: admins only, field-named
// errors, nothing half-written, audited; a tenant's usage shows nominal vs used vs borrowed for its
// own models only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runSchedulingCycle } from "../../server/services/scheduling-cycle";
import { callerAs, demoUserIds } from "./helpers/callers";
import { SEED_NOW } from "./helpers/constants";
import { fieldErrorsOf } from "./helpers/field-errors";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

describe("fair-share administration", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createSeededDatabase();
  });
  afterAll(() => database.drop());

  it("only admins read and set fair share", async () => {
    const db = database.db;
    const tenant = await db.tenant.findFirstOrThrow({ where: { users: { some: { id: demoUserIds.aurora } } } });
    for (const who of [demoUserIds.operator, demoUserIds.aurora]) {
      const caller = await callerAs(db, who);
      await expect(caller.tenants.fairShare()).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(caller.tenants.setFairShare({ tenantId: tenant.id, fairShareWeight: 5, modelQuotas: [] })).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
    expect((await db.tenantQuota.findUniqueOrThrow({ where: { tenantId: tenant.id } })).fairShareWeight).not.toBe(5);
  });

  it("rejects bad input naming the field and writes nothing", async () => {
    const db = database.db;
    const admin = await callerAs(db, demoUserIds.admin);
    const tenant = await db.tenant.findFirstOrThrow({ where: { users: { some: { id: demoUserIds.aurora } } } });
    const model = (await db.gpuModel.findFirstOrThrow({ orderBy: { id: "asc" } })).id;
    const before = await db.tenantGpuQuota.findMany({ where: { tenantId: tenant.id } });
    const row = { gpuModelId: model, nominalGpus: 4, borrowingLimitGpus: null, lendingLimitGpus: null };
    expect(await fieldErrorsOf(() => admin.tenants.setFairShare({ tenantId: tenant.id, fairShareWeight: 0, modelQuotas: [] }))).toHaveProperty(
      "fairShareWeight",
    );
    expect(
      await fieldErrorsOf(() => admin.tenants.setFairShare({ tenantId: tenant.id, fairShareWeight: 1, modelQuotas: [{ ...row, lendingLimitGpus: 5 }] })),
    ).toHaveProperty(["modelQuotas.0.lendingLimitGpus"]);
    expect(await fieldErrorsOf(() => admin.tenants.setFairShare({ tenantId: tenant.id, fairShareWeight: 1, modelQuotas: [row, row] }))).toHaveProperty([
      "modelQuotas.1.gpuModelId",
    ]);
    expect(
      await fieldErrorsOf(() =>
        admin.tenants.setFairShare({ tenantId: tenant.id, fairShareWeight: 1, modelQuotas: [row, { ...row, gpuModelId: "no-such-gpu" }] }),
      ),
    ).toEqual({ "modelQuotas.1.gpuModelId": 'No GPU model "no-such-gpu" in the catalog.' });
    expect(await db.tenantGpuQuota.findMany({ where: { tenantId: tenant.id } })).toEqual(before);
    await expect(admin.tenants.setFairShare({ tenantId: "no-such-tenant", fairShareWeight: 1, modelQuotas: [] })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("saves weight and quotas with an audit entry, and the tenant sees nominal vs used vs borrowed", async () => {
    const db = database.db;
    const admin = await callerAs(db, demoUserIds.admin);
    const aurora = await db.tenant.findFirstOrThrow({ where: { users: { some: { id: demoUserIds.aurora } } } });
    const borealis = await db.tenant.findFirstOrThrow({ where: { users: { some: { id: demoUserIds.borealis } } } });
    // Put the seeded fleet to work first so the quotas below are measured against GPUs actually held.
    await runSchedulingCycle(db, { now: new Date(SEED_NOW.getTime() + 60_000), seed: 42, maxJobs: 500 });
    const heldBy = await db.$queryRaw<{ gpuModelId: string; gpus: number }[]>`SELECT n."gpuModelId", SUM(s.milli) / 1000.0 AS gpus
      FROM "GpuShare" s JOIN "Gpu" g ON g.id = s."gpuId" JOIN "Node" n ON n.id = g."nodeId" JOIN "Job" j ON j.id = s."jobId"
      WHERE j."tenantId" = ${aurora.id} AND n."gpuModelId" IS NOT NULL GROUP BY n."gpuModelId" ORDER BY gpus DESC`;
    const top = heldBy[0]!;
    const used = Number(top.gpus);
    expect(used).toBeGreaterThan(0);
    // Nominal 0 for aurora's busiest model: everything it holds there is borrowed from borealis's idle quota.
    await admin.tenants.setFairShare({
      tenantId: aurora.id,
      fairShareWeight: 2.5,
      modelQuotas: [{ gpuModelId: top.gpuModelId, nominalGpus: 0, borrowingLimitGpus: 1000, lendingLimitGpus: null }],
    });
    await admin.tenants.setFairShare({
      tenantId: borealis.id,
      fairShareWeight: 1,
      modelQuotas: [{ gpuModelId: top.gpuModelId, nominalGpus: 5000, borrowingLimitGpus: null, lendingLimitGpus: 4000 }],
    });
    expect((await db.tenantQuota.findUniqueOrThrow({ where: { tenantId: aurora.id } })).fairShareWeight).toBe(2.5);
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "tenant.fair-share", entityId: aurora.id } });
    expect(audit.actorId).toBe(demoUserIds.admin);
    expect(audit.after).toMatchObject({ fairShareWeight: 2.5, modelQuotas: [{ gpuModelId: top.gpuModelId, nominalGpus: 0, borrowingLimitGpus: 1000 }] });

    const view = await admin.tenants.fairShare();
    const row = view.tenants.find((t) => t.id === aurora.id)!.modelQuotas[0]!;
    expect(row).toMatchObject({ gpuModelId: top.gpuModelId, nominalGpus: 0 });
    expect(row.gpusInUse).toBeCloseTo(used, 6);
    expect(row.borrowedGpus).toBeCloseTo(used, 6);

    const usage = await (await callerAs(db, demoUserIds.aurora)).jobs.usage();
    expect(usage.fairShareWeight).toBe(2.5);
    expect(usage.modelQuotas).toHaveLength(1);
    expect(usage.modelQuotas[0]).toMatchObject({ gpuModelId: top.gpuModelId, nominalGpus: 0, borrowingLimitGpus: 1000 });
    expect(usage.modelQuotas[0]!.borrowedGpus).toBeCloseTo(used, 6);
    // What it could still borrow: borealis lends min(4000, its idle nominal), less what aurora already borrows.
    expect(usage.modelQuotas[0]!.borrowableNowGpus).toBeGreaterThan(0);
    expect(usage.modelQuotas[0]!.borrowableNowGpus).toBeLessThanOrEqual(4000 - used + 1e-9);
    // A tenant without per-model quotas sees none, and never another tenant's rows.
    const cirrus = await (await callerAs(db, demoUserIds.cirrus)).jobs.usage();
    expect(cirrus.modelQuotas).toEqual([]);
  });
});
