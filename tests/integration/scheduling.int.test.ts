// The scheduling cycle on the real seeded database: placements commit job state, GPU shares, node
// counters and an explanation together; racing loops never place a job twice or over-allocate.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCoordinatorExplanation } from "../../server/engine";
import { runnerFor } from "./helpers/runner";
import { runSchedulingCycle } from "../../server/services/scheduling-cycle";
import { SEED_NOW } from "./helpers/constants";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";
import type { Db } from "../../server/db/client";

const now = new Date(SEED_NOW.getTime() + 60_000);

async function assertNoOverAllocation(db: Db) {
  const gpuDrift = await db.$queryRaw<
    { n: bigint }[]
  >`SELECT count(*) AS n FROM "Gpu" g WHERE g."allocatedMilli" <> COALESCE((SELECT SUM(milli) FROM "GpuShare" s WHERE s."gpuId" = g.id), 0) OR g."allocatedMilli" > 1000`;
  expect(Number(gpuDrift[0]!.n)).toBe(0);
  const nodeOver = await db.$queryRaw<
    { n: bigint }[]
  >`SELECT count(*) AS n FROM "Node" WHERE "allocatedCpuMilli" > "cpuMilli" OR "allocatedMemoryMib" > "memoryMib" OR "allocatedCpuMilli" < 0`;
  expect(Number(nodeOver[0]!.n)).toBe(0);
  const doublePlaced = await db.$queryRaw<
    { n: bigint }[]
  >`SELECT count(*) AS n FROM (SELECT "jobId" FROM "Decision" WHERE outcome = 'PLACED' GROUP BY "jobId" HAVING count(*) > 1) d`;
  expect(Number(doublePlaced[0]!.n)).toBe(0);
}

describe("scheduling cycle", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createSeededDatabase();
  });
  afterAll(() => database.drop());

  it("decides every queued job and stores a valid explanation with each decision", async () => {
    const report = await runSchedulingCycle(database.db, { now, seed: 42, maxJobs: 500 });
    // The 60 trace jobs and the demo's gang that only a split across two clusters can place.
    expect(report.considered).toBe(61);
    expect(report.placed + report.deferred + report.unschedulable + report.conflicts).toBe(report.considered);
    expect(report.placed).toBeGreaterThan(0);
    const decisions = await database.db.decision.findMany({ where: { job: { name: { startsWith: "trace-" } } } });
    expect(decisions).toHaveLength(60);
    for (const d of decisions) expect(() => parseCoordinatorExplanation(d.explanation)).not.toThrow();
    const placed = await database.db.job.findMany({ where: { status: "PLACED" }, include: { gpuShares: true } });
    expect(placed).toHaveLength(report.placed);
    for (const job of placed.filter((j) => j.gpuCount > 0)) expect(job.gpuShares.length).toBe(job.gpuCount * job.gangSize);
    await assertNoOverAllocation(database.db);
  });

  it("runs placed jobs to completion and frees their GPUs", async () => {
    const started = await runnerFor(database.db).advance(now);
    expect(started.started).toBeGreaterThan(0);
    const later = new Date(now.getTime() + 4 * 24 * 3600_000);
    const finished = await runnerFor(database.db).advance(later);
    expect(finished.completed).toBe(started.started);
    // Each completed job: energy hours summing to its energy and emissions, and one ledger entry.
    const done = await database.db.job.findMany({
      where: { status: "SUCCEEDED", startedAt: { gte: now } },
      include: { energyHours: true, savings: true },
    });
    expect(done).toHaveLength(started.started);
    for (const job of done) {
      expect(job.energyHours.length).toBeGreaterThan(0);
      expect(job.energyHours.reduce((s, h) => s + h.facilityEnergyKwh, 0)).toBeCloseTo(job.energyKwh!, 9);
      expect(job.energyHours.reduce((s, h) => s + h.emissionsGCo2e, 0)).toBeCloseTo(job.emissionsGCo2e!, 9);
      // Trace jobs are running at the first cycle's telemetry read. The seeded split gang runs for six
      // minutes; its two-cluster group starts in parallel with the single-cluster groups that read
      // telemetry, so whether a read sees it depends on which finishes first: either source is right,
      // and where no read saw it the node-share power model stands in.
      if (job.gpuCount > 0 && job.name.startsWith("trace-")) expect(job.energyHours.some((h) => h.energySource === "telemetry")).toBe(true);
      else if (job.gpuCount > 0) expect(job.energyHours.every((h) => h.energySource === "power-model" || h.energySource === "telemetry")).toBe(true);
      // The capacity-weighted baseline: a mix of clusters (none named) with its spread and provenance.
      const saving = job.savings!;
      expect(saving.method).toBe("capacity-weighted-start-at-submit@2");
      expect(saving.baselineClusterId).toBeNull();
      expect(saving.baselineCandidates).toBeGreaterThanOrEqual(1);
      expect(saving.baselineMinGCo2e! - 1e-9).toBeLessThanOrEqual(saving.baselineGCo2e);
      expect(saving.baselineGCo2e).toBeLessThanOrEqual(saving.baselineMaxGCo2e! + 1e-9);
      expect(saving.baselineIntensitySource).not.toBeNull();
      expect(saving.savedGCo2e).toBeCloseTo(saving.baselineGCo2e - job.emissionsGCo2e!, 9);
    }
    // Clusters in different zones price the same run differently: some spread is not zero.
    expect(done.some((j) => j.savings!.baselineMaxGCo2e! > j.savings!.baselineMinGCo2e! + 1e-6)).toBe(true);
    expect(await database.db.clusterSample.count({ where: { at: { gte: now } } })).toBeGreaterThan(0);
    expect(await database.db.gpuShare.count()).toBe(0);
    const allocated = await database.db.gpu.aggregate({ _sum: { allocatedMilli: true } });
    expect(allocated._sum.allocatedMilli).toBe(0);
    await assertNoOverAllocation(database.db);
  });
});

describe("impossible jobs", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createSeededDatabase();
  });
  afterAll(() => database.drop());

  it("a job no cluster could ever hold gets status UNSCHEDULABLE with the reason; a feasible one keeps its place", async () => {
    const source = await database.db.job.findFirstOrThrow({ where: { status: "QUEUED", gpuCount: { gt: 0 } } });
    const { id: _id, ...fields } = source;
    await database.db.job.create({
      data: {
        ...fields,
        id: "job-too-big",
        name: "too-big",
        idempotencyKey: "too-big",
        gpuCount: 64,
        gpuMilli: 1000,
        allowedGpuModels: [],
        earliestStartAt: null,
        deadlineAt: null,
      },
    });
    await runSchedulingCycle(database.db, { now, seed: 42, maxJobs: 500 });
    const job = await database.db.job.findUniqueOrThrow({ where: { id: "job-too-big" } });
    expect(job.status).toBe("UNSCHEDULABLE");
    expect(job.statusReason).toMatch(/^No cluster could ever hold this job, even empty: /);
    expect(await database.db.job.count({ where: { status: "UNSCHEDULABLE" } })).toBe(1);
    const decision = await database.db.decision.findFirstOrThrow({ where: { jobId: "job-too-big" } });
    expect(decision.outcome).toBe("UNSCHEDULABLE");
    expect(decision.latencyMs).toBeGreaterThan(0);
  });
});

describe("racing scheduling loops", () => {
  // Each case gets its own database with 1,000 queued jobs: the 61 seeded plus 939 copies of the
  // 60 trace jobs' shapes, spread over the three tenants.
  async function queueOf1000(): Promise<TestDatabase> {
    const database = await createSeededDatabase();
    const seedJobs = await database.db.job.findMany({ where: { status: "QUEUED", name: { startsWith: "trace-" } } });
    const extra = Array.from({ length: 939 }, (_, i) => {
      const { id: _id, ...source } = seedJobs[i % seedJobs.length]!;
      return { ...source, id: `job-race-${i}`, idempotencyKey: `race-${i}`, name: `race-${i}`, earliestStartAt: null, deadlineAt: null };
    });
    await database.db.job.createMany({ data: extra });
    return database;
  }

  it.each([2, 4])(
    "%i loops at once over 1,000 queued jobs place each job at most once and never over-allocate",
    async (loops) => {
      const database = await queueOf1000();
      try {
        expect(await database.db.job.count({ where: { status: "QUEUED" } })).toBe(1000);
        const started = performance.now();
        const reports = await Promise.all(Array.from({ length: loops }, (_, i) => runSchedulingCycle(database.db, { now, seed: 42 + i, maxJobs: 1000 })));
        const ms = performance.now() - started;
        const placed = reports.reduce((s, r) => s + r.placed, 0);
        const placedRows = await database.db.decision.count({ where: { outcome: "PLACED", job: { status: { in: ["PLACED", "RUNNING"] } } } });
        // Every placement a loop reported is exactly one stored PLACED decision of a placed job.
        expect(placed).toBe(placedRows);
        expect(placedRows).toBe(await database.db.job.count({ where: { status: { in: ["PLACED", "RUNNING"] } } }));
        await assertNoOverAllocation(database.db);
        console.log(JSON.stringify({ race: { loops, queued: 1000, placed, conflicts: reports.reduce((s, r) => s + r.conflicts, 0), ms: Math.round(ms) } }));
      } finally {
        await database.drop();
      }
    },
    240_000,
  );
});
