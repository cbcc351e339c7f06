// The job page's timeline through a real run (deferred and reserved behind a running job, started,
// preempted, resumed, finished), tenant isolation; the queue's counts and chains; what-ifs that give
// what they say through the same preview; and usage trends that add up to the month's meters.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createJobRunner, type JobRunner } from "../../server/services/job-runner";
import { runSchedulingCycle } from "../../server/services/scheduling-cycle";
import { readTenantUsage } from "../../server/repositories/usage-repository";
import { callerAs, demoUserIds } from "./helpers/callers";
import { SEED_NOW } from "./helpers/constants";
import { QUEUED_FROM_SCRATCH } from "./helpers/queued-job";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

const FRA = "cluster-fra-hub-1";
const t0 = SEED_NOW.getTime() + 60_000;
const at = (s: number) => new Date(t0 + s * 1000);

describe("job timeline", () => {
  let database: TestDatabase;
  let runner: JobRunner;
  let gpus = 0;

  beforeEach(async () => {
    database = await createSeededDatabase();
    const db = database.db;
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

  async function submit(name: string, classId: string, tenantId: string, durationS: number, submittedAt: Date) {
    const db = database.db;
    const template = await db.job.findFirstOrThrow({ where: { gpuCount: 1, gangSize: 1, gpuMilli: 1000, tenantId } });
    const cls = await db.priorityClass.findUniqueOrThrow({ where: { id: classId } });
    const { id: _id, priorityClassId: _class, ...rest } = template;
    const id = `job-timeline-${name}`;
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
        checkpointIntervalS: 600,
        estimatedDurationS: durationS,
        submittedAt,
      },
    });
    return id;
  }
  const schedule = (s: number) => runSchedulingCycle(database.db, { now: at(s), seed: 7, maxJobs: 100, reconsiderDeferredMs: 0 });

  it("records deferral, reservation, start, preemption, stop, resumed start and success in order; other tenants get NOT_FOUND", async () => {
    const db = database.db;
    const aurora = (await db.user.findUniqueOrThrow({ where: { id: demoUserIds.aurora } })).tenantId!;
    const borealis = (await db.user.findUniqueOrThrow({ where: { id: demoUserIds.borealis } })).tenantId!;
    const filler = await submit("filler", "pc-standard", borealis, 3600, at(0));
    await schedule(1);
    await runner.advance(at(1));
    expect((await db.job.findUniqueOrThrow({ where: { id: filler } })).status).toBe("RUNNING");

    const job = await submit("subject", "pc-best-effort", aurora, 1800, at(2));
    await schedule(3);
    const waiting = await db.job.findUniqueOrThrow({ where: { id: job }, include: { decisions: true, reservation: true } });
    expect(waiting.status).toBe("QUEUED");
    expect(waiting.decisions.map((d) => d.outcome)).toContain("DEFERRED");

    // The operator's queue: the subject waits on Frankfurt with a chain that starts with itself.
    const operator = await callerAs(db, demoUserIds.operator, at(4));
    const queue = await operator.queue.view({ reason: undefined });
    const row = queue.jobs.find((j) => j.id === job)!;
    expect(row.chain[0]).toMatchObject({ jobId: job, clusterName: expect.any(String) });
    expect(queue.groups.reduce((s, g) => s + g.total, 0)).toBe(await db.job.count({ where: { status: "QUEUED" } }));
    const filtered = await operator.queue.view({ reason: row.reason });
    expect(filtered.jobs.every((j) => j.reason === row.reason)).toBe(true);
    expect(filtered.jobs.map((j) => j.id)).toContain(job);

    // The filler's 3600 s of work take 60 wall seconds at 60x; then the subject starts.
    await runner.advance(at(62));
    await schedule(63);
    await runner.advance(at(63));
    expect((await db.job.findUniqueOrThrow({ where: { id: job } })).status).toBe("RUNNING");

    // A production job of another tenant preempts it; the runner stops it; it resumes and finishes.
    const prod = await submit("preemptor", "pc-production", borealis, 600, at(70));
    await schedule(71);
    await runner.advance(at(72));
    expect((await db.job.findUniqueOrThrow({ where: { id: prod } })).status).toBe("RUNNING");
    await runner.advance(at(83));
    await schedule(84);
    await runner.advance(at(85));
    expect((await db.job.findUniqueOrThrow({ where: { id: job } })).status).toBe("RUNNING");
    await runner.advance(at(140));
    expect((await db.job.findUniqueOrThrow({ where: { id: job } })).status).toBe("SUCCEEDED");

    const member = await callerAs(db, demoUserIds.aurora, at(141));
    const timeline = await member.queue.timeline({ id: job });
    const kinds = timeline.entries.map((e) => e.kind);
    const firstIndex = (k: string, from = 0) => kinds.indexOf(k as never, from);
    const deferred = timeline.entries.findIndex((e) => e.kind === "decision" && e.text.startsWith("Deferred"));
    const started = firstIndex("started");
    const preempted = firstIndex("preempted");
    const stopped = firstIndex("stopped");
    const resumed = firstIndex("started", preempted);
    const done = firstIndex("succeeded");
    expect(kinds[0]).toBe("submitted");
    expect(deferred).toBeGreaterThan(0);
    expect(kinds.slice(0, started)).toContain("reserved");
    expect([deferred, started, preempted, stopped, resumed, done].every((v, i, a) => v > 0 && (i === 0 || v > a[i - 1]!))).toBe(true);
    // Times never go backwards.
    const times = timeline.entries.map((e) => e.at.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // The preemptor belongs to another tenant: the member's page does not name it.
    const p = timeline.entries[preempted]!;
    expect(p.otherJob).toBeNull();
    expect(p.text).toContain("another tenant's job");
    expect(p.decisionId).not.toBeNull();
    // Energy rows of the finished job, with provenance, add up to its totals.
    const hours = await db.jobEnergyHour.findMany({ where: { jobId: job } });
    expect(timeline.energy).toHaveLength(hours.length);
    expect(timeline.totals.emissionsGCo2e).toBeCloseTo(
      hours.reduce((s, h) => s + h.emissionsGCo2e, 0),
      6,
    );
    // The operator sees the preemptor's name; the other tenant does not see the job at all.
    const opTimeline = await operator.queue.timeline({ id: job });
    expect(opTimeline.entries.find((e) => e.kind === "preempted")!.otherJob).toEqual({ id: prod, name: "preemptor" });
    const outsider = await callerAs(db, demoUserIds.cirrus, at(141));
    await expect(outsider.queue.timeline({ id: job })).rejects.toMatchObject({ code: "NOT_FOUND" });
    // The preemptor's own timeline says whom it preempted (as an operator sees it).
    const prodTimeline = await operator.queue.timeline({ id: prod });
    expect(prodTimeline.entries.some((e) => e.kind === "preempting" && e.otherJob?.id === job)).toBe(true);
  });
});

describe("what-ifs and trends on the seeded fleet", () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createSeededDatabase();
  });
  afterEach(() => database.drop());

  it("each suggested change, applied to the request, previews to exactly the outcome it states", async () => {
    const member = await callerAs(database.db, demoUserIds.aurora);
    const request = {
      idempotencyKey: "what-if-key-1",
      name: "what-if",
      kind: "TRAINING" as const,
      cpuMilli: 8000,
      memoryMib: 32768,
      requestMode: "models" as const,
      gpuCount: 8,
      gpuMilli: 1000,
      allowedGpuModels: ["H100"],
      computeUnits: null,
      minGpuMemoryGib: null,
      gangSize: 1,
      minMembers: null,
      gangSameRack: false,
      estimatedDurationS: 4 * 3600,
      priorityClassId: null,
      checkpointIntervalS: null,
      earliestStartAt: null,
      deadlineAt: null,
      allowedRegions: ["eu-central"],
      allowSplit: false,
    };
    const result = await member.jobs.whatIfs(request);
    expect(result.suggestions.length).toBeGreaterThan(0);
    expect(result.suggestions.length).toBeLessThanOrEqual(3);
    for (const s of result.suggestions) {
      const applied = await member.jobs.preview({ ...request, ...s.apply });
      expect(applied.outcome).not.toBe("unschedulable");
      expect(applied.startAt?.getTime() ?? null).toBe(s.outcome.startMs);
      expect(applied.gCo2e).toBe(s.outcome.gCo2e);
      expect(applied.clusterName).toBe(s.outcome.clusterName);
      if (s.startsEarlierMin !== null && result.base.startAt)
        expect(s.startsEarlierMin).toBe(Math.round((result.base.startAt.getTime() - applied.startAt!.getTime()) / 60_000));
      if (s.co2eChangePct !== null) expect(s.co2eChangePct).toBeCloseTo(((applied.gCo2e! - result.base.gCo2e!) / result.base.gCo2e!) * 100, 0);
    }
    // The base of the what-ifs is the preview itself.
    const plain = await member.jobs.preview(request);
    expect(plain.startAt).toEqual(result.base.startAt);
    expect(plain.gCo2e).toBe(result.base.gCo2e);
  });

  it("usage per day adds up to the month's meters for the tenant and, per tenant, for operators; tenants cannot read the fleet's", async () => {
    const db = database.db;
    const now = new Date(SEED_NOW.getTime() + 60_000);
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const member = await callerAs(db, demoUserIds.aurora, now);
    const tenantId = (await db.user.findUniqueOrThrow({ where: { id: demoUserIds.aurora } })).tenantId!;
    const trend = await member.jobs.usageTrend();
    const meter = await readTenantUsage(db, tenantId, monthStart, now);
    expect(meter.gpuHours).toBeGreaterThan(0);
    expect(trend.totals.gpuHours).toBeCloseTo(meter.gpuHours, 6);
    expect(trend.totals.emissionsGCo2e).toBeCloseTo(meter.emissionsGCo2e, 6);
    expect(trend.days.reduce((s, d) => s + d.gpuHours, 0)).toBeCloseTo(meter.gpuHours, 6);
    expect(trend.days).toHaveLength(now.getUTCDate());
    const fraction = (now.getTime() - monthStart.getTime()) / (trend.monthEnd.getTime() - monthStart.getTime());
    expect(trend.projection.gpuHours).toBeCloseTo(meter.gpuHours / fraction, 6);

    const operator = await callerAs(db, demoUserIds.operator, now);
    const fleet = await operator.jobs.fleetUsageTrend();
    for (const t of fleet.tenants) {
      const direct = await readTenantUsage(db, t.id, monthStart, now);
      expect(t.totals.gpuHours).toBeCloseTo(direct.gpuHours, 6);
      expect(t.totals.emissionsGCo2e).toBeCloseTo(direct.emissionsGCo2e, 6);
      expect(fleet.days.reduce((s, d) => s + (d.gpuHours[t.id] ?? 0), 0)).toBeCloseTo(direct.gpuHours, 6);
    }
    await expect(member.jobs.fleetUsageTrend()).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});
