import { join } from "node:path";
import { fileURLToPath } from "node:url";
import bcrypt from "bcryptjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../server/db/client";
import { migrate } from "../../scripts/lib/database";
import { isSeeded, seedDemo } from "../../server/seed/seed-demo";
import { demoPasswords } from "../../server/seed/demo-catalog";
import { SEED_NOW } from "./helpers/constants";
import { createEmptyDatabase, type TestDatabase } from "./helpers/test-database";

const dataDir = fileURLToPath(new URL("../../data/demo", import.meta.url));

/** Every table's rows in a stable order, without the random bcrypt salts and serial ids. */
async function dump(db: Db) {
  return {
    zones: await db.gridZone.findMany({ orderBy: { id: "asc" } }),
    models: await db.gpuModel.findMany({ orderBy: { id: "asc" } }),
    clusters: await db.cluster.findMany({ orderBy: { id: "asc" } }),
    nodes: await db.node.findMany({ orderBy: { id: "asc" } }),
    gpus: await db.gpu.findMany({ orderBy: { id: "asc" } }),
    samples: (await db.carbonIntensitySample.findMany({ orderBy: [{ zoneId: "asc" }, { at: "asc" }, { kind: "asc" }] })).map(({ id: _id, ...s }) => s),
    tenants: await db.tenant.findMany({ orderBy: { id: "asc" }, include: { quota: true } }),
    users: (await db.user.findMany({ orderBy: { id: "asc" } })).map(({ passwordHash: _hash, ...u }) => u),
    policies: await db.policy.findMany({ orderBy: { id: "asc" } }),
    jobs: await db.job.findMany({ orderBy: { id: "asc" } }),
  };
}

describe("demo seed", () => {
  let first: TestDatabase;
  let second: TestDatabase;
  beforeAll(async () => {
    [first, second] = await Promise.all([createEmptyDatabase(), createEmptyDatabase()]);
    migrate(first.url);
    migrate(second.url);
    await seedDemo(first.db, { now: SEED_NOW, dataDir, bcryptRounds: 4 });
    await seedDemo(second.db, { now: SEED_NOW, dataDir, bcryptRounds: 4 });
  });
  afterAll(async () => {
    await first.drop();
    await second.drop();
  });

  it("is deterministic: the same clock gives identical rows", async () => {
    const [a, b] = await Promise.all([dump(first.db), dump(second.db)]);
    expect(a.nodes.length).toBeGreaterThan(1000);
    expect(JSON.stringify(a)).toEqual(JSON.stringify(b));
  });

  it("builds a fleet of at least 6 clusters in at least 4 grid zones from the real inventories", async () => {
    const clusters = await first.db.cluster.findMany();
    expect(clusters.length).toBeGreaterThanOrEqual(6);
    expect(new Set(clusters.map((c) => c.gridZoneId)).size).toBeGreaterThanOrEqual(4);
    // The openb GPU nodes are all present (6,212 GPUs) plus the modern A100/H800/A10 fleet.
    const openbGpus = await first.db.node.aggregate({ where: { name: { startsWith: "openb-node-" } }, _sum: { gpuCount: true } });
    expect(openbGpus._sum.gpuCount).toBe(6212);
    const models = await first.db.node.groupBy({ by: ["gpuModelId"], where: { gpuModelId: { in: ["A100-SXM4-80GB", "H800", "A10"] } }, _count: true });
    expect(models).toHaveLength(3);
  });

  it("stores measured history and a forecast for every zone, with 'now' covered", async () => {
    const zones = await first.db.gridZone.findMany({ include: { _count: { select: { samples: true } } } });
    for (const zone of zones) expect(zone._count.samples).toBe(30 * 24 + 48);
    const forecasts = await first.db.carbonIntensitySample.count({ where: { kind: "FORECAST", at: { gte: SEED_NOW } } });
    expect(forecasts).toBe(zones.length * 47);
  });

  it("creates people whose demo passwords verify, and three tenants with quotas", async () => {
    const admin = await first.db.user.findUniqueOrThrow({ where: { email: "admin@verdant.example" } });
    expect(await bcrypt.compare(demoPasswords.admin, admin.passwordHash)).toBe(true);
    expect(await bcrypt.compare("wrong", admin.passwordHash)).toBe(false);
    expect(await first.db.tenantQuota.count()).toBeGreaterThanOrEqual(3);
    expect(await first.db.user.count({ where: { role: "TENANT_MEMBER" } })).toBeGreaterThanOrEqual(3);
  });

  it("refuses to seed twice", async () => {
    expect(await isSeeded(first.db)).toBe(true);
    await expect(seedDemo(first.db, { now: SEED_NOW, dataDir: join(dataDir), bcryptRounds: 4 })).rejects.toThrow(/already holds data/);
  });
});
