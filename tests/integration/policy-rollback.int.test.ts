import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runSchedulingCycle } from "../../server/services/scheduling-cycle";
import { callerAs, demoUserIds } from "./helpers/callers";
import { fieldErrorsOf } from "./helpers/field-errors";
import { SEED_NOW } from "./helpers/constants";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

const HOUR = 3_600_000;

describe("placement policy rollback", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createSeededDatabase();
  });
  afterAll(() => database.drop());

  const formFrom = async (overrides: { carbon?: number; maxDeferralHours?: number; note: string }) => {
    const { active } = await (await callerAs(database.db, demoUserIds.admin)).policies.get();
    const c = active.constraints;
    return {
      objectiveWeights: { ...active.objectiveWeights, ...(overrides.carbon !== undefined ? { carbon: overrides.carbon } : {}) },
      maxDeferralHours: overrides.maxDeferralHours ?? c.maxDeferralHours,
      minDeferralSavingPct: c.minDeferralSavingPct,
      honorCarbonBudget: c.honorCarbonBudget,
      allowSplitAcrossClusters: c.allowSplitAcrossClusters,
      note: overrides.note,
    };
  };

  it("saves a new active version equal to the chosen one, keeps the history, audits it, and the next cycle decides under it", async () => {
    const admin = await callerAs(database.db, demoUserIds.admin);
    const v1 = await database.db.policy.findFirstOrThrow({ where: { version: 1 } });
    await admin.policies.save(await formFrom({ carbon: 0.05, note: "less carbon" }));
    await admin.policies.save(await formFrom({ maxDeferralHours: 2, note: "short waits" }));
    await expect(admin.policies.rollback({ version: 3 })).rejects.toThrow("nothing to roll back");

    const rolled = await admin.policies.rollback({ version: 1 });
    expect(rolled).toMatchObject({ version: 4, rolledBackTo: 1 });
    expect(rolled.changes.map((c) => c.key).sort()).toEqual(["constraints.maxDeferralHours", "objectiveWeights.carbon"]);
    const v4 = await database.db.policy.findFirstOrThrow({ where: { version: 4 } });
    expect(v4.active).toBe(true);
    expect(v4.objectiveWeights).toEqual(v1.objectiveWeights);
    expect(v4.constraints).toEqual(v1.constraints);
    expect(await database.db.policy.count()).toBe(4);
    expect(await database.db.policy.count({ where: { active: true } })).toBe(1);

    const state = await admin.policies.get();
    expect(state.versions.map((v) => [v.version, v.active, v.differsFromActive])).toEqual([
      [4, true, 0],
      [3, false, 2],
      [2, false, 1],
      [1, false, 0],
    ]);
    expect(state.versions[0]!.note).toBe("Rolled back to v1");

    const { rows } = await admin.policies.audit({ entityType: "Policy" });
    const entry = rows.find((r) => r.action === "policy.rollback")!;
    expect(entry.actor?.name).toBe("Avery Admin");
    expect(entry.changes).toContainEqual({ path: "rolledBackTo", before: "—", after: "1", secret: false });
    expect(entry.changes.find((c) => c.path === "constraints.maxDeferralHours")).toMatchObject({ before: "2" });

    // The scheduler reads the active version each cycle: the decisions it writes now cite v4.
    const report = await runSchedulingCycle(database.db, { now: new Date(SEED_NOW.getTime() + HOUR), seed: 3, maxJobs: 20 });
    expect(report.considered).toBeGreaterThan(0);
    const decisions = await database.db.decision.findMany({ where: { createdAt: { gte: new Date(SEED_NOW.getTime() + HOUR) } } });
    expect(decisions.length).toBeGreaterThan(0);
    for (const d of decisions) {
      expect(d.policyId).toBe(v4.id);
      expect((d.explanation as { policy: { version: number } }).policy.version).toBe(4);
    }
  });

  it("refuses operators and tenants, an unknown version, and a version that is not a number", async () => {
    for (const who of [demoUserIds.operator, demoUserIds.aurora]) {
      const caller = await callerAs(database.db, who);
      await expect(caller.policies.rollback({ version: 2 })).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
    const admin = await callerAs(database.db, demoUserIds.admin);
    await expect(admin.policies.rollback({ version: 99 })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(Object.keys(await fieldErrorsOf(() => admin.policies.rollback({ version: 0 }))).sort()).toEqual(["version"]);
    expect(await database.db.policy.count()).toBe(4);
  });
});
