// The busy demo (`npm start`'s seed): a fleet 60-85 % allocated by running jobs the coordinator
// placed, a real queue, and within the first cycles of the worker (fake clock, 3 s apart) a
// backfilled start beside a reservation, a preemption and a job placed on borrowed quota.
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "../../scripts/lib/database";
import { allocationRatio, readSchedulableAllocation } from "../../server/repositories/fleet-allocation-repository";
import { createDemoArrivals } from "../../server/services/demo-arrivals";
import { renderPrometheusMetrics } from "../../server/services/prometheus-metrics";
import { runSchedulingCycle } from "../../server/services/scheduling-cycle";
import { seedDemo } from "../../server/seed/seed-demo";
import { SEED_NOW } from "./helpers/constants";
import { runnerFor } from "./helpers/runner";
import { createEmptyDatabase, type TestDatabase } from "./helpers/test-database";

const dataDir = fileURLToPath(new URL("../../data/demo", import.meta.url));
const CYCLE_MS = 3_000;
const CYCLES = 40;

describe("busy demo", () => {
  let test: TestDatabase;
  let seedMs = 0;
  beforeAll(async () => {
    test = await createEmptyDatabase();
    migrate(test.url);
    const started = performance.now();
    await seedDemo(test.db, { now: SEED_NOW, dataDir, bcryptRounds: 4, workload: "busy" });
    seedMs = performance.now() - started;
    console.log(`busy demo seeded in ${Math.round(seedMs)} ms`);
  }, 300_000);
  afterAll(async () => {
    await test?.drop();
  });

  it("starts 60-85 % allocated with running jobs whose shares match the GPU and node counters, and a queue", async () => {
    const ratio = allocationRatio(await readSchedulableAllocation(test.db));
    expect(ratio).toBeGreaterThanOrEqual(0.6);
    expect(ratio).toBeLessThanOrEqual(0.85);
    const running = await test.db.job.count({ where: { status: "RUNNING" } });
    expect(running).toBeGreaterThan(100);
    expect(await test.db.job.count({ where: { status: "QUEUED" } })).toBeGreaterThan(50);
    const [shares, gpus] = await Promise.all([
      test.db.gpuShare.aggregate({ _sum: { milli: true } }),
      test.db.gpu.aggregate({ _sum: { allocatedMilli: true } }),
    ]);
    expect(shares._sum.milli).toBe(gpus._sum.allocatedMilli);
    // Every running job has its placement decision and shares, and a class.
    const bare = await test.db.job.count({
      where: { status: "RUNNING", OR: [{ gpuShares: { none: {} } }, { decisions: { none: {} } }, { priorityClassId: null }] },
    });
    expect(bare).toBe(0);
    expect(await test.db.tenantGpuQuota.count()).toBeGreaterThan(0);
    expect((await test.db.systemSetting.findUniqueOrThrow({ where: { id: "global" } })).demoArrivalsPerHour).toBeGreaterThan(0);
    const metrics = await renderPrometheusMetrics(test.db);
    const gauge = Number(/^verdant_fleet_gpu_allocation_ratio ([\d.e-]+)$/m.exec(metrics)?.[1]);
    expect(gauge).toBeCloseTo(ratio, 6);
  });

  it("backfills beside a reservation, preempts for a production job and borrows quota within the first cycles", async () => {
    const runner = runnerFor(test.db);
    const arrivals = createDemoArrivals(test.db, { dataDir, seed: 42 });
    const cycleMs: number[] = [];
    let arrived = 0;
    for (let i = 0; i < CYCLES; i++) {
      const now = new Date(SEED_NOW.getTime() + i * CYCLE_MS);
      const started = performance.now();
      await runner.advance(now);
      arrived += await arrivals.tick(now);
      await runSchedulingCycle(test.db, { now, seed: 42, maxJobs: 200 });
      cycleMs.push(performance.now() - started);
    }
    cycleMs.sort((a, b) => a - b);
    const ratio = allocationRatio(await readSchedulableAllocation(test.db));
    console.log(
      `busy demo: ${CYCLES} cycles, median ${Math.round(cycleMs[CYCLES >> 1]!)} ms, max ${Math.round(cycleMs[CYCLES - 1]!)} ms; ${arrived} arrivals; allocation after ${(CYCLES * CYCLE_MS) / 1000} s ${(ratio * 100).toFixed(1)} %`,
    );
    expect(arrived).toBeGreaterThan(0);
    // The shares still match the counters after the cycles' starts, ends and preemptions.
    const [shares, gpus] = await Promise.all([
      test.db.gpuShare.aggregate({ _sum: { milli: true } }),
      test.db.gpu.aggregate({ _sum: { allocatedMilli: true } }),
    ]);
    expect(shares._sum.milli ?? 0).toBe(gpus._sum.allocatedMilli ?? 0);
    const backfilled = await test.db.decision.count({ where: { backfilled: true } });
    const preemptions = await test.db.preemption.count();
    const borrowed = await test.db.job.count({ where: { borrowedGpus: { gt: 0 }, placedAt: { gte: SEED_NOW } } });
    console.log(`busy demo: ${backfilled} backfilled decisions, ${preemptions} preemptions, ${borrowed} jobs placed on borrowed quota`);
    expect(backfilled).toBeGreaterThan(0);
    expect(preemptions).toBeGreaterThan(0);
    expect(borrowed).toBeGreaterThan(0);
  }, 600_000);
});
