import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runSchedulingCycle } from "../../server/services/scheduling-cycle";
import { callerAs, demoUserIds } from "./helpers/callers";
import { SEED_NOW } from "./helpers/constants";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

const form = (overrides: Record<string, unknown> = {}) => ({
  objectiveWeights: { carbon: 0.4, fragmentation: 0.3, waiting: 0.2, locality: 0.1, kind: 0.1 },
  maxDeferralHours: 24,
  minDeferralSavingPct: 1,
  honorCarbonBudget: true,
  allowSplitAcrossClusters: true,
  note: "",
  ...overrides,
});

describe("placement policy administration", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createSeededDatabase();
    await runSchedulingCycle(database.db, { now: new Date(SEED_NOW.getTime() + 60_000), seed: 3, maxJobs: 100 });
  });
  afterAll(() => database.drop());

  it("only admins may preview or save; operators may read", async () => {
    const operator = await callerAs(database.db, demoUserIds.operator);
    const tenant = await callerAs(database.db, demoUserIds.aurora);
    await expect(operator.policies.save(form({ maxDeferralHours: 2 }))).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(tenant.policies.get()).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(operator.policies.audit({})).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect((await operator.policies.get()).active.version).toBe(1);
  });

  it("rejects bad values with field errors and saves nothing", async () => {
    const admin = await callerAs(database.db, demoUserIds.admin);
    const error = await admin.policies.save(form({ objectiveWeights: { carbon: -1, fragmentation: 0, waiting: 0, locality: 0 } })).catch((e) => e);
    expect(error).toBeInstanceOf(TRPCError);
    expect(error.code).toBe("BAD_REQUEST");
    await expect(admin.policies.save(form())).rejects.toThrow("Nothing changed");
    expect(await database.db.policy.count()).toBe(1);
  });

  it("previews the effect of an edit on recent decisions without saving", async () => {
    const admin = await callerAs(database.db, demoUserIds.admin);
    const preview = await admin.policies.preview(form({ objectiveWeights: { carbon: 0, fragmentation: 0, waiting: 1, locality: 0 }, maxDeferralHours: 0 }));
    expect(preview.jobs).toBeGreaterThan(10);
    expect(preview.changed).toBeGreaterThan(0);
    expect(preview.changes.map((c) => c.key)).toEqual(expect.arrayContaining(["objectiveWeights.carbon", "constraints.maxDeferralHours"]));
    expect(preview.gCo2eCurrent).toBeGreaterThan(0);
    expect(preview.gCo2eEdited).toBeGreaterThan(0);
    // No waiting allowed: nothing the edited policy decides may be deferred.
    expect(preview.rows.every((r) => r.edited.outcome !== "deferred")).toBe(true);
    expect(await database.db.policy.count()).toBe(1);
  });

  it("saves an edit as a new active version with its diff, audited with before and after", async () => {
    const admin = await callerAs(database.db, demoUserIds.admin);
    const saved = await admin.policies.save(form({ maxDeferralHours: 12, note: "shorter waits" }));
    expect(saved.version).toBe(2);
    expect(saved.changes).toEqual([{ key: "constraints.maxDeferralHours", before: 24, after: 12 }]);
    const state = await admin.policies.get();
    expect(state.active.version).toBe(2);
    expect(state.versions.map((v) => [v.version, v.active])).toEqual([
      [2, true],
      [1, false],
    ]);
    const audit = await admin.policies.audit({});
    const entry = audit.rows.find((r) => r.action === "policy.save")!;
    expect(entry.actor?.name).toBe("Avery Admin");
    expect(entry.before).toMatchObject({ version: 1 });
    expect(entry.after).toMatchObject({ version: 2, note: "shorter waits" });
  });

  it("keeps a load weight through save and read (every registered objective is in the form), and refuses an unknown objective by name", async () => {
    const admin = await callerAs(database.db, demoUserIds.admin);
    const saved = await admin.policies.save(
      form({ objectiveWeights: { carbon: 0.4, fragmentation: 0.3, waiting: 0.2, locality: 0.1, kind: 0.1, load: 0.5 }, note: "spread load too" }),
    );
    expect(saved.changes).toContainEqual({ key: "objectiveWeights.load", before: 0, after: 0.5 });
    const state = await admin.policies.get();
    expect(state.active.objectiveWeights).toEqual({ carbon: 0.4, fragmentation: 0.3, waiting: 0.2, locality: 0.1, kind: 0.1, load: 0.5 });
    const row = await database.db.policy.findFirstOrThrow({ where: { active: true } });
    expect(row.objectiveWeights).toMatchObject({ load: 0.5 });
    // The editor sends back what it was given: saving it again changes nothing (the load weight is not dropped).
    await expect(admin.policies.save(form({ objectiveWeights: state.active.objectiveWeights, note: "" }))).rejects.toThrow("Nothing changed");
    const error = await admin.policies.save(form({ objectiveWeights: { carbon: 1, speed: 1 } })).catch((e) => e);
    expect(error).toBeInstanceOf(TRPCError);
    expect(error.code).toBe("BAD_REQUEST");
    expect(JSON.stringify(error.cause ?? error.message)).toContain("speed");
  });
});
