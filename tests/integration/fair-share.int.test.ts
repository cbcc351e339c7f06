// Cohort quotas and fair share on the real database: two tenants of weights 2:1 keep a small cluster
// contended and receive GPU-hours in that ratio; a tenant over its nominal quota borrows the idle
// quota of another (stored on the job and said in the explanation) and is refused past its borrowing
// limit with the reason named.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../server/db/client";
import { formatExplanation, parseCoordinatorExplanation } from "../../server/engine";
import { runSchedulingCycle } from "../../server/services/scheduling-cycle";
import { SEED_NOW } from "./helpers/constants";
import { createJobRunner } from "../../server/services/job-runner";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

/** Only our cluster and our jobs: the seeded clusters retired, the seeded jobs cancelled, no quotas left over. */
async function isolate(db: Db, model: string): Promise<void> {
  const zone = (await db.cluster.findFirstOrThrow({ orderBy: { name: "asc" } })).gridZoneId;
  await db.gpuShare.deleteMany();
  await db.job.updateMany({ where: { status: { in: ["QUEUED", "PLACED", "RUNNING"] } }, data: { status: "CANCELLED", cancelledAt: SEED_NOW } });
  await db.cluster.updateMany({ data: { status: "RETIRED" } });
  await db.tenantGpuQuota.deleteMany();
  await db.cluster.create({
    data: {
      name: "fs-cluster",
      region: "eu-test",
      tier: "HUB",
      gridZoneId: zone,
      pue: 1.2,
      locationName: "Test",
      latitude: 0,
      longitude: 0,
      nodes: {
        create: [0, 1].map((i) => ({
          name: `fs-node-${i}`,
          cpuMilli: 64_000,
          memoryMib: 512 * 1024,
          gpuModelId: model,
          gpuCount: 4,
          rackGroup: "r0",
          gpus: { create: [0, 1, 2, 3].map((index) => ({ index })) },
        })),
      },
    },
  });
}

/** A tenant with a flat quota that never binds, its fair-share weight and its nominal GPUs of `model`. */
async function tenant(db: Db, slug: string, weight: number, model: string, nominalGpus: number, borrowingLimitGpus: number | null = null) {
  return db.tenant.create({
    data: {
      slug,
      name: slug,
      quota: { create: { maxGpus: 100, fairShareWeight: weight } },
      gpuQuotas: { create: { gpuModelId: model, nominalGpus, borrowingLimitGpus } },
    },
  });
}

let seq = 0;
let submitter: string | undefined;
/** Submits a job of `gpus` GPUs on one node for `durationS` of work. */
async function submit(db: Db, tenantId: string, gpus: number, at: Date, durationS = 3600) {
  const id = `fs-job-${seq++}`;
  submitter ??= (await db.user.findFirstOrThrow({ where: { role: "ADMIN" } })).id;
  return db.job.create({
    data: {
      id,
      tenantId,
      submittedById: submitter,
      name: id,
      kind: "TRAINING",
      cpuMilli: 1000,
      memoryMib: 4096,
      gpuCount: gpus,
      gpuMilli: 1000,
      allowedGpuModels: [],
      estimatedDurationS: durationS,
      idempotencyKey: id,
      submittedAt: at,
    },
  });
}

/** GPU-hours each tenant received (started jobs, start..finish or ..now), by wall clock. */
async function gpuHoursByTenant(db: Db, now: Date): Promise<Map<string, number>> {
  const jobs = await db.job.findMany({ where: { startedAt: { not: null }, name: { startsWith: "fs-job-" } } });
  const out = new Map<string, number>();
  for (const j of jobs) {
    const end = (j.finishedAt ?? now).getTime();
    out.set(j.tenantId, (out.get(j.tenantId) ?? 0) + (j.gpuCount * (end - j.startedAt!.getTime())) / 3_600_000);
  }
  return out;
}

describe("weighted fair share on a contended cluster", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createSeededDatabase();
  });
  afterAll(() => database.drop());

  /**
   * 8 GPUs, tenants of weights 2 and 1 each keeping 8 one-GPU jobs queued; nominal quotas of 8 each do
   * not bind, so only the queue order decides. Jobs of one minute, a cycle every 15 s for 30 minutes
   * (about 30 runs of each GPU). Stated tolerance: the ratio of GPU-hours received is within ±10% of 2.
   */
  it("gives tenants GPU-hours in the ratio of their weights", async () => {
    const db = database.db;
    const model = (await db.gpuModel.findFirstOrThrow({ orderBy: { id: "asc" } })).id;
    await isolate(db, model);
    const heavy = await tenant(db, "fs-heavy", 2, model, 8);
    const light = await tenant(db, "fs-light", 1, model, 8);
    // Real time (sim speed 1): jobs run as long as estimated, so the GPU-hours each job taken is charged in the queue order are the ones it uses.
    const runner = createJobRunner(db, { simSpeed: 1, seed: 1 });
    let now = new Date(SEED_NOW.getTime() + 60_000);
    for (let cycle = 0; cycle < 120; cycle++) {
      for (const t of [heavy, light]) {
        const queued = await db.job.count({ where: { tenantId: t.id, status: "QUEUED" } });
        for (let i = queued; i < 8; i++) await submit(db, t.id, 1, now, 60);
      }
      // A job waiting for capacity is reconsidered every cycle (jobs are short).
      await runSchedulingCycle(db, { now, seed: 7, maxJobs: 100, reconsiderDeferredMs: 0 });
      await runner.advance(now);
      now = new Date(now.getTime() + 15_000);
    }
    const hours = await gpuHoursByTenant(db, now);
    const ratio = hours.get(heavy.id)! / hours.get(light.id)!;
    console.log(`fair share: heavy ${hours.get(heavy.id)!.toFixed(3)} GPU-h, light ${hours.get(light.id)!.toFixed(3)} GPU-h, ratio ${ratio.toFixed(3)}`);
    expect(ratio).toBeGreaterThan(2 * 0.9);
    expect(ratio).toBeLessThan(2 * 1.1);
    // The cluster stayed contended: both tenants still have jobs waiting.
    expect(await db.job.count({ where: { tenantId: light.id, status: "QUEUED" } })).toBeGreaterThan(0);
  }, 600_000);
});

describe("borrowing idle quota", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createSeededDatabase();
  });
  afterAll(() => database.drop());

  it("a tenant over nominal borrows idle quota and is refused past its borrowing limit", async () => {
    const db = database.db;
    const model = (await db.gpuModel.findFirstOrThrow({ orderBy: { id: "asc" } })).id;
    await isolate(db, model);
    await tenant(db, "fs-lender", 1, model, 6);
    const borrower = await tenant(db, "fs-borrower", 1, model, 2, 3);
    const now = new Date(SEED_NOW.getTime() + 60_000);

    const first = await submit(db, borrower.id, 4, now);
    await runSchedulingCycle(db, { now, seed: 7, maxJobs: 100 });
    const placed = await db.job.findUniqueOrThrow({ where: { id: first.id }, include: { decisions: true } });
    expect(placed.status).toBe("PLACED");
    expect(placed.borrowedGpus).toBe(2);
    const explanation = parseCoordinatorExplanation(placed.decisions[0]!.explanation);
    expect(explanation.borrowing).toEqual({ gpus: 2, models: [{ gpuModel: model, gpus: 2, borrowingLimitGpus: 3 }] });
    expect(formatExplanation(explanation)).toMatch(/Runs on borrowed quota: 2 .* may be preempted when a lender needs its quota back/);

    // 4 held (2 borrowed) + 2 more = 4 borrowed, past the limit of 3 though the lender still has 4 idle GPUs.
    const second = await submit(db, borrower.id, 2, now);
    await runSchedulingCycle(db, { now: new Date(now.getTime() + 1000), seed: 7, maxJobs: 100 });
    const refused = await db.job.findUniqueOrThrow({ where: { id: second.id }, include: { decisions: true } });
    expect(refused.status).toBe("QUEUED");
    expect(refused.borrowedGpus).toBe(0);
    const why = parseCoordinatorExplanation(refused.decisions[0]!.explanation);
    expect(why.reasonHistogram).toEqual({ BORROWING_LIMIT: 1 });
    const reason = why.clusters[0]!.filters.find((f) => f.filter === "cohort-quota")!.reasons[0]!;
    expect(reason).toMatchObject({ code: "BORROWING_LIMIT", requested: 2, available: 1, limit: 5, subject: model });
    expect(refused.statusReason).toMatch(/borrowing limit/);

    // A 1-GPU job fits the one GPU of borrowing left.
    const third = await submit(db, borrower.id, 1, now);
    await runSchedulingCycle(db, { now: new Date(now.getTime() + 2000), seed: 7, maxJobs: 100 });
    expect((await db.job.findUniqueOrThrow({ where: { id: third.id } })).borrowedGpus).toBe(1);
  }, 300_000);
});
