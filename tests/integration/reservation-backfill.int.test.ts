// Reservations and backfill in the live loop on two nodes of Frankfurt (the rest cordoned), with the
// simulated driver at 1x so jobs end at their predicted ends: two running jobs leave two GPUs free on
// each node; a gang needing both whole nodes must wait for them and holds a reservation from the later
// predicted end; a short small job starts ahead of it (a backfill), a long one that would run into the
// reservation does not; when the running jobs end the gang starts at its reserved time, its row goes and
// the long job, now first to wait, holds the nodes from the gang's predicted end.
// "off" holds nothing and starts nothing behind the waiting gang (strict priority order); "first-fit" holds nothing and starts
// the long job at once; "conservative" holds one per waiting gang.
import { QUEUED_FROM_SCRATCH } from "./helpers/queued-job";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createJobRunner, type JobRunner } from "../../server/services/job-runner";
import { runSchedulingCycle } from "../../server/services/scheduling-cycle";
import { renderPrometheusMetrics } from "../../server/services/prometheus-metrics";
import { replayDecision } from "../../server/services/decision-replay-service";
import { parseCoordinatorExplanation } from "../../server/engine";
import { callerAs, demoUserIds } from "./helpers/callers";
import { SEED_NOW } from "./helpers/constants";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

const FRA = "cluster-fra-hub-1"; // the only cluster in region eu-central
const t0 = SEED_NOW.getTime() + 60_000;
const at = (s: number) => new Date(t0 + s * 1000);

describe("reservations and backfill", () => {
  let database: TestDatabase;
  let runner: JobRunner;
  let gpus = 0;
  let nodeNames: string[] = [];

  beforeEach(async () => {
    database = await createSeededDatabase();
    const db = database.db;
    await db.job.updateMany({ where: { status: { in: ["QUEUED", "PLACED", "RUNNING"] } }, data: { status: "CANCELLED", cancelledAt: at(0) } });
    await db.gpuShare.deleteMany({});
    await db.jobReservation.deleteMany({});
    await db.gpu.updateMany({ data: { allocatedMilli: 0 } });
    await db.node.updateMany({ data: { allocatedCpuMilli: 0, allocatedMemoryMib: 0 } });
    await db.tenantGpuQuota.deleteMany({});
    await db.tenantQuota.updateMany({ data: { maxGpus: 1000, maxGpuHoursPerMonth: null, carbonBudgetKgPerMonth: null } });
    const first = await db.node.findFirstOrThrow({
      where: { clusterId: FRA, status: "READY", removedAt: null, gpuCount: { gte: 4 } },
      orderBy: { name: "asc" },
    });
    const second = await db.node.findFirstOrThrow({
      where: { clusterId: FRA, status: "READY", removedAt: null, gpuCount: first.gpuCount, gpuModelId: first.gpuModelId, id: { not: first.id } },
      orderBy: { name: "asc" },
    });
    gpus = first.gpuCount;
    nodeNames = [first.name, second.name];
    await db.node.updateMany({
      where: { clusterId: FRA, id: { notIn: [first.id, second.id] } },
      data: { status: "CORDONED", healthReason: "kept out of this test" },
    });
    runner = createJobRunner(db, { simSpeed: 1, seed: 1, healthEveryMs: 0, reconcileEveryMs: 0 });
    await runner.advance(at(0));
  });
  afterEach(() => database.drop());

  async function setBackfill(mode: "off" | "easy" | "conservative" | "first-fit") {
    const db = database.db;
    const policy = await db.policy.findFirstOrThrow({ where: { active: true }, orderBy: { version: "desc" } });
    await db.policy.update({ where: { id: policy.id }, data: { constraints: { ...(policy.constraints as object), backfill: mode } } });
  }

  /** A standard-class job in Frankfurt: `members` x `perMember` GPUs for `durationS`. */
  async function submit(name: string, perMember: number, durationS: number, submittedS: number, members = 1) {
    const db = database.db;
    const template = await db.job.findFirstOrThrow({ where: { gpuCount: 1, gangSize: 1, gpuMilli: 1000 } });
    const cls = await db.priorityClass.findUniqueOrThrow({ where: { id: "pc-standard" } });
    const { id: _id, priorityClassId: _class, ...rest } = template;
    const id = `job-backfill-${name}`;
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
        gpuCount: perMember,
        gpuMilli: 1000,
        gangSize: members,
        minMembers: null,
        maxMembers: null,
        allowedGpuModels: [],
        computeUnits: null,
        minGpuMemoryGib: null,
        allowedRegions: ["eu-central"],
        allowSplit: false,
        checkpointIntervalS: null,
        estimatedDurationS: durationS,
        submittedAt: at(submittedS),
      },
    });
    return id;
  }

  const job = (id: string) => database.db.job.findUniqueOrThrow({ where: { id } });
  const latestDecision = (id: string) => database.db.decision.findFirstOrThrow({ where: { jobId: id }, orderBy: { createdAt: "desc" } });
  const schedule = (s: number) => runSchedulingCycle(database.db, { now: at(s), seed: 7, maxJobs: 100, reconsiderDeferredMs: 0 });

  /** Two running jobs, each holding all but two GPUs of one node, predicted to end at +1000 s and +2000 s (started at 1 s). */
  async function fillNodes() {
    const a = await submit("running-a", gpus - 2, 1000, 0);
    const b = await submit("running-b", gpus - 2, 2000, 0);
    const report = await schedule(0);
    expect(report.placed).toBe(2);
    await runner.advance(at(1));
    expect((await job(a)).status).toBe("RUNNING");
    expect((await job(b)).status).toBe("RUNNING");
    return { a, b };
  }

  it("holds the gang's nodes from the running jobs' predicted ends, backfills a job that ends before, keeps out one that would delay it, and starts the gang on time", async () => {
    const db = database.db;
    const { a, b } = await fillNodes();
    const gang = await submit("gang", gpus, 3600, 2, 2);
    const short = await submit("short", 2, 600, 3);
    const long = await submit("long", 2, 5000, 4);

    const report = await schedule(5);
    expect(report.reserved).toBe(1);
    expect(report.backfilled).toBe(1);
    const reservations = await db.jobReservation.findMany();
    expect(reservations).toHaveLength(1);
    const held = reservations[0]!;
    expect(held).toMatchObject({ jobId: gang, clusterId: FRA, mode: "easy", startAt: at(2001), endAt: at(2001 + 3600) });
    expect((held.assignments as { node: string }[]).map((x) => x.node).sort()).toEqual([...nodeNames].sort());

    // The gang's explanation says where and when, and which running jobs' ends free its nodes.
    const waiting = parseCoordinatorExplanation((await latestDecision(gang)).explanation);
    expect(waiting.outcome).toBe("deferred");
    expect(waiting.capacityWait?.startMs).toBe(at(2001).getTime());
    expect(waiting.capacityWait?.freedBy.map((f) => f.jobId)).toEqual([a, b]);

    // The short job ends at 605 s, well before 2001 s: placed ahead of the gang, as a backfill.
    const shortDecision = await latestDecision(short);
    expect(shortDecision).toMatchObject({ outcome: "PLACED", backfilled: true });
    const shortExplanation = parseCoordinatorExplanation(shortDecision.explanation);
    expect(shortExplanation.backfill?.ahead).toMatchObject([{ jobId: gang, clusterId: FRA, startMs: at(2001).getTime(), sharesNodes: true }]);
    expect(shortExplanation.backfill?.endMs).toBe(at(605).getTime());

    // Both decisions replay byte for byte from their stored inputs (the reservation is part of the snapshot).
    expect((await replayDecision(db, shortDecision.id)).status).toBe("reproduced");
    expect((await replayDecision(db, (await latestDecision(gang)).id)).status).toBe("reproduced");

    // The long job would still hold two GPUs at 2001 s: it waits until the gang is done.
    expect((await job(long)).status).toBe("QUEUED");
    const longDecision = await latestDecision(long);
    expect(longDecision.outcome).toBe("DEFERRED");
    expect(longDecision.startAt!.getTime()).toBeGreaterThanOrEqual(at(2001 + 3600).getTime());

    // The queue view: the gang holds a reservation from 2001 s; the long job waits behind it.
    const operator = await callerAs(db, demoUserIds.operator, at(5));
    const view = await operator.queue.view();
    const pending = new Map(view.jobs.map((j) => [j.id, j]));
    expect(pending.get(gang)).toMatchObject({ reason: "holds-reservation", expectedStartAt: at(2001), reservation: { clusterId: FRA, mode: "easy" } });
    expect(pending.get(long)).toMatchObject({ reason: "reserved-for-other", reservedFor: { id: gang, name: "gang" } });
    expect(pending.has(short)).toBe(false);
    const tenantId = (await job(gang)).tenantId;
    const group = view.groups.find((g) => g.tenantId === tenantId && g.priorityClass === "standard");
    expect(group?.counts).toMatchObject({ "holds-reservation": 1, "reserved-for-other": 1 });
    // The gang's page: its reservation and the running jobs whose predicted ends free its nodes.
    const page = await operator.queue.job({ id: gang });
    expect(page.reservation).toMatchObject({ nodes: [...nodeNames].sort(), startAt: at(2001), mode: "easy" });
    expect(page.reservation?.freedBy.map((f) => [f.name, f.endAt])).toEqual([
      ["running-a", at(1001)],
      ["running-b", at(2001)],
    ]);
    expect((await operator.queue.job({ id: short })).latestDecision).toMatchObject({ backfilled: true, backfill: { ahead: [{ id: gang, name: "gang" }] } });
    // Tenant members see their own tenant's queue and jobs only.
    const users = await db.user.findMany({ where: { id: { in: [demoUserIds.aurora, demoUserIds.borealis, demoUserIds.cirrus] } } });
    const member = users.find((u) => u.tenantId === tenantId)!;
    const outsider = users.find((u) => u.tenantId !== tenantId)!;
    expect((await (await callerAs(db, member.id, at(5))).queue.mine()).jobs.map((j) => j.id)).toEqual([gang, long]);
    expect((await (await callerAs(db, outsider.id, at(5))).queue.mine()).jobs).toEqual([]);
    await expect((await callerAs(db, outsider.id, at(5))).queue.job({ id: gang })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect((await callerAs(db, member.id, at(5))).queue.view()).rejects.toMatchObject({ code: "FORBIDDEN" });

    // The runner starts the backfilled job at once (it ends at 606 s, long before the reserved start).
    await runner.advance(at(6));
    expect((await job(short)).status).toBe("RUNNING");
    await runner.advance(at(700));
    expect((await job(short)).status).toBe("SUCCEEDED");

    // Cycles before the running jobs end keep the same hold (recomputed, replaced) and start nothing on the gang's nodes.
    await runner.advance(at(1500));
    await schedule(1500);
    expect((await job(a)).status).toBe("SUCCEEDED");
    expect((await job(gang)).status).toBe("QUEUED");
    expect((await job(long)).status).toBe("QUEUED");
    expect(await db.jobReservation.findUniqueOrThrow({ where: { jobId: gang } })).toMatchObject({ startAt: at(2001) });

    // At the reserved time both running jobs have ended: the gang starts then, and its reservation is gone.
    await runner.advance(at(2001));
    expect((await job(b)).status).toBe("SUCCEEDED");
    await schedule(2001);
    const started = await job(gang);
    expect(started.status).toBe("PLACED");
    expect(started.placedAt).toEqual(at(2001));
    // The gang's row went with its placement; the long job, now first to wait, holds the nodes from the gang's predicted end.
    expect((await db.jobReservation.findMany()).map((r) => [r.jobId, r.startAt.getTime()])).toEqual([[long, at(2001 + 3600).getTime()]]);

    const metrics = await renderPrometheusMetrics(db);
    expect(metrics).toContain("verdant_backfilled_jobs_total 1");
    expect(metrics).toContain("verdant_job_reservations 1");
  });

  it("takes back the nodes of a backfilled job that runs past its predicted end into the reservation, then resumes it", async () => {
    const db = database.db;
    const { b } = await fillNodes();
    const gang = await submit("gang", gpus, 3600, 2, 2);
    const short = await submit("short", 2, 600, 3);
    const report = await schedule(5);
    expect(report).toMatchObject({ reserved: 1, backfilled: 1 });
    // The driver runs it for 5000 s, while its estimate still says 600 s: a run that outlives its estimate.
    await db.job.update({ where: { id: short }, data: { estimatedDurationS: 5000 } });
    await runner.advance(at(6));
    await db.job.update({ where: { id: short }, data: { estimatedDurationS: 600 } });
    expect((await job(short)).status).toBe("RUNNING");

    await runner.advance(at(2001));
    expect((await job(b)).status).toBe("SUCCEEDED");
    expect((await job(short)).status).toBe("RUNNING");
    // The gang and the short job share a class, so the class alone could not preempt; the broken promise can.
    await schedule(2001);
    const started = await job(gang);
    expect(started.status).toBe("PLACED");
    const decision = await latestDecision(gang);
    const explanation = parseCoordinatorExplanation(decision.explanation);
    expect(explanation.preemption?.victims.map((v) => [v.jobId, v.reason])).toEqual([[short, "backfill-overrun"]]);
    expect((await db.preemption.findFirstOrThrow({ where: { victimJobId: short } })).reason).toBe("backfill-overrun");
    const victim = await job(short);
    expect(victim.status).toBe("QUEUED");
    expect(victim.statusReason).toContain("backfilled ahead of a reservation and ran past its predicted end");
    expect((await replayDecision(db, decision.id)).status).toBe("reproduced");
    expect(await renderPrometheusMetrics(db)).toContain('verdant_preemptions_total{reason="backfill-overrun"} 1');

    // Once the gang has run, the requeued job starts again and finishes.
    await runner.advance(at(2002));
    await runner.advance(at(2002 + 3600));
    expect((await job(gang)).status).toBe("SUCCEEDED");
    await schedule(2002 + 3600);
    await runner.advance(at(2003 + 3600));
    expect((await job(short)).status).toBe("RUNNING");
  });

  it("leaves an overrunning backfilled job alone when the policy's preemption is off", async () => {
    const db = database.db;
    const policy = await db.policy.findFirstOrThrow({ where: { active: true }, orderBy: { version: "desc" } });
    await db.policy.update({ where: { id: policy.id }, data: { constraints: { ...(policy.constraints as object), preemption: false } } });
    await fillNodes();
    const gang = await submit("gang", gpus, 3600, 2, 2);
    const short = await submit("short", 2, 600, 3);
    await schedule(5);
    await db.job.update({ where: { id: short }, data: { estimatedDurationS: 5000 } });
    await runner.advance(at(6));
    await db.job.update({ where: { id: short }, data: { estimatedDurationS: 600 } });
    await runner.advance(at(2001));
    await schedule(2001);
    expect((await job(gang)).status).toBe("QUEUED");
    expect((await job(short)).status).toBe("RUNNING");
    expect(await db.preemption.count()).toBe(0);
  });

  it("passes the hold to the next job waiting for capacity in the cycle the holder starts, though that job is not due to be decided again", async () => {
    const db = database.db;
    await fillNodes();
    const gang = await submit("gang", gpus, 3600, 2, 2);
    const long = await submit("long", 2, 5000, 4);
    // The worker's default: a deferred job is decided again 15 minutes after its last decision.
    const cycle = (s: number) => runSchedulingCycle(db, { now: at(s), seed: 7, maxJobs: 100 });
    await cycle(5);
    await runner.advance(at(1500));
    await cycle(1500);
    expect((await db.jobReservation.findMany()).map((r) => r.jobId)).toEqual([gang]);
    await runner.advance(at(2001));
    // The long job was last decided at 1500 s: not due until 2400 s, yet it takes over the hold now.
    const report = await cycle(2001);
    expect((await job(gang)).status).toBe("PLACED");
    expect(report.reserved).toBe(1);
    expect((await db.jobReservation.findMany()).map((r) => [r.jobId, r.startAt.getTime()])).toEqual([[long, at(2001 + 3600).getTime()]]);
  });

  it("off (saved in the policy editor): strict priority order, so no reservation is held and nothing starts behind the waiting gang", async () => {
    const db = database.db;
    const admin = await callerAs(db, demoUserIds.admin, at(0));
    const { active } = await admin.policies.get();
    const c = active.constraints;
    const saved = await admin.policies.save({
      objectiveWeights: active.objectiveWeights,
      maxDeferralHours: c.maxDeferralHours,
      minDeferralSavingPct: c.minDeferralSavingPct,
      honorCarbonBudget: c.honorCarbonBudget,
      allowSplitAcrossClusters: c.allowSplitAcrossClusters,
      backfill: "off",
      note: "strict order",
    });
    expect(saved.changes).toEqual([{ key: "constraints.backfill", before: "easy", after: "off" }]);
    await expect(admin.policies.save({ ...active, ...c, note: "", backfill: "sometimes" as "off" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await fillNodes();
    const gang = await submit("gang", gpus, 3600, 2, 2);
    const long = await submit("long", 2, 5000, 4);
    const report = await schedule(5);
    expect(report.reserved).toBe(0);
    expect(await db.jobReservation.count()).toBe(0);
    expect((await job(gang)).status).toBe("QUEUED");
    // The long job would fit now, but it queued behind the gang: without backfill it waits its turn.
    expect((await job(long)).status).toBe("QUEUED");
    expect(report.heldBehind).toBeGreaterThanOrEqual(1);
  });

  it("first fit: no reservation, so a job that fits starts although it delays the waiting gang", async () => {
    await setBackfill("first-fit");
    const db = database.db;
    await fillNodes();
    const gang = await submit("gang", gpus, 3600, 2, 2);
    const long = await submit("long", 2, 5000, 4);
    const report = await schedule(5);
    expect(report.reserved).toBe(0);
    expect(report.heldBehind).toBe(0);
    expect(await db.jobReservation.count()).toBe(0);
    expect((await job(gang)).status).toBe("QUEUED");
    // Under EASY the long job is kept out (it would delay the gang); here it takes the nodes now.
    expect((await job(long)).status).toBe("PLACED");
  });

  it("conservative: every waiting gang holds a reservation, each after the ones before it", async () => {
    const db = database.db;
    await setBackfill("conservative");
    await fillNodes();
    const first = await submit("gang-1", gpus, 3600, 2, 2);
    const second = await submit("gang-2", gpus, 1800, 3, 2);
    const report = await schedule(5);
    expect(report.reserved).toBe(2);
    const rows = await db.jobReservation.findMany({ orderBy: { startAt: "asc" } });
    expect(rows.map((r) => [r.jobId, r.mode, r.startAt.getTime()])).toEqual([
      [first, "conservative", at(2001).getTime()],
      [second, "conservative", at(2001 + 3600).getTime()],
    ]);

    // Easy again: only the first gang keeps its hold after the next cycle.
    await setBackfill("easy");
    await schedule(6);
    expect((await db.jobReservation.findMany()).map((r) => [r.jobId, r.mode])).toEqual([[first, "easy"]]);
  });
});
