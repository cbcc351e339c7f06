// Auto-tune on the seeded demo's recorded history: started by an operator, run by the experiment
// runner (search on nine days, validation on the four days after), it stores training and validation
// figures per trial and proposes a policy version; an operator cannot apply it, an admin applies it
// (a new active, audited version) and cannot apply it twice; tenants see none of it. The CLI with the
// same settings reports the same trials (the search is seeded and deterministic). Bad settings are
// refused naming the field, with nothing stored.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startExperimentRunner, type ExperimentRunnerHandle } from "../../server/experiments/runner";
import type { AutoTuneResults } from "../../server/tuning/auto-tune";
import { callerAs, demoUserIds } from "./helpers/callers";
import { SEED_NOW } from "./helpers/constants";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

const root = fileURLToPath(new URL("../..", import.meta.url));
const tsx = fileURLToPath(new URL("../../node_modules/tsx/dist/cli.mjs", import.meta.url));
const settings = { trainingDays: 9, validationDays: 4, budget: 8, seed: 11, maxGarDropPts: 1, maxMeanWaitIncreasePct: 10, validateTop: 3 };

async function rejection(call: () => Promise<unknown>) {
  try {
    await call();
  } catch (error) {
    const e = error as { code: string; message: string; cause?: { field?: string; issues?: { path: (string | number)[] }[] } };
    return { code: e.code, message: e.message, field: e.cause?.field ?? e.cause?.issues?.[0]?.path.join(".") ?? null };
  }
  throw new Error("the call did not fail");
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value ${JSON.stringify(value)?.slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe("auto-tune", () => {
  let t: TestDatabase;
  let runner: ExperimentRunnerHandle;
  beforeAll(async () => {
    t = await createSeededDatabase();
    // A carbon-blind active policy (no carbon weight, no deferral): there is carbon to win back.
    const admin = await callerAs(t.db, demoUserIds.admin);
    const state = await admin.policies.get();
    await admin.policies.save({
      objectiveWeights: { ...state.active.objectiveWeights, carbon: 0 },
      maxDeferralHours: 0,
      minDeferralSavingPct: state.active.constraints.minDeferralSavingPct,
      honorCarbonBudget: state.active.constraints.honorCarbonBudget,
      allowSplitAcrossClusters: state.active.constraints.allowSplitAcrossClusters,
      note: "carbon-blind",
    });
    runner = startExperimentRunner({ db: t.db, databaseUrl: t.url, logger: pino({ level: "silent" }), pollMs: 200, progressMs: 250, sweepMs: 500 });
  });
  afterAll(async () => {
    await runner?.stop();
    await t?.drop();
  });

  let experimentId = "";
  let results: AutoTuneResults;

  it("runs in the experiment runner and proposes a version with training and validation figures", async () => {
    const operator = await callerAs(t.db, demoUserIds.operator);
    const { id } = await operator.autoTune.start({ name: "it: tune", endAt: SEED_NOW.toISOString(), ...settings });
    experimentId = id;
    const seenProgress = new Set<number>();
    const done = await waitFor(
      async () => {
        const e = await operator.autoTune.get({ id });
        seenProgress.add(e.progress);
        return e;
      },
      (e) => e.status !== "QUEUED" && e.status !== "RUNNING",
      300_000,
    );
    expect(done.error).toBeNull();
    expect(done.status).toBe("SUCCEEDED");
    results = done.results!;
    expect(results.trials).toHaveLength(settings.budget);
    expect(results.trials[0]!.phase).toBe("start");
    expect(results.jobs.training).toBeGreaterThan(10);
    expect(results.jobs.validation).toBeGreaterThan(10);
    // Trial 1 is the active policy itself, on both windows.
    expect(results.trials[0]!.training).toEqual(results.active.training);
    expect(results.trials[0]!.validation).toEqual(results.active.validation);
    expect(results.active.version).toBe(2);
    expect(results.winner).not.toBeNull();
    const w = results.winner!;
    expect(results.trials[w.index]!.validation).toEqual(w.validation);
    expect(w.validation.co2eKg).toBeLessThan(results.active.validation.co2eKg);
    expect(w.gains.validation.co2eSavedPct).toBeCloseTo((100 * (results.active.validation.co2eKg - w.validation.co2eKg)) / results.active.validation.co2eKg, 6);
    expect(w.validation.gar).toBeGreaterThanOrEqual(results.active.validation.gar - settings.maxGarDropPts / 100 - 1e-9);
    expect(w.objectiveWeights.carbon).toBeGreaterThan(0);
    expect(done.proposal).toMatchObject({ status: "PROPOSED" });
    expect([...seenProgress].some((p) => p > 0 && p < 1)).toBe(true);
    // Nothing was applied by itself.
    expect((await t.db.policy.findFirstOrThrow({ where: { active: true } })).version).toBe(2);
  }, 320_000);

  it("the CLI with the same settings reports the same trials", () => {
    const keys = Object.entries({
      "--training-days": settings.trainingDays,
      "--validation-days": settings.validationDays,
      "--budget": settings.budget,
      "--seed": settings.seed,
      "--max-gar-drop": settings.maxGarDropPts,
      "--max-wait-increase": settings.maxMeanWaitIncreasePct,
      "--validate-top": settings.validateTop,
    }).flatMap(([k, v]) => [k, String(v)]);
    const run = spawnSync(process.execPath, [tsx, "scripts/auto-tune.ts", ...keys, "--until", SEED_NOW.toISOString(), "--json"], {
      cwd: root,
      encoding: "utf8",
      timeout: 300_000,
      env: { ...process.env, DATABASE_URL: t.url },
    });
    expect(run.stderr).not.toMatch(/auto-tune:/);
    expect(run.status).toBe(0);
    const lines = run.stdout.trim().split("\n");
    console.log(lines.slice(0, -1).join("\n"));
    const cli = JSON.parse(lines.at(-1)!) as AutoTuneResults;
    // Same points in the same order with the same figures (JSONB keeps about 15 significant digits).
    expect(cli.trials.map((x) => x.point)).toEqual(results.trials.map((x) => x.point));
    cli.trials.forEach((x, i) => {
      const stored = results.trials[i]!.training;
      expect(x.training.co2eKg).toBeCloseTo(stored.co2eKg, 9);
      expect(x.training.gar).toBeCloseTo(stored.gar, 12);
      expect(x.training.meanWaitS).toBeCloseTo(stored.meanWaitS, 6);
    });
    expect(cli.winner?.index).toBe(results.winner?.index);
    expect(lines.some((l) => l.startsWith(`winner trial ${results.winner!.index + 1}:`))).toBe(true);
  }, 320_000);

  it("only admins see and apply proposals; applying creates the next active version, audited, once", async () => {
    const operator = await callerAs(t.db, demoUserIds.operator);
    const admin = await callerAs(t.db, demoUserIds.admin);
    const tenant = await callerAs(t.db, demoUserIds.aurora);
    expect((await rejection(() => operator.autoTune.proposals())).code).toBe("FORBIDDEN");
    expect((await rejection(() => tenant.autoTune.proposals())).code).toBe("FORBIDDEN");
    expect((await rejection(() => tenant.autoTune.get({ id: experimentId }))).code).toBe("FORBIDDEN");
    expect((await rejection(() => tenant.autoTune.start({ name: "x", ...settings }))).code).toBe("FORBIDDEN");
    const [proposal] = await admin.autoTune.proposals();
    expect(proposal).toBeDefined();
    expect(proposal!.experimentId).toBe(experimentId);
    expect(proposal!.stale).toBe(false);
    expect(proposal!.changes.some((c) => c.key === "objectiveWeights.carbon" && c.before === 0)).toBe(true);
    expect((await rejection(() => operator.autoTune.applyProposal({ id: proposal!.id, note: "" }))).code).toBe("FORBIDDEN");
    expect((await t.db.policy.findFirstOrThrow({ where: { active: true } })).version).toBe(2);

    const applied = await admin.autoTune.applyProposal({ id: proposal!.id, note: "tuned on history" });
    expect(applied.version).toBe(3);
    const active = await t.db.policy.findFirstOrThrow({ where: { active: true } });
    expect(active.id).toBe(applied.policyId);
    expect(active.objectiveWeights).toEqual(results.winner!.objectiveWeights);
    expect((active.constraints as { maxDeferralHours: number }).maxDeferralHours).toBe(results.winner!.constraints.maxDeferralHours);
    const audit = await t.db.auditLog.findFirstOrThrow({ where: { action: "policy.apply-proposal", entityId: active.id } });
    expect(audit.actorId).toBe(demoUserIds.admin);
    expect((audit.after as { proposalId: string }).proposalId).toBe(proposal!.id);
    expect((await t.db.policyProposal.findUniqueOrThrow({ where: { id: proposal!.id } })).status).toBe("APPLIED");
    expect((await rejection(() => admin.autoTune.applyProposal({ id: proposal!.id, note: "" }))).code).toBe("CONFLICT");
    expect((await rejection(() => admin.autoTune.discardProposal({ id: proposal!.id }))).code).toBe("CONFLICT");
    expect(await admin.autoTune.proposals()).toHaveLength(0);
  });

  it("refuses bad settings naming the field and stores nothing", async () => {
    const operator = await callerAs(t.db, demoUserIds.operator);
    const before = await t.db.experiment.count();
    expect(await rejection(() => operator.autoTune.start({ name: "x", ...settings, budget: 1 }))).toMatchObject({ code: "BAD_REQUEST", field: "budget" });
    expect(await rejection(() => operator.autoTune.start({ name: "x", ...settings, endAt: "2020-01-01T00:00:00Z" }))).toMatchObject({
      code: "BAD_REQUEST",
      field: "trainingDays",
    });
    expect(await rejection(() => operator.autoTune.start({ name: "x", ...settings, endAt: "2030-01-01T00:00:00Z" }))).toMatchObject({
      code: "BAD_REQUEST",
      field: "endAt",
    });
    expect(await t.db.experiment.count()).toBe(before);
  });
});
