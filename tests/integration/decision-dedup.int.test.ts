// Decisions do not grow without bound: a job that waits for capacity cycle after cycle keeps ONE
// decision row whose seenCount and lastSeenAt move; a change in its reasons writes a new row; and the
// retention pass deletes decisions past SystemSetting.decisionRetentionDays except each job's latest
// decision and latest placement.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pruneDecisions } from "../../server/services/decision-retention";
import { runSchedulingCycle } from "../../server/services/scheduling-cycle";
import { getDecision } from "../../server/services/decision-service";
import { findSessionUser } from "../../server/repositories/user-repository";
import { SEED_NOW } from "./helpers/constants";
import { demoUserIds } from "./helpers/callers";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const t0 = new Date(SEED_NOW.getTime() + MINUTE);

describe("decision repeats and retention", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createSeededDatabase();
    const db = database.db;
    // Only our job is queued, and no node takes work: it waits for capacity every cycle.
    await db.job.updateMany({ where: { status: "QUEUED" }, data: { status: "CANCELLED", cancelledAt: t0 } });
    const source = await db.job.findFirstOrThrow({ where: { gpuCount: 1, gangSize: 1 } });
    const { id: _id, ...fields } = source;
    await db.job.create({
      data: {
        ...fields,
        id: "job-contended",
        name: "contended",
        idempotencyKey: "contended",
        status: "QUEUED",
        statusReason: null,
        allowedRegions: [],
        earliestStartAt: null,
        deadlineAt: null,
        placedAt: null,
        startedAt: null,
        finishedAt: null,
        cancelledAt: null,
        energyKwh: null,
        emissionsGCo2e: null,
        submittedAt: t0,
      },
    });
    await db.node.updateMany({ data: { status: "NOT_READY" } });
  });
  afterAll(() => database.drop());

  it("N cycles of the same verdict write one decision with seenCount N; a change of reasons writes a new one", async () => {
    const db = database.db;
    const N = 6;
    let repeated = 0;
    for (let i = 0; i < N; i++) {
      const report = await runSchedulingCycle(db, { now: new Date(t0.getTime() + i * MINUTE), seed: 7, maxJobs: 50 });
      expect(report.considered).toBe(1);
      repeated += report.repeated;
    }
    const rows = await db.decision.findMany({ where: { jobId: "job-contended" } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.outcome).toBe("UNSCHEDULABLE");
    expect(rows[0]!.seenCount).toBe(N);
    expect(repeated).toBe(N - 1);
    expect(rows[0]!.createdAt.getTime()).toBe(t0.getTime());
    expect(rows[0]!.lastSeenAt.getTime()).toBe(t0.getTime() + (N - 1) * MINUTE);
    expect((await db.job.findUniqueOrThrow({ where: { id: "job-contended" } })).status).toBe("QUEUED");

    // The decision page says how often it was reached.
    const admin = (await findSessionUser(db, demoUserIds.admin))!;
    const view = await getDecision(db, admin, rows[0]!.id);
    expect(view.seenCount).toBe(N);
    expect(view.lastSeenAt.getTime()).toBe(t0.getTime() + (N - 1) * MINUTE);

    // One cluster goes into maintenance: the reasons change, so a new decision is written.
    const cluster = await db.cluster.findFirstOrThrow({ orderBy: { name: "asc" } });
    await db.cluster.update({ where: { id: cluster.id }, data: { status: "MAINTENANCE" } });
    await runSchedulingCycle(db, { now: new Date(t0.getTime() + N * MINUTE), seed: 7, maxJobs: 50 });
    await runSchedulingCycle(db, { now: new Date(t0.getTime() + (N + 1) * MINUTE), seed: 7, maxJobs: 50 });
    const after = await db.decision.findMany({ where: { jobId: "job-contended" }, orderBy: { createdAt: "asc" } });
    expect(after.map((d) => d.seenCount)).toEqual([N, 2]);
    expect(after[1]!.fingerprint).not.toBe(after[0]!.fingerprint);
    expect(after[1]!.fingerprint).toContain("CLUSTER_NOT_ACTIVE");
  });

  it("retention deletes decisions past the configured days but keeps each job's latest decision and latest placement", async () => {
    const db = database.db;
    // A job placed long ago, then queued again and waiting: its newest row is a waiting decision.
    const placed = await db.decision.findFirstOrThrow({ where: { outcome: "PLACED" }, orderBy: { createdAt: "asc" } });
    const later = new Date(placed.createdAt.getTime() + MINUTE);
    await db.decision.create({
      data: {
        jobId: placed.jobId,
        outcome: "UNSCHEDULABLE",
        policyId: placed.policyId,
        explanationVersion: placed.explanationVersion,
        explanation: placed.explanation as object,
        createdAt: later,
        lastSeenAt: later,
      },
    });
    const before = await db.decision.count();
    const jobsWithDecisions = await db.job.count({ where: { decisions: { some: {} } } });

    await db.systemSetting.upsert({ where: { id: "global" }, create: { id: "global", decisionRetentionDays: 1 }, update: { decisionRetentionDays: 1 } });
    const now = new Date(t0.getTime() + 3 * DAY);
    const result = await pruneDecisions(db, now);
    expect(result.retentionDays).toBe(1);
    expect(result.deleted).toBeGreaterThan(0);
    expect(await db.decision.count()).toBe(before - result.deleted);
    // No job lost its last word, nor its latest placement.
    expect(await db.job.count({ where: { decisions: { some: {} } } })).toBe(jobsWithDecisions);
    expect(await db.decision.count({ where: { id: placed.id } })).toBe(1);
    // What is left past the cut-off is exactly one latest decision or latest placement per job.
    const stale = await db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM "Decision" d WHERE d."lastSeenAt" < ${result.before}
      AND d.id <> (SELECT l.id FROM "Decision" l WHERE l."jobId" = d."jobId" ORDER BY l."createdAt" DESC, l.id DESC LIMIT 1)
      AND d.id IS DISTINCT FROM (SELECT p.id FROM "Decision" p WHERE p."jobId" = d."jobId" AND p.outcome = 'PLACED' ORDER BY p."createdAt" DESC, p.id DESC LIMIT 1)`;
    expect(Number(stale[0]!.n)).toBe(0);
    const contended = await db.decision.findMany({ where: { jobId: "job-contended" } });
    expect(contended.map((d) => d.seenCount)).toEqual([2]);

    // Without the settings row the default (30 days) applies: nothing newer than that goes.
    await db.systemSetting.deleteMany();
    const kept = await db.decision.count();
    const again = await pruneDecisions(db, now);
    expect(again.retentionDays).toBe(30);
    expect(await db.decision.count()).toBe(kept - again.deleted);
  });
});
