// Failures on the simulated clusters, injected through the runner's drivers: a node lost mid-run
// requeues its jobs from their checkpoint and they finish on another node; a run that keeps failing
// is retried after a growing back-off and then ends FAILED with its cause; a start that keeps
// failing ends FAILED after the runner's limit; reconciliation removes a job the cluster runs that
// the database does not know and requeues one the cluster lost, writing each drift once; operators
// (not tenants) read the drifts and the unhealthy nodes.
import { QUEUED_FROM_SCRATCH } from "./helpers/queued-job";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SimulatedDriver } from "../../server/drivers";
import { createJobRunner, type JobRunner } from "../../server/services/job-runner";
import { runSchedulingCycle } from "../../server/services/scheduling-cycle";
import { renderPrometheusMetrics } from "../../server/services/prometheus-metrics";
import { parseStoredAssignments } from "../../server/repositories/stored-json";
import { callerAs, demoUserIds } from "./helpers/callers";
import { fieldErrorsOf } from "./helpers/field-errors";
import { SEED_NOW } from "./helpers/constants";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

const FRA = "cluster-fra-hub-1"; // the only cluster in region eu-central
const t0 = SEED_NOW.getTime() + 60_000;
const at = (s: number) => new Date(t0 + s * 1000);

describe("failures, node health and reconciliation", () => {
  let database: TestDatabase;
  let runner: JobRunner;

  beforeEach(async () => {
    database = await createSeededDatabase();
    // Only this file's jobs are queued.
    await database.db.job.updateMany({ where: { status: "QUEUED" }, data: { status: "CANCELLED", cancelledAt: at(0) } });
    runner = createJobRunner(database.db, { simSpeed: 60, seed: 1, healthEveryMs: 0, reconcileEveryMs: 0, maxStartFailures: 2 });
    // The first cycle builds the drivers, so faults can be injected.
    await runner.advance(at(0));
  });
  afterEach(() => database.drop());

  async function submit(name: string, fields: { regions?: string[]; durationS?: number; checkpointIntervalS?: number | null; maxRunRetries?: number } = {}) {
    const db = database.db;
    const template = await db.job.findFirstOrThrow({ where: { gpuCount: 1, gangSize: 1, gpuMilli: 1000 } });
    const { id: _id, priorityClassId: _class, ...rest } = template;
    const id = `job-failures-${name}`;
    await db.job.create({
      data: {
        ...rest,
        id,
        name,
        idempotencyKey: name,
        ...QUEUED_FROM_SCRATCH,
        allowedRegions: fields.regions ?? [],
        maxRunRetries: fields.maxRunRetries ?? 2,
        checkpointIntervalS: fields.checkpointIntervalS ?? null,
        estimatedDurationS: fields.durationS ?? 3600,
        submittedAt: at(0),
      },
    });
    return id;
  }

  const job = (id: string) => database.db.job.findUniqueOrThrow({ where: { id }, include: { gpuShares: true } });
  const schedule = (s: number) => runSchedulingCycle(database.db, { now: at(s), seed: 7, maxJobs: 100 });
  const placement = async (id: string) => {
    const d = await database.db.decision.findFirstOrThrow({ where: { jobId: id, outcome: "PLACED" }, orderBy: { createdAt: "desc" } });
    return parseStoredAssignments(d.assignments);
  };
  const sim = (clusterId: string) => runner.driverOf(clusterId) as SimulatedDriver;
  const gpuCountersMatchShares = async () => {
    const rows = await database.db.$queryRaw<
      { n: bigint }[]
    >`SELECT count(*) AS n FROM "Gpu" g WHERE g."allocatedMilli" <> COALESCE((SELECT SUM(milli) FROM "GpuShare" s WHERE s."gpuId" = g.id), 0)`;
    return Number(rows[0]!.n) === 0;
  };

  it("requeues the jobs of a lost node from their checkpoint; they finish on another node, and the node takes work again once READY", async () => {
    const db = database.db;
    const id = await submit("node-lost", { durationS: 7200, checkpointIntervalS: 600 });
    await schedule(1);
    await runner.advance(at(1));
    expect((await job(id)).status).toBe("RUNNING");
    const [first] = await placement(id);
    // 31 wall seconds at 60x: 1860 s of work, three whole 600 s checkpoints.
    await runner.advance(at(20));
    sim(first!.cluster).setNodeHealth(first!.node, "NOT_READY", "kubelet stopped posting node status");
    const report = await runner.advance(at(32));
    // Seeded jobs on the same node are requeued too.
    expect(report.nodeLostRequeues).toBeGreaterThanOrEqual(1);

    const requeued = await job(id);
    expect(requeued.status).toBe("QUEUED");
    expect(requeued.checkpointedWorkS).toBe(1800);
    expect(requeued.runRetries).toBe(0);
    expect(requeued.statusReason).toMatch(new RegExp(`node ${first!.node} lost: kubelet stopped posting node status`));
    expect(requeued.gpuShares).toHaveLength(0);
    expect(await gpuCountersMatchShares()).toBe(true);
    const node = await db.node.findFirstOrThrow({ where: { clusterId: first!.cluster, name: first!.node } });
    expect(node).toMatchObject({ status: "NOT_READY", healthReason: "kubelet stopped posting node status" });
    expect(node.healthChangedAt).toEqual(at(32));
    const drifts = await db.reconcileDrift.findMany({ where: { jobId: id } });
    expect(drifts).toMatchObject([{ clusterId: first!.cluster, kind: "node-lost", action: "requeued" }]);

    // Placed again, not on the lost node, and run to the end there.
    await schedule(33);
    const [second] = await placement(id);
    expect(`${second!.cluster}/${second!.node}`).not.toBe(`${first!.cluster}/${first!.node}`);
    await runner.advance(at(34));
    expect((await job(id)).status).toBe("RUNNING");
    await runner.advance(at(34 + 3 * 3600));
    const done = await job(id);
    expect(done.status).toBe("SUCCEEDED");
    expect(done.checkpointedWorkS).toBe(1800);

    // The node recovers: READY again with no reason, and placement may use it.
    sim(first!.cluster).setNodeHealth(first!.node, "READY");
    await runner.advance(at(40 + 3 * 3600));
    expect(await db.node.findFirstOrThrow({ where: { clusterId: first!.cluster, name: first!.node } })).toMatchObject({ status: "READY", healthReason: null });
  });

  it("retries a failing run after a growing back-off, skips it in the queue meanwhile, then fails it with the cause", async () => {
    const db = database.db;
    const id = await submit("flaky", { regions: ["eu-central"], maxRunRetries: 2 });
    sim(FRA).failRunAt(id, 0.5, "CUDA error: an illegal memory access was encountered", 3);
    let s = 1;
    const waits: number[] = [];
    for (let retry = 1; retry <= 2; retry++) {
      await schedule(s);
      await runner.advance(at(s));
      expect((await job(id)).status).toBe("RUNNING");
      // Half of the hour at 60x: 30 wall seconds.
      s += 31;
      const report = await runner.advance(at(s));
      expect(report.runRetries).toBe(1);
      const queued = await job(id);
      expect(queued.status).toBe("QUEUED");
      expect(queued.runRetries).toBe(retry);
      expect(queued.gpuShares).toHaveLength(0);
      const waitS = (queued.notBeforeAt!.getTime() - at(s).getTime()) / 1000;
      waits.push(waitS);
      // 1 then 2 minutes, within the ±20 % jitter.
      expect(waitS).toBeGreaterThanOrEqual(60 * 2 ** (retry - 1) * 0.8);
      expect(waitS).toBeLessThanOrEqual(60 * 2 ** (retry - 1) * 1.2);
      const hhmm = queued.notBeforeAt!.toISOString().slice(11, 16);
      expect(queued.statusReason).toBe(`run failed: CUDA error: an illegal memory access was encountered; retry ${retry} of 2 at ${hhmm} UTC`);

      // Before its back-off has passed the scheduler does not consider it.
      const decisions = await db.decision.count({ where: { jobId: id } });
      const early = await schedule(s + 5);
      expect(early.considered).toBe(0);
      expect(await db.decision.count({ where: { jobId: id } })).toBe(decisions);
      expect((await job(id)).status).toBe("QUEUED");
      s += Math.ceil(waitS) + 1;
    }
    expect(waits[1]!).toBeGreaterThan(waits[0]!);

    // Third run fails too: no retries left.
    await schedule(s);
    await runner.advance(at(s));
    s += 31;
    const report = await runner.advance(at(s));
    expect(report.runRetries).toBe(0);
    const failed = await job(id);
    expect(failed.status).toBe("FAILED");
    expect(failed.runRetries).toBe(2);
    expect(failed.statusReason).toBe("run failed after 2 retries: CUDA error: an illegal memory access was encountered");
    expect(failed.finishedAt).not.toBeNull();
    expect(failed.gpuShares).toHaveLength(0);
    expect(await gpuCountersMatchShares()).toBe(true);
    expect(await renderPrometheusMetrics(db)).toContain('verdant_job_retries_total{kind="run"} 2');
  });

  it("fails a job whose start keeps failing after the runner's limit of attempts", async () => {
    const db = database.db;
    const id = await submit("unstartable", { regions: ["eu-central"] });
    // A runner that reads node health rarely: the cluster refuses starts before the database learns why.
    const slow = createJobRunner(db, { simSpeed: 60, seed: 1, healthEveryMs: 3_600_000, reconcileEveryMs: 3_600_000, maxStartFailures: 2 });
    await slow.advance(at(1));
    const nodes = await db.node.findMany({ where: { clusterId: FRA }, select: { name: true } });
    for (const n of nodes) (slow.driverOf(FRA) as SimulatedDriver).setNodeHealth(n.name, "CORDONED", "drained for maintenance");

    await schedule(2);
    let report = await slow.advance(at(2));
    expect(report.startFailures).toBe(1);
    let row = await job(id);
    expect(row).toMatchObject({ status: "QUEUED", startFailures: 1 });
    expect(row.statusReason).toMatch(/^Start failed \(attempt 1 of 2\), queued again: .*not schedulable/);
    expect(row.gpuShares).toHaveLength(0);

    await schedule(3);
    report = await slow.advance(at(3));
    expect(report.startFailures).toBe(1);
    row = await job(id);
    expect(row.status).toBe("FAILED");
    expect(row.statusReason).toMatch(/^Could not be started \(2 attempts\): .*not schedulable/);
    expect(row.gpuShares).toHaveLength(0);
    expect(await gpuCountersMatchShares()).toBe(true);
  });

  it("takes a tenant's max retries from the submission, and refuses more than 10 naming the field", async () => {
    const aurora = await callerAs(database.db, demoUserIds.aurora);
    const request = (key: string, maxRunRetries?: number) => ({
      idempotencyKey: key,
      name: "retry-choice",
      kind: "TRAINING" as const,
      cpuMilli: 4000,
      memoryMib: 16384,
      gpuCount: 1,
      gpuMilli: 1000,
      gangSize: 1,
      estimatedDurationS: 3600,
      priority: 5,
      ...(maxRunRetries === undefined ? {} : { maxRunRetries }),
    });
    const chosen = await aurora.jobs.submit(request("retry-choice-1", 5));
    expect((await job(chosen.jobId)).maxRunRetries).toBe(5);
    const defaulted = await aurora.jobs.submit(request("retry-choice-2"));
    expect((await job(defaulted.jobId)).maxRunRetries).toBe(2);
    const errors = await fieldErrorsOf(() => aurora.jobs.submit(request("retry-choice-3", 11)));
    expect(errors.maxRunRetries).toBe("Max retries is 0 to 10");
    expect(await database.db.job.count({ where: { idempotencyKey: "retry-choice-3" } })).toBe(0);
  });

  it("reconciles: removes a job the cluster runs that the database does not know, requeues one the cluster lost, each drift written once", async () => {
    const db = database.db;
    const id = await submit("vanishing", { durationS: 7200, checkpointIntervalS: 900 });
    await schedule(1);
    await runner.advance(at(1));
    const [part] = await placement(id);
    const driver = sim(part!.cluster);
    await runner.advance(at(16));
    // A job nobody placed, on a free slice of the same node, and the placed job gone behind our back.
    await driver.startJob({
      jobId: "ghost-job",
      tenantSlug: "aurora-labs",
      estimatedDurationS: 7200,
      assignments: [{ node: part!.node, gpuIndices: [], milliPerGpu: 0, cpuMilli: 100, memoryMib: 128 }],
    });
    driver.loseJob(id);
    const report = await runner.advance(at(17));
    expect(report.drifts).toBe(2);

    expect((await driver.listJobs()).map((j) => j.jobId)).not.toContain("ghost-job");
    const lost = await job(id);
    expect(lost.status).toBe("QUEUED");
    expect(lost.statusReason).toMatch(/^lost by cluster .+; queued again from its checkpoint$/);
    // 16 wall seconds at 60x = 960 s of work: one 900 s checkpoint kept.
    expect(lost.checkpointedWorkS).toBe(900);
    expect(lost.gpuShares).toHaveLength(0);
    const drifts = await db.reconcileDrift.findMany({ orderBy: { kind: "asc" } });
    expect(drifts).toMatchObject([
      { clusterId: part!.cluster, jobId: id, kind: "missing-on-cluster", action: "requeued", resolvedAt: at(17) },
      { clusterId: part!.cluster, jobId: "ghost-job", kind: "unknown-on-cluster", action: "cancelled", detail: "running on the cluster, not in the database" },
    ]);

    // Another pass finds nothing new.
    expect((await runner.advance(at(18))).drifts).toBe(0);
    expect(await db.reconcileDrift.count()).toBe(2);

    // The requeued job runs again and finishes.
    await schedule(19);
    await runner.advance(at(19));
    expect((await job(id)).status).toBe("RUNNING");
    await runner.advance(at(19 + 3 * 3600));
    expect((await job(id)).status).toBe("SUCCEEDED");
    expect(await db.reconcileDrift.count()).toBe(2);

    // Operators and admins read the drifts and counts; tenants may not.
    const overview = await (await callerAs(db, demoUserIds.operator)).reconcile.overview();
    expect(overview.drifts.map((d) => d.kind).sort()).toEqual(["missing-on-cluster", "unknown-on-cluster"]);
    expect(overview.byKind).toEqual(expect.arrayContaining([{ kind: "missing-on-cluster", count: 1 }]));
    await expect((await callerAs(db, demoUserIds.aurora)).reconcile.overview()).rejects.toMatchObject({ code: "FORBIDDEN" });
    const metrics = await renderPrometheusMetrics(db);
    expect(metrics).toContain('verdant_reconcile_drift_total{kind="missing-on-cluster",action="requeued"} 1');
    expect(metrics).toContain('verdant_reconcile_drift_total{kind="unknown-on-cluster",action="cancelled"} 1');
  });
});
