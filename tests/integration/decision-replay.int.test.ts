// Decisions anyone can replay: a real scheduling cycle stores each decision's engine inputs
// (content-addressed parts), replay decides again from them and finds the stored decision byte for
// byte; a changed input or a changed stored outcome is reported with the differing paths; equal
// parts are stored once; retention removes the parts no decision reaches; tenants cannot replay.
import { gunzipSync, gzipSync } from "node:zlib";
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runSchedulingCycle } from "../../server/services/scheduling-cycle";
import { replayAllDecisions, replayDecision, type ReplayResult } from "../../server/services/decision-replay-service";
import { pruneDecisions } from "../../server/services/decision-retention";
import { engineBuild } from "../../server/services/engine-build";
import { canonicalJson, sha256Hex } from "../../server/services/canonical-json";
import { callerAs, demoUserIds } from "./helpers/callers";
import { SEED_NOW } from "./helpers/constants";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";
import type { Db } from "../../server/db/client";

const t0 = new Date(SEED_NOW.getTime() + 60_000);

async function partText(db: Db, hash: string): Promise<string> {
  const row = await db.decisionInput.findUniqueOrThrow({ where: { hash } });
  return gunzipSync(row.body).toString("utf8");
}

/** Rewrites a stored part's JSON in place (its hash key stays: the stored bytes no longer match it). */
async function tamperPart(db: Db, hash: string, change: (value: Record<string, unknown>) => void): Promise<void> {
  const value = JSON.parse(await partText(db, hash)) as Record<string, unknown>;
  change(value);
  await db.decisionInput.update({ where: { hash }, data: { body: new Uint8Array(gzipSync(Buffer.from(JSON.stringify(value)))) } });
}

describe("decision replay", () => {
  let database: TestDatabase;
  let recorded: { id: string; outcome: string; inputHash: string | null }[];
  beforeAll(async () => {
    database = await createSeededDatabase();
    const report = await runSchedulingCycle(database.db, { now: t0, seed: 11, maxJobs: 40 });
    expect(report.considered).toBeGreaterThan(5);
    expect(report.inputsUnrecorded).toBe(0);
    recorded = await database.db.decision.findMany({ where: { createdAt: t0 }, select: { id: true, outcome: true, inputHash: true }, orderBy: { id: "asc" } });
  });
  afterAll(() => database.drop());

  it("every decision of a real scheduling cycle, and of the seeded history, replays as reproduced", async () => {
    expect(recorded.length).toBeGreaterThan(5);
    expect(recorded.every((d) => d.inputHash !== null)).toBe(true);
    const results: ReplayResult[] = [];
    const summary = await replayAllDecisions(database.db, (r) => results.push(r), 7);
    const mismatched = results.filter((r) => r.status === "mismatch");
    expect(mismatched.map((r) => ({ id: r.decisionId, problems: r.inputProblems, first: r.differences.slice(0, 3) }))).toEqual([]);
    // The seeded history stores its inputs too, so it replays beside the cycle's decisions.
    expect(summary.replayed).toBe(await database.db.decision.count({ where: { inputHash: { not: null } } }));
    expect(summary.replayed).toBeGreaterThan(recorded.length);
    expect(summary.skipped).toBe(await database.db.decision.count({ where: { inputHash: null } }));
    expect(summary.mismatches).toBe(0);
  });

  it("decisions of one cycle share the fleet parts they did not change", async () => {
    // The parts the cycle's decisions reach, by kind.
    const reached = new Map<string, string>();
    let wanted = recorded.map((d) => d.inputHash!);
    while (wanted.length > 0) {
      const rows = await database.db.decisionInput.findMany({ where: { hash: { in: wanted } }, select: { hash: true, kind: true, refs: true } });
      for (const r of rows) reached.set(r.hash, r.kind);
      wanted = [...new Set(rows.flatMap((r) => r.refs))].filter((h) => !reached.has(h));
    }
    const count = (kind: string) => [...reached.values()].filter((k) => k === kind).length;
    const placements = recorded.filter((d) => d.outcome === "PLACED").length;
    const clusters = await database.db.cluster.count();
    const zones = await database.db.gridZone.count();
    // One root per decision; the seven clusters' parts are far fewer than decisions x clusters.
    expect(count("decision")).toBe(recorded.length);
    expect(count("snapshot.clusters[]")).toBeLessThan(recorded.length * clusters);
    expect(count("snapshot.clusters[]")).toBeGreaterThanOrEqual(clusters);
    // One fleet snapshot per placement (and the one before it), one carbon series per zone for the
    // whole cycle, and one coordinator (policy and workload).
    expect(count("snapshot")).toBeLessThanOrEqual(placements + 1);
    expect(count("snapshot.clusters[].series")).toBeLessThanOrEqual(zones);
    expect(count("coordinator")).toBe(1);
  });

  it("the same input stored twice is one row (identical fleet snapshots are stored once)", async () => {
    const db = database.db;
    // Nothing can run: every queued job waits, each decided on the same unchanged fleet.
    await db.node.updateMany({ data: { status: "NOT_READY" } });
    const queued = await db.job.findMany({ where: { status: "QUEUED" }, select: { id: true } });
    expect(queued.length).toBeGreaterThan(1);
    const before = await db.decisionInput.count({ where: { kind: "snapshot" } });
    const t1 = new Date(t0.getTime() + 60_000);
    const report = await runSchedulingCycle(db, { now: t1, seed: 11, maxJobs: 40 });
    const roots = await db.decision.findMany({ where: { createdAt: t1 }, select: { inputHash: true } });
    expect(roots.length).toBe(report.considered - report.repeated);
    expect(roots.length).toBeGreaterThan(1);
    const snapshotRefs = new Set(
      await Promise.all(roots.map(async (r) => (JSON.parse(await partText(db, r.inputHash!)) as { snapshot: { $ref: string } }).snapshot.$ref)),
    );
    expect(snapshotRefs.size).toBe(1);
    expect(await db.decisionInput.count({ where: { kind: "snapshot" } })).toBe(before + 1);
    await db.node.updateMany({ data: { status: "READY" } });
  });

  it("a changed input is reported as tampered and by the paths it changes", async () => {
    const db = database.db;
    const placed = recorded.find((d) => d.outcome === "PLACED")!;
    expect((await replayDecision(db, placed.id)).status).toBe("reproduced");
    await tamperPart(db, placed.inputHash!, (root) => {
      const job = root.job as { estimatedDurationS: number };
      job.estimatedDurationS *= 3;
    });
    const result = await replayDecision(db, placed.id);
    expect(result.status).toBe("mismatch");
    expect(result.inputProblems).toEqual([{ problem: "changed", hash: placed.inputHash, kind: "decision" }]);
    expect(result.differences.length).toBeGreaterThan(0);
    expect(result.differences.every((d) => d.path.startsWith("explanation."))).toBe(true);
    expect(result.differences.some((d) => /energy|duration|emissions|gCo2e/i.test(d.path))).toBe(true);
  });

  it("a changed stored outcome is a mismatch naming the column", async () => {
    const db = database.db;
    const other = recorded.filter((d) => d.outcome === "PLACED")[1]!;
    const row = await db.decision.findUniqueOrThrow({ where: { id: other.id } });
    await db.decision.update({ where: { id: other.id }, data: { startAt: new Date(row.startAt!.getTime() + 3_600_000) } });
    const result = await replayDecision(db, other.id);
    expect(result.status).toBe("mismatch");
    expect(result.inputProblems).toEqual([]);
    expect(result.differences).toEqual([
      {
        path: "startAt",
        stored: JSON.stringify(new Date(row.startAt!.getTime() + 3_600_000).toISOString()),
        replayed: JSON.stringify(row.startAt!.toISOString()),
      },
    ]);
  });

  it("decisions record the engine build; a difference under another build is an engine change, not a mismatch", async () => {
    const db = database.db;
    const [sameBuild, otherBuild] = recorded.filter((d) => d.outcome === "PLACED").slice(4, 6);
    const root = JSON.parse(await partText(db, sameBuild!.inputHash!)) as { engineBuild?: string };
    expect(root.engineBuild).toBe(engineBuild());
    expect((await replayDecision(db, sameBuild!.id)).engine).toEqual({ recorded: engineBuild(), current: engineBuild() });
    // The second decision as if an older engine had made it: a consistent root part naming another build, and a stored start the current engine would not give.
    const older = { ...(JSON.parse(await partText(db, otherBuild!.inputHash!)) as Record<string, unknown>), engineBuild: "0.9.0+000000000000" };
    const text = canonicalJson(older);
    const hash = sha256Hex(text);
    const refs = (await db.decisionInput.findUniqueOrThrow({ where: { hash: otherBuild!.inputHash! } })).refs;
    await db.decisionInput.create({ data: { hash, kind: "decision", body: new Uint8Array(gzipSync(Buffer.from(text))), sizeBytes: text.length, refs } });
    for (const d of [sameBuild!, otherBuild!]) {
      const row = await db.decision.findUniqueOrThrow({ where: { id: d.id } });
      await db.decision.update({
        where: { id: d.id },
        data: { startAt: new Date(row.startAt!.getTime() + 3_600_000), ...(d === otherBuild ? { inputHash: hash } : {}) },
      });
    }
    const changed = await replayDecision(db, otherBuild!.id);
    expect(changed).toMatchObject({ status: "engine-changed", inputProblems: [], engine: { recorded: "0.9.0+000000000000", current: engineBuild() } });
    expect(changed.differences.map((d) => d.path)).toEqual(["startAt"]);
    expect((await replayDecision(db, sameBuild!.id)).status).toBe("mismatch");
    const results: ReplayResult[] = [];
    const summary = await replayAllDecisions(db, (r) => results.push(r));
    expect(summary.engineChanged).toBe(1);
    expect(summary.mismatches).toBe(results.filter((r) => r.status === "mismatch").length);
    // Of the cycle's decisions: the two altered in the tests above, and the one of the same build altered here.
    const ofCycle = new Set(recorded.map((d) => d.id));
    expect(results.filter((r) => ofCycle.has(r.decisionId) && r.status === "mismatch")).toHaveLength(3);
    expect(results.filter((r) => r.status === "engine-changed").map((r) => r.decisionId)).toEqual([otherBuild!.id]);
    // Replays the whole seeded history: slow on a loaded machine.
  }, 300_000);

  it("retention removes the inputs no decision reaches and keeps the shared ones", async () => {
    const db = database.db;
    const [gone, kept] = recorded.filter((d) => d.outcome === "PLACED").slice(2, 4);
    const orphan = { hash: "0".repeat(64), kind: "decision", body: new Uint8Array(gzipSync(Buffer.from("{}"))), sizeBytes: 2, refs: [] };
    await db.decisionInput.create({ data: orphan });
    await db.decision.delete({ where: { id: gone!.id } });
    const pruned = await pruneDecisions(db, new Date(t0.getTime() + 120_000));
    expect(pruned.inputsDeleted).toBeGreaterThanOrEqual(2);
    expect(await db.decisionInput.findUnique({ where: { hash: orphan.hash } })).toBeNull();
    expect(await db.decisionInput.findUnique({ where: { hash: gone!.inputHash! } })).toBeNull();
    // Every remaining decision still finds all its parts.
    const result = await replayDecision(db, kept!.id);
    expect(result).toMatchObject({ status: "reproduced", inputProblems: [] });
    const missing = await db.$queryRaw<
      { n: bigint }[]
    >`SELECT COUNT(*) AS n FROM "DecisionInput" i, unnest(i.refs) r WHERE NOT EXISTS (SELECT 1 FROM "DecisionInput" x WHERE x.hash = r)`;
    expect(Number(missing[0]!.n)).toBe(0);
  });

  it("the replay procedure answers operators and admins and refuses tenants", async () => {
    const db = database.db;
    // Not changed by the tests above.
    const placed = recorded.filter((d) => d.outcome === "PLACED")[3]!;
    for (const tenant of [demoUserIds.aurora, demoUserIds.borealis, demoUserIds.cirrus]) {
      const caller = await callerAs(db, tenant);
      await expect(caller.decisions.replay({ id: placed.id })).rejects.toSatisfy((e: unknown) => e instanceof TRPCError && e.code === "FORBIDDEN");
    }
    for (const staff of [demoUserIds.operator, demoUserIds.admin]) {
      const caller = await callerAs(db, staff);
      const result = await caller.decisions.replay({ id: placed.id });
      expect(result.decisionId).toBe(placed.id);
      expect(result.status).toBe("reproduced");
    }
    await expect((await callerAs(db, demoUserIds.operator)).decisions.replay({ id: "no-such-decision" })).rejects.toSatisfy(
      (e: unknown) => e instanceof TRPCError && e.code === "NOT_FOUND",
    );
  });
});
