// The operator and tenant pages' data on a real PostgreSQL: fragmentation, allocation history and
// mean allocation from cluster samples, the SOR from held placements, the savings ledger, queue positions and accounted energy per job.
import { orderQueueByFairShare } from "../../server/services/queue-order";
import { findQueuedForOrder } from "../../server/repositories/job-repository";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callerAs, demoUserIds } from "./helpers/callers";
import { SEED_NOW } from "./helpers/constants";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

type Caller = Awaited<ReturnType<typeof callerAs>>;
const HOUR = 3_600_000;
const NOW = new Date(SEED_NOW.getTime() + 60_000);

describe("live operator and tenant pages", () => {
  let database: TestDatabase;
  let operator: Caller, aurora: Caller;
  let clusterId: string, otherClusterId: string;
  beforeAll(async () => {
    database = await createSeededDatabase();
    [operator, aurora] = await Promise.all([callerAs(database.db, demoUserIds.operator, NOW), callerAs(database.db, demoUserIds.aurora, NOW)]);
    const clusters = await database.db.cluster.findMany({ orderBy: { name: "asc" }, select: { id: true } });
    [clusterId, otherClusterId] = [clusters[0]!.id, clusters[1]!.id];
    // The demo seed carries 14 days of history (samples, ledger); these tests check exact sums of
    // rows they write themselves, so this clone starts without that history.
    await database.db.carbonSavingsEntry.deleteMany();
    await database.db.clusterSample.deleteMany();
  });
  afterAll(() => database.drop());

  it("reports no fragmentation, no samples and no savings on a demo without history", async () => {
    const overview = await operator.overview.get();
    expect(overview.gfr).toMatchObject({ fragmentedNodes: 0, ratio: 0 });
    expect(overview.gfr.gpuNodes).toBeGreaterThan(1000);
    expect(overview.savings.today).toEqual({ jobs: 0, actualGCo2e: 0, baselineGCo2e: 0, baselineMinGCo2e: 0, baselineMaxGCo2e: 0, savedGCo2e: 0, methods: [] });
    const history = await operator.overview.allocationHistory({ range: "24h" });
    expect(history.rows).toEqual([]);
    expect(history.meanAllocation.ratio).toBeNull();
  });

  it("counts a partly allocated node that cannot host the common multi-GPU shape, fleet-wide and per cluster", async () => {
    const node = await database.db.node.findFirstOrThrow({
      where: { clusterId, gpuCount: { gte: 4 } },
      orderBy: { name: "asc" },
      include: { gpus: { orderBy: { index: "asc" } } },
    });
    // Every GPU taken but one half-used: no whole GPU left for a multi-GPU job.
    await database.db.gpu.updateMany({ where: { nodeId: node.id }, data: { allocatedMilli: 1000 } });
    await database.db.gpu.update({ where: { id: node.gpus[0]!.id }, data: { allocatedMilli: 500 } });
    const overview = await operator.overview.get();
    expect(overview.gfr.fragmentedNodes).toBe(1);
    expect(overview.gfr.ratio).toBeCloseTo(1 / overview.gfr.gpuNodes, 12);
    const list = await operator.clusters.list();
    const mine = list.find((c) => c.id === clusterId)!;
    expect(mine.fragmentation!.fragmentedNodes).toBe(1);
    expect(mine.fragmentation!.gfr).toBeCloseTo(1 / mine.fragmentation!.gpuNodes, 12);
    // The half-free GPU is free capacity; it is fragmented for whole-GPU shapes, so the rate is > 0.
    expect(mine.fragmentation!.fgdRate).toBeGreaterThan(0);
    expect(list.find((c) => c.id === otherClusterId)!.fragmentation!.fragmentedNodes).toBe(0);
    const detail = await operator.clusters.get({ id: clusterId });
    expect(detail.gfr.fragmentedNodes).toBe(1);
  });

  it("turns cluster samples into allocation over time, the SOR, and one cluster's power", async () => {
    const sample = (id: string, agoMs: number, cap: number, alloc: number, power: number) => ({
      clusterId: id,
      at: new Date(NOW.getTime() - agoMs),
      gpuCapacityMilli: cap,
      allocatedGpuMilli: alloc,
      powerWatts: power,
      runningJobs: 2,
    });
    await database.db.clusterSample.createMany({
      data: [
        sample(clusterId, 2 * HOUR, 10_000, 5_000, 3_000),
        sample(clusterId, 1 * HOUR, 10_000, 10_000, 5_000),
        sample(otherClusterId, 1 * HOUR, 30_000, 0, 900),
        sample(clusterId, 3 * 24 * HOUR, 10_000, 2_000, 1_000),
      ],
    });
    const day = await operator.overview.allocationHistory({ range: "24h" });
    expect(day.rows).toHaveLength(2);
    expect(day.rows[0]).toMatchObject({ fleet: 50, [clusterId]: 50 });
    expect(day.rows[1]).toMatchObject({ fleet: 25, [clusterId]: 100, [otherClusterId]: 0 });
    expect(day.clusters.map((c) => c.id).sort()).toEqual([clusterId, otherClusterId].sort());
    // 15 000 of 50 000 milli-GPU over three 15-minute cluster buckets.
    expect(day.meanAllocation.ratio).toBeCloseTo(0.3, 12);
    expect(day.meanAllocation.allocatedGpuHours).toBeCloseTo(15 * 0.25, 12);
    // The SOR comes from the placements held in the window, not from the samples.
    expect(day.sor.countedGpuHours).toBeLessThanOrEqual(day.sor.heldGpuHours);
    // Two-hour buckets: the two recent samples (10:35 and 11:35 UTC) share one, averaged.
    const week = await operator.overview.allocationHistory({ range: "7d" });
    expect(week.rows.map((r) => r[clusterId])).toEqual([20, 75]);
    const history = await operator.clusters.history({ id: clusterId, range: "24h" });
    expect(history.rows.map((r) => [r.allocationPct, r.powerKw])).toEqual([
      [50, 3],
      [100, 5],
    ]);
    expect((await operator.clusters.history({ id: clusterId, range: "7d" })).rows.map((r) => r.allocationPct)).toEqual([20, 75]);
  });

  it("sums the savings ledger for today and the last seven days", async () => {
    const jobs = await database.db.job.findMany({ take: 3, orderBy: { id: "asc" }, select: { id: true, tenantId: true } });
    const day = (daysAgo: number) => new Date(Date.UTC(NOW.getUTCFullYear(), NOW.getUTCMonth(), NOW.getUTCDate() - daysAgo));
    await database.db.carbonSavingsEntry.createMany({
      data: [0, 3, 10].map((daysAgo, i) => ({
        jobId: jobs[i]!.id,
        tenantId: jobs[i]!.tenantId,
        clusterId,
        day: day(daysAgo),
        actualGCo2e: 100,
        baselineGCo2e: 150 + i * 10,
        savedGCo2e: 50 + i * 10,
        // The second entry mixes clusters, with a spread; the others name one cluster and have none.
        ...(i === 1 ? { baselineMinGCo2e: 120, baselineMaxGCo2e: 240, method: "mix@2" } : { method: "test@1" }),
      })),
    });
    const { savings } = await operator.overview.get();
    expect(savings.today).toEqual({
      jobs: 1,
      actualGCo2e: 100,
      baselineGCo2e: 150,
      baselineMinGCo2e: 150,
      baselineMaxGCo2e: 150,
      savedGCo2e: 50,
      methods: ["test@1"],
    });
    expect(savings.week).toEqual({
      jobs: 2,
      actualGCo2e: 200,
      baselineGCo2e: 310,
      baselineMinGCo2e: 150 + 120,
      baselineMaxGCo2e: 150 + 240,
      savedGCo2e: 110,
      methods: ["mix@2", "test@1"],
    });
  });

  it("gives each queued job its position in the scheduler's order, and none to other jobs", async () => {
    const { rows, total } = await operator.jobs.list({ statuses: ["QUEUED"], pageSize: 200, sort: { field: "priority", direction: "desc" } });
    // The scheduler's own order at the caller's time (priority, fair share, submission).
    const scheduler = await orderQueueByFairShare(database.db, await findQueuedForOrder(database.db), NOW);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const order = scheduler.map((r) => byId.get(r.id)!).filter(Boolean);
    expect(order).toHaveLength(total);
    expect(order.map((r) => r.queue)).toEqual(order.map((_, i) => ({ position: i + 1, queued: total })));
    // Priority still goes first.
    expect(order.every((r, i) => i === 0 || order[i - 1]!.priority >= r.priority)).toBe(true);
    const cancelled = rows.find((r) => r.tenant.slug === "aurora-labs")!;
    await aurora.jobs.cancel({ id: cancelled.id });
    const after = await aurora.jobs.mine({ pageSize: 200 });
    expect(after.rows.find((r) => r.id === cancelled.id)!.queue).toBeNull();
    expect(after.rows.filter((r) => r.status === "QUEUED").every((r) => r.queue!.queued === total - 1)).toBe(true);
  });

  it("shows a tenant the energy accounted for its started job, summed over the hourly ledger", async () => {
    const job = (await aurora.jobs.mine({ statuses: ["QUEUED"], pageSize: 1 })).rows[0]!;
    await database.db.job.update({ where: { id: job.id }, data: { status: "RUNNING", startedAt: new Date(NOW.getTime() - 2 * HOUR) } });
    const hour = (h: number) => ({
      jobId: job.id,
      hourStart: new Date(NOW.getTime() - h * HOUR),
      clusterId,
      tenantId: job.tenant.id,
      itEnergyKwh: 1,
      facilityEnergyKwh: 1.25,
      gCo2ePerKwh: 200,
      emissionsGCo2e: 250,
      energySource: "power-model",
      intensitySource: "measured",
    });
    await database.db.jobEnergyHour.createMany({ data: [hour(2), hour(1)] });
    const row = (await aurora.jobs.mine({ pageSize: 200 })).rows.find((r) => r.id === job.id)!;
    expect(row.accounted).toEqual({ energyKwh: 2.5, emissionsGCo2e: 500, hours: 2, clusters: 1 });
    // Another tenant's list never carries it.
    const borealis = await callerAs(database.db, demoUserIds.borealis, NOW);
    expect((await borealis.jobs.mine({ pageSize: 200 })).rows.some((r) => r.id === job.id)).toBe(false);
  });

  it("keeps the new procedures to operators and admins", async () => {
    await expect(aurora.overview.allocationHistory({ range: "24h" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(aurora.clusters.history({ id: clusterId, range: "24h" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    const anonymous = await callerAs(database.db, null, NOW);
    await expect(anonymous.overview.allocationHistory({ range: "7d" })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });
});
