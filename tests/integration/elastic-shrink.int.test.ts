// Elastic shrink on the live loop: a best-effort 2..8-member gang fills an 8-node simulated cluster; a
// production job needing 4 whole nodes arrives and one scheduling cycle shrinks the gang to 4 instead
// of stopping it (a Preemption row with the shed members' lost GPU-hours, their shares freed, the gang
// still RUNNING with a decision for its 4 members); the runner resizes the gang before the production
// job starts on the freed nodes, and the gang keeps its progress and finishes at half its former rate.
import { isolatedCluster } from "./helpers/isolated-cluster";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../server/db/client";
import { formatExplanation, parseCoordinatorExplanation } from "../../server/engine";
import { runSchedulingCycle } from "../../server/services/scheduling-cycle";
import { createJobRunner, type JobRunner } from "../../server/services/job-runner";
import { SEED_NOW } from "./helpers/constants";
import { QUEUED_FROM_SCRATCH } from "./helpers/queued-job";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

const t0 = SEED_NOW.getTime() + 60_000;
const at = (s: number) => new Date(t0 + s * 1000);

/** A fresh queued 8-GPU-per-member training job of a priority class. */
function submit(
  db: Db,
  ids: { tenantId: string; userId: string },
  name: string,
  cls: { id: string; priority: number },
  over: { gangSize: number; minMembers?: number; maxMembers?: number; estimatedDurationS: number },
) {
  return db.job.create({
    data: {
      ...QUEUED_FROM_SCRATCH,
      id: `job-shrink-${name}`,
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
      priority: cls.priority,
      priorityClassId: cls.id,
      ...over,
    },
  });
}

describe("an elastic best-effort gang under preemption", () => {
  let database: TestDatabase;
  let ids: Awaited<ReturnType<typeof isolatedCluster>>;
  let runner: JobRunner;
  beforeAll(async () => {
    database = await createSeededDatabase();
    ids = await isolatedCluster(database.db, { name: "shrink-hall", nodes: 8, nodeName: (i) => `s-${i}`, now: at(0) });
    runner = createJobRunner(database.db, { simSpeed: 60, seed: 1, healthEveryMs: 0, reconcileEveryMs: 0 });
  });
  afterAll(() => database.drop());

  it("sheds 4 members for a production job instead of stopping, and finishes with the rest", async () => {
    const db = database.db;
    const bestEffort = await db.priorityClass.findUniqueOrThrow({ where: { id: "pc-best-effort" } });
    const production = await db.priorityClass.findUniqueOrThrow({ where: { id: "pc-production" } });
    // 8 members x 1 h: 8 member-hours of work.
    const gang = await submit(db, ids, "gang", bestEffort, { gangSize: 8, minMembers: 2, maxMembers: 8, estimatedDurationS: 3600 });
    await runSchedulingCycle(db, { now: at(0), seed: 3, maxJobs: 10 });
    await runner.advance(at(0));
    const started = await db.job.findUniqueOrThrow({ where: { id: gang.id } });
    expect(started.status).toBe("RUNNING");
    expect(started.gangSize).toBe(8);

    // 30 s later (30 min of cluster time at 60x: 4 of 8 member-hours done) a production job needs 4 whole nodes.
    await runner.advance(at(30));
    const driver = runner.driverOf(ids.clusterId)!;
    expect((await driver.pollJob(gang.id)).fraction).toBeCloseTo(0.5, 3);
    const prod = await submit(db, ids, "prod", production, { gangSize: 4, estimatedDurationS: 1200 });
    await runSchedulingCycle(db, { now: at(30), seed: 4, maxJobs: 10 });

    const shrunk = await db.job.findUniqueOrThrow({ where: { id: gang.id }, include: { gpuShares: { include: { gpu: { include: { node: true } } } } } });
    expect(shrunk.status).toBe("RUNNING");
    expect(shrunk.gangSize).toBe(4);
    expect(shrunk.preemptions).toBe(0);
    expect(shrunk.gpuShares).toHaveLength(32);
    expect(shrunk.statusReason).toMatch(/^Shrunk from 8 to 4 members by job "prod" \(class production, priority 1000\)/);
    const placed = await db.job.findUniqueOrThrow({ where: { id: prod.id }, include: { gpuShares: { include: { gpu: { include: { node: true } } } } } });
    expect(placed.status).toBe("PLACED");
    // The production job holds exactly the nodes the gang shed.
    const gangNodes = new Set(shrunk.gpuShares.map((s) => s.gpu.node.name));
    const prodNodes = new Set(placed.gpuShares.map((s) => s.gpu.node.name));
    expect(gangNodes.size).toBe(4);
    expect(prodNodes.size).toBe(4);
    expect([...prodNodes].some((n) => gangNodes.has(n))).toBe(false);
    expect((await db.gpu.aggregate({ _sum: { allocatedMilli: true } }))._sum.allocatedMilli).toBe(64 * 1000);
    const cpu = await db.node.aggregate({ where: { clusterId: ids.clusterId }, _sum: { allocatedCpuMilli: true } });
    expect(cpu._sum.allocatedCpuMilli).toBe(8 * 16_000);

    // The Preemption row: 4 shed members x 8 GPUs x 30 s since the run began (no checkpoint), a shrink.
    const row = await db.preemption.findFirstOrThrow({ where: { victimJobId: gang.id } });
    expect(row).toMatchObject({ preemptorJobId: prod.id, reason: "lower-priority", shrunkFrom: 8, shrunkTo: 4, stoppedAt: null });
    expect(row.lostGpuHours).toBeCloseTo((32 * 30) / 3600, 6);
    // The gang's own decision records its 4 kept members and says it shrank.
    const gangDecision = await db.decision.findFirstOrThrow({ where: { jobId: gang.id, outcome: "PLACED" }, orderBy: { createdAt: "desc" } });
    expect(gangDecision.assignments as unknown[]).toHaveLength(4);
    const gangExplanation = parseCoordinatorExplanation(gangDecision.explanation);
    expect(gangExplanation.chosen[0]?.elastic).toEqual({ minMembers: 2, maxMembers: 8, members: 4, shrunkFrom: 8 });
    expect(formatExplanation(gangExplanation)).toContain("shrunk from 8 to 4 members");
    // The preemptor's explanation names the shrink.
    const prodDecision = await db.decision.findFirstOrThrow({ where: { jobId: prod.id, outcome: "PLACED" } });
    const prodExplanation = parseCoordinatorExplanation(prodDecision.explanation);
    expect(prodExplanation.preemption?.victims).toEqual([expect.objectContaining({ jobId: gang.id, shrinkTo: 4, shrunkFrom: 8, gpus: 32 })]);
    expect(formatExplanation(prodExplanation)).toContain("it was shrunk from 8 to 4 members rather than stopped");

    // The runner resizes the gang on the cluster first, then the production job starts on the freed nodes.
    await runner.advance(at(30));
    expect((await db.preemption.findUniqueOrThrow({ where: { id: row.id } })).stoppedAt).not.toBeNull();
    expect((await db.job.findUniqueOrThrow({ where: { id: prod.id } })).status).toBe("RUNNING");
    const resized = await driver.pollJob(gang.id);
    expect(resized.phase).toBe("running");
    expect(resized.fraction).toBeCloseTo(0.5, 3);

    // The other 4 member-hours at 4 members take 1 h of cluster time (60 s): half done 30 s on, done after 60.
    await runner.advance(at(60));
    expect((await driver.pollJob(gang.id)).fraction).toBeCloseTo(0.75, 2);
    expect((await db.job.findUniqueOrThrow({ where: { id: gang.id } })).status).toBe("RUNNING");
    await runner.advance(at(95));
    const done = await db.job.findUniqueOrThrow({ where: { id: gang.id }, include: { gpuShares: true } });
    expect(done.status).toBe("SUCCEEDED");
    expect(done.gpuShares).toHaveLength(0);
    expect((await db.job.findUniqueOrThrow({ where: { id: prod.id } })).status).toBe("SUCCEEDED");
  });
});
