// Elastic training on the live loop: a 2..8-member job starts with 2 members while a blocking gang
// holds six nodes, and once the blocker finishes the job grows to 8: Job.gangSize and its GPU shares
// change in one transaction, a Decision explains the growth, and the simulated cluster keeps the
// job's progress across the resize (the rest runs four times as fast).
import { isolatedCluster } from "./helpers/isolated-cluster";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../server/db/client";
import { formatExplanation, parseCoordinatorExplanation } from "../../server/engine";
import { growElasticJobs } from "../../server/services/elastic-grow";
import { runSchedulingCycle } from "../../server/services/scheduling-cycle";
import { SEED_NOW } from "./helpers/constants";
import { runnerFor } from "./helpers/runner";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

const now = new Date(SEED_NOW.getTime() + 60_000);

const submit = (
  db: Db,
  ids: { tenantId: string; userId: string },
  name: string,
  over: { gangSize: number; minMembers?: number; maxMembers?: number; estimatedDurationS: number },
) =>
  db.job.create({
    data: {
      tenantId: ids.tenantId,
      submittedById: ids.userId,
      name,
      kind: "TRAINING",
      cpuMilli: 16_000,
      memoryMib: 65_536,
      gpuCount: 8,
      gpuMilli: 1000,
      allowedGpuModels: [],
      allowedRegions: [],
      idempotencyKey: name,
      submittedAt: SEED_NOW,
      ...over,
    },
  });

describe("an elastic 2..8-member job", () => {
  let database: TestDatabase;
  let ids: Awaited<ReturnType<typeof isolatedCluster>>;
  beforeAll(async () => {
    database = await createSeededDatabase();
    ids = await isolatedCluster(database.db, { name: "elastic-hall", nodes: 8, nodeName: (i) => `e-${i}`, now });
  });
  afterAll(() => database.drop());

  it("starts at 2 beside a blocking gang, then grows to 8 when the blocker finishes, keeping its progress", async () => {
    const db = database.db;
    const blocker = await submit(db, ids, "blocker", { gangSize: 6, estimatedDurationS: 3600 });
    await runSchedulingCycle(db, { now, seed: 3, maxJobs: 10 });
    expect((await db.job.findUniqueOrThrow({ where: { id: blocker.id } })).status).toBe("PLACED");
    const elastic = await submit(db, ids, "elastic", { gangSize: 8, minMembers: 2, maxMembers: 8, estimatedDurationS: 4 * 3600 });
    await runSchedulingCycle(db, { now, seed: 4, maxJobs: 10 });
    const row = await db.job.findUniqueOrThrow({ where: { id: elastic.id }, include: { gpuShares: true } });
    expect(row.status).toBe("PLACED");
    expect(row.gangSize).toBe(2);
    expect(row.gpuShares).toHaveLength(16);
    const first = await db.decision.findFirstOrThrow({ where: { jobId: elastic.id, outcome: "PLACED" } });
    expect(parseCoordinatorExplanation(first.explanation).chosen[0]?.elastic).toEqual({ minMembers: 2, maxMembers: 8, members: 2 });

    const runner = runnerFor(db);
    await runner.advance(now);
    expect((await db.job.findUniqueOrThrow({ where: { id: elastic.id } })).status).toBe("RUNNING");
    // Nothing frees while the blocker runs: no growth.
    expect(await growElasticJobs(db, runner, now, 5)).toBe(0);

    // The runner's simulated clusters run at 60x: 90 s later is 1 h 30 min of cluster time. The
    // blocker (1 h) is done; at 2 members the 32 member-hour job has done 3 of them.
    const later = new Date(now.getTime() + 90_000);
    await runner.advance(later);
    expect((await db.job.findUniqueOrThrow({ where: { id: blocker.id } })).status).toBe("SUCCEEDED");
    const driver = runner.driverOf(ids.clusterId)!;
    const before = await driver.pollJob(elastic.id);
    expect(before.phase).toBe("running");

    expect(await growElasticJobs(db, runner, later, 5)).toBe(1);
    const grownRow = await db.job.findUniqueOrThrow({ where: { id: elastic.id }, include: { gpuShares: { include: { gpu: { include: { node: true } } } } } });
    expect(grownRow.gangSize).toBe(8);
    expect(grownRow.gpuShares).toHaveLength(64);
    expect(new Set(grownRow.gpuShares.map((s) => s.gpu.node.name)).size).toBe(8);
    const grown = await db.decision.findFirstOrThrow({ where: { jobId: elastic.id, outcome: "PLACED" }, orderBy: { createdAt: "desc" } });
    expect(grown.id).not.toBe(first.id);
    expect(grown.assignments as unknown[]).toHaveLength(8);
    const e = parseCoordinatorExplanation(grown.explanation);
    expect(e.chosen[0]?.elastic).toEqual({ minMembers: 2, maxMembers: 8, members: 8, grownFrom: 2 });
    expect(formatExplanation(e)).toContain("grew from 2 to 8 members as capacity freed");

    // Progress is kept across the resize, and the rest runs at 8 members instead of 2: four times as fast.
    const after = await driver.pollJob(elastic.id);
    expect(before.fraction).toBeCloseTo(3 / 32, 3);
    expect(after.fraction).toBeCloseTo(before.fraction!, 6);
    await runner.advance(new Date(later.getTime() + 15_000));
    // 15 min more of cluster time at 8 members: 2 more member-hours (at 2 members it would be 0.5).
    expect((await driver.pollJob(elastic.id)).fraction).toBeCloseTo(5 / 32, 3);
    const allocated = await db.gpu.aggregate({ _sum: { allocatedMilli: true } });
    expect(allocated._sum.allocatedMilli).toBe(64 * 1000);
    // No growth beyond the most members.
    expect(await growElasticJobs(db, runner, later, 6)).toBe(0);
  });
});
