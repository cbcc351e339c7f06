// Preemption in the live loop on one small simulated cluster (a single READY node of Frankfurt): a
// best-effort job fills it; a production job arrives and one scheduling cycle preempts it (a
// Preemption row with the GPU-hours since its last checkpoint, the victim queued again from that
// checkpoint, the production job placed with an explanation naming the victim); the runner stops the
// victim's run, and once the production job is done the victim resumes and finishes needing only the
// work after its checkpoint. Equal priority never preempts, and a non-preemptible class is never a victim.
import { QUEUED_FROM_SCRATCH } from "./helpers/queued-job";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SimulatedDriver } from "../../server/drivers";
import { createJobRunner, type JobRunner } from "../../server/services/job-runner";
import { runSchedulingCycle } from "../../server/services/scheduling-cycle";
import { renderPrometheusMetrics } from "../../server/services/prometheus-metrics";
import { parseCoordinatorExplanation } from "../../server/engine";
import { replayDecision } from "../../server/services/decision-replay-service";
import { SEED_NOW } from "./helpers/constants";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

const FRA = "cluster-fra-hub-1"; // the only cluster in region eu-central
const t0 = SEED_NOW.getTime() + 60_000;
const at = (s: number) => new Date(t0 + s * 1000);

describe("preemption with checkpoints", () => {
  let database: TestDatabase;
  let runner: JobRunner;
  let gpus = 0;

  beforeEach(async () => {
    database = await createSeededDatabase();
    const db = database.db;
    // An empty fleet: the seeded queue and runs are gone, and Frankfurt keeps a single READY node.
    await db.job.updateMany({ where: { status: { in: ["QUEUED", "PLACED", "RUNNING"] } }, data: { status: "CANCELLED", cancelledAt: at(0) } });
    await db.gpuShare.deleteMany({});
    await db.gpu.updateMany({ data: { allocatedMilli: 0 } });
    await db.node.updateMany({ data: { allocatedCpuMilli: 0, allocatedMemoryMib: 0 } });
    await db.tenantGpuQuota.deleteMany({});
    await db.tenantQuota.updateMany({ data: { maxGpus: 1000, maxGpuHoursPerMonth: null, carbonBudgetKgPerMonth: null } });
    const node = await db.node.findFirstOrThrow({
      where: { clusterId: FRA, status: "READY", removedAt: null, gpuCount: { gte: 2 } },
      orderBy: { name: "asc" },
    });
    gpus = Math.min(8, node.gpuCount);
    await db.node.updateMany({ where: { clusterId: FRA, id: { not: node.id } }, data: { status: "CORDONED", healthReason: "kept out of this test" } });
    runner = createJobRunner(db, { simSpeed: 60, seed: 1, healthEveryMs: 0, reconcileEveryMs: 0 });
    await runner.advance(at(0));
  });
  afterEach(() => database.drop());

  /** A job of `classId` asking for the whole node, in Frankfurt only. */
  async function submit(name: string, classId: string, fields: { durationS?: number; checkpointIntervalS?: number | null } = {}) {
    const db = database.db;
    const template = await db.job.findFirstOrThrow({ where: { gpuCount: 1, gangSize: 1, gpuMilli: 1000 } });
    const cls = await db.priorityClass.findUniqueOrThrow({ where: { id: classId } });
    const { id: _id, priorityClassId: _class, ...rest } = template;
    const id = `job-preempt-${name}`;
    await db.job.create({
      data: {
        ...rest,
        id,
        name,
        idempotencyKey: name,
        ...QUEUED_FROM_SCRATCH,
        priorityClassId: cls.id,
        priority: cls.priority,
        cpuMilli: 1000,
        memoryMib: 1024,
        gpuCount: gpus,
        gpuMilli: 1000,
        allowedGpuModels: [],
        computeUnits: null,
        minGpuMemoryGib: null,
        allowedRegions: ["eu-central"],
        allowSplit: false,
        checkpointIntervalS: fields.checkpointIntervalS ?? null,
        estimatedDurationS: fields.durationS ?? 3600,
        submittedAt: at(0),
      },
    });
    return id;
  }

  const job = (id: string) => database.db.job.findUniqueOrThrow({ where: { id }, include: { gpuShares: true } });
  // Deferred jobs are reconsidered every cycle: the estimated ends are at 1x, the simulated runs at 60x.
  const schedule = (s: number) => runSchedulingCycle(database.db, { now: at(s), seed: 7, maxJobs: 100, reconsiderDeferredMs: 0 });
  const sim = () => runner.driverOf(FRA) as SimulatedDriver;

  it("preempts a best-effort job for a production job, requeues it from its checkpoint, and resumes it with only the remaining work", async () => {
    const db = database.db;
    const be = await submit("best-effort", "pc-best-effort", { durationS: 7200, checkpointIntervalS: 600 });
    await schedule(1);
    await runner.advance(at(1));
    expect((await job(be)).status).toBe("RUNNING");
    // 19 wall seconds at 60x: 1140 s of work, one 600 s checkpoint, saved 10 wall seconds into the run.
    await runner.advance(at(20));
    const checkpointed = await job(be);
    expect(checkpointed.checkpointedWorkS).toBe(600);
    expect(checkpointed.lastCheckpointAt).toEqual(at(11));

    const prod = await submit("production", "pc-production", { durationS: 3600 });
    const report = await schedule(21);
    expect(report.placed).toBe(1);
    const placed = await job(prod);
    expect(placed.status).toBe("PLACED");
    const victim = await job(be);
    expect(victim.status).toBe("QUEUED");
    expect(victim.preemptions).toBe(1);
    expect(victim.checkpointedWorkS).toBe(600);
    expect(victim.gpuShares).toHaveLength(0);
    expect(victim.statusReason).toMatch(
      /^Preempted by job "production" \(class production, priority 1000\) on cluster .* because its class ranks lower: lost [\d.]+ GPU-h since its last checkpoint; resumes from 10 min of checkpointed work$/,
    );

    const rows = await db.preemption.findMany();
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({ preemptorJobId: prod, victimJobId: be, clusterId: FRA, reason: "lower-priority", resumeFromWorkS: 600, stoppedAt: null });
    // Lost: the whole node's GPUs for the 10 wall seconds since the checkpoint at 11 s.
    expect(row.lostGpuHours).toBeCloseTo((gpus * 10) / 3600, 9);
    const decision = await db.decision.findUniqueOrThrow({ where: { id: row.decisionId } });
    expect(decision).toMatchObject({ jobId: prod, outcome: "PLACED", clusterId: FRA });
    const explanation = parseCoordinatorExplanation(decision.explanation);
    expect(explanation.preemption?.victims).toMatchObject([{ jobId: be, reason: "lower-priority", resumeFromWorkS: 600 }]);
    expect(explanation.preemption?.lostGpuHours).toBeCloseTo(row.lostGpuHours, 9);
    // The plan's decision stores its inputs, and replaying them through the planner reproduces it.
    expect(decision.inputHash).not.toBeNull();
    expect(await replayDecision(db, decision.id)).toMatchObject({ status: "reproduced", differenceCount: 0 });

    // The runner stops the victim's run before starting the preemptor on its GPUs.
    await runner.advance(at(22));
    expect((await job(prod)).status).toBe("RUNNING");
    expect((await sim().listJobs()).map((j) => j.jobId)).not.toContain(be);
    expect((await db.preemption.findUniqueOrThrow({ where: { id: row.id } })).stoppedAt).toEqual(at(22));

    // The victim cannot preempt back; it waits until the production job is done (3600 s of work: 60 wall seconds).
    await schedule(23);
    expect((await job(be)).status).toBe("QUEUED");
    await runner.advance(at(83));
    expect((await job(prod)).status).toBe("SUCCEEDED");

    // Resumed at 85 s with 6600 s of work left: 110 wall seconds, so it is done by 196 s (the full 7200 s would take until 205 s).
    await schedule(84);
    await runner.advance(at(85));
    expect((await job(be)).status).toBe("RUNNING");
    await runner.advance(at(190));
    expect((await job(be)).status).toBe("RUNNING");
    await runner.advance(at(197));
    const done = await job(be);
    expect(done.status).toBe("SUCCEEDED");
    expect(done.preemptions).toBe(1);
    expect(done.gpuShares).toHaveLength(0);

    const metrics = await renderPrometheusMetrics(db);
    expect(metrics).toContain('verdant_preemptions_total{reason="lower-priority"} 1');
    expect(metrics).toContain('verdant_preemptions_total{reason="borrowed-quota"} 0');
  });

  it("never preempts a job of equal priority", async () => {
    const db = database.db;
    const first = await submit("standard-1", "pc-standard", { durationS: 7200, checkpointIntervalS: 600 });
    await schedule(1);
    await runner.advance(at(1));
    const second = await submit("standard-2", "pc-standard");
    await schedule(10);
    expect((await job(first)).status).toBe("RUNNING");
    expect((await job(second)).status).toBe("QUEUED");
    expect(await db.preemption.count()).toBe(0);
  });

  it("never takes a victim from a class that is not preemptible", async () => {
    const db = database.db;
    await db.priorityClass.update({ where: { id: "pc-best-effort" }, data: { preemptible: false } });
    const be = await submit("pinned", "pc-best-effort", { durationS: 7200 });
    await schedule(1);
    await runner.advance(at(1));
    const prod = await submit("production", "pc-production");
    await schedule(10);
    expect((await job(be)).status).toBe("RUNNING");
    expect((await job(prod)).status).toBe("QUEUED");
    expect(await db.preemption.count()).toBe(0);
  });
});
