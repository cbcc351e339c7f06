import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runnerFor } from "./helpers/runner";
import { runSchedulingCycle } from "../../server/services/scheduling-cycle";
import { getTenantUsage } from "../../server/services/usage-service";
import { callerAs, demoUserIds } from "./helpers/callers";
import { SEED_NOW } from "./helpers/constants";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

describe("tenant usage", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createSeededDatabase();
  });
  afterAll(() => database.drop());

  it("counts GPUs in use, GPU-hours and emissions of the tenant's own jobs only", async () => {
    const now = new Date(SEED_NOW.getTime() + 60_000);
    await runSchedulingCycle(database.db, { now, seed: 5, maxJobs: 100 });
    await runnerFor(database.db).advance(now);
    const later = new Date(now.getTime() + 2 * 3600_000);
    const usage = await getTenantUsage(database.db, "tenant-aurora-labs", later);
    const running = await database.db.job.findMany({ where: { tenantId: "tenant-aurora-labs", status: { in: ["PLACED", "RUNNING"] } } });
    const expectedGpus = running.reduce((s, j) => s + (j.gpuCount * j.gpuMilli * j.gangSize) / 1000, 0);
    expect(usage.gpusInUse).toBeCloseTo(expectedGpus, 6);
    // Every running job has run 2 hours at `later`.
    const expectedHours = running
      .filter((j) => j.status === "RUNNING")
      .reduce((s, j) => s + ((j.gpuCount * j.gpuMilli * j.gangSize) / 1000) * ((later.getTime() - j.startedAt!.getTime()) / 3600_000), 0);
    // Plus the seeded history's finished jobs, clipped to this month.
    const monthStart = Date.UTC(later.getUTCFullYear(), later.getUTCMonth(), 1);
    const finished = await database.db.job.findMany({
      where: { tenantId: "tenant-aurora-labs", status: "SUCCEEDED", finishedAt: { gt: new Date(monthStart) } },
    });
    const finishedHours = finished.reduce(
      (s, j) => s + ((j.gpuCount * j.gpuMilli * j.gangSize) / 1000) * ((j.finishedAt!.getTime() - Math.max(monthStart, j.startedAt!.getTime())) / 3600_000),
      0,
    );
    expect(finishedHours).toBeGreaterThan(0);
    expect(usage.gpuHours).toBeCloseTo(expectedHours + finishedHours, 4);
    const emissions = await database.db.job.aggregate({ where: { tenantId: "tenant-aurora-labs", placedAt: { not: null } }, _sum: { emissionsGCo2e: true } });
    expect(usage.emissionsGCo2e).toBeCloseTo(emissions._sum.emissionsGCo2e ?? 0, 6);
    expect(usage.maxGpus).toBe(400);
    expect(usage.carbonBudgetKgPerMonth).toBe(6000);
  });

  it("is only for tenant members", async () => {
    const operator = await callerAs(database.db, demoUserIds.operator);
    await expect(operator.jobs.usage()).rejects.toMatchObject({ code: "FORBIDDEN" });
    const cirrus = await callerAs(database.db, demoUserIds.cirrus);
    expect((await cirrus.jobs.usage()).maxGpus).toBe(96);
  });
});
