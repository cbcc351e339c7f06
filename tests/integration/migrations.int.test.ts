import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "../../scripts/lib/database";
import { createEmptyDatabase, type TestDatabase } from "./helpers/test-database";

const migrationNames = readdirSync(fileURLToPath(new URL("../../prisma/migrations", import.meta.url)), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();

describe("migrations", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createEmptyDatabase();
    migrate(database.url);
  });
  afterAll(() => database.drop());

  it("apply every migration in prisma/migrations to an empty database", async () => {
    const applied = await database.db.$queryRaw<
      { migration_name: string; finished_at: Date | null }[]
    >`SELECT migration_name, finished_at FROM _prisma_migrations ORDER BY migration_name`;
    expect(applied.map((m) => m.migration_name)).toEqual(migrationNames);
    expect(applied.every((m) => m.finished_at !== null)).toBe(true);
  });

  it("create the domain tables", async () => {
    const tables = await database.db.$queryRaw<
      { table_name: string }[]
    >`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`;
    expect(tables.map((t) => t.table_name)).toEqual(
      expect.arrayContaining([
        "AuditLog",
        "CarbonIntensitySample",
        "Cluster",
        "Decision",
        "Gpu",
        "GpuModel",
        "GpuShare",
        "GridZone",
        "Job",
        "Node",
        "Policy",
        "Tenant",
        "TenantQuota",
        "User",
      ]),
    );
  });

  it("are idempotent: applying again changes nothing", async () => {
    expect(() => migrate(database.url)).not.toThrow();
    const count = await database.db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM _prisma_migrations`;
    expect(Number(count[0]!.n)).toBe(migrationNames.length);
  });

  it("enforce the allocation invariants in the database itself", async () => {
    const { db } = database;
    await db.gridZone.create({ data: { id: "ZZ", name: "Test zone", annualAverageGCo2ePerKwh: 100 } });
    await db.gpuModel.create({
      data: { id: "T4", vendor: "NVIDIA", displayName: "T4", memoryGib: 16, computeUnits: 0.2, idleWatts: 10, maxWatts: 70, powerSource: "test" },
    });
    const cluster = await db.cluster.create({
      data: { name: "c1", region: "r", tier: "EDGE", gridZoneId: "ZZ", pue: 1.2, locationName: "x", latitude: 0, longitude: 0 },
    });
    const node = await db.node.create({
      data: { clusterId: cluster.id, name: "n1", cpuMilli: 1000, memoryMib: 1024, gpuModelId: "T4", gpuCount: 1, rackGroup: "r0" },
    });
    await expect(db.gpu.create({ data: { nodeId: node.id, index: 0, allocatedMilli: 1200 } })).rejects.toThrow(/Gpu_allocatedMilli_range/);
    await expect(db.node.update({ where: { id: node.id }, data: { allocatedCpuMilli: 1001 } })).rejects.toThrow(/Node_allocation_within_capacity/);
    await expect(
      db.node.create({ data: { clusterId: cluster.id, name: "n2", cpuMilli: 1000, memoryMib: 1024, gpuCount: 2, rackGroup: "r0" } }),
    ).rejects.toThrow(/Node_gpu_model_when_gpus/);
    await expect(db.user.create({ data: { email: "x@y.example", name: "x", passwordHash: "x", role: "TENANT_MEMBER" } })).rejects.toThrow(
      /User_tenant_matches_role/,
    );
  });
});
