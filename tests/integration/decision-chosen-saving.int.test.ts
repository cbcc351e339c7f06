import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callerAs, demoUserIds } from "./helpers/callers";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

describe("the chosen candidate's saving kept beside each decision", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createSeededDatabase();
  });
  afterAll(() => database.drop());

  it("is the explanation's value on every decision, also on rows written through the app", async () => {
    const template = await database.db.decision.findFirstOrThrow({ where: { outcome: "PLACED" }, orderBy: { createdAt: "desc" } });
    const job = await database.db.job.findFirstOrThrow({ where: { status: "QUEUED" }, orderBy: { id: "asc" } });
    const explanation = template.explanation as { chosen?: { carbon?: Record<string, unknown> }[] };
    const chosen = explanation.chosen?.[0] ?? {};
    const written = await database.db.decision.create({
      data: {
        jobId: job.id,
        outcome: "DEFERRED",
        policyId: template.policyId,
        explanationVersion: template.explanationVersion,
        explanation: { ...explanation, chosen: [{ ...chosen, carbon: { ...chosen.carbon, savingGCo2e: 1234.5 } }] } as object,
      },
    });
    expect(written.chosenSavingGCo2e).toBe(1234.5);
    const mismatched = await database.db.$queryRaw<{ n: number }[]>`
      SELECT COUNT(*)::int AS n FROM "Decision"
      WHERE "chosenSavingGCo2e" IS DISTINCT FROM (explanation -> 'chosen' -> 0 -> 'carbon' ->> 'savingGCo2e')::float8`;
    expect(mismatched[0]!.n).toBe(0);
  });

  it("gives the overview the same carbon saved by waiting as summing the explanations", async () => {
    const placed = await database.db.decision.findFirstOrThrow({
      where: { outcome: "PLACED", job: { placedAt: { not: null } } },
      orderBy: { createdAt: "desc" },
    });
    // Give one placed decision a known saving, so the total cannot be zero by accident.
    await database.db
      .$executeRaw`UPDATE "Decision" SET explanation = jsonb_set(explanation, '{chosen,0,carbon,savingGCo2e}', '777'::jsonb) WHERE id = ${placed.id}`;
    const job = await database.db.job.findUniqueOrThrow({ where: { id: placed.jobId } });
    const now = new Date(job.placedAt!.getTime() + 60_000);
    const expected = await database.db.$queryRaw<{ saved: number }[]>`
      SELECT COALESCE(SUM((d.explanation -> 'chosen' -> 0 -> 'carbon' ->> 'savingGCo2e')::float8), 0)::float8 AS saved
      FROM "Job" j JOIN "Decision" d ON d."jobId" = j.id AND d.outcome = 'PLACED'
      WHERE j."placedAt" >= ${new Date(now.getTime() - 7 * 86_400_000)}`;
    const operator = await callerAs(database.db, demoUserIds.operator, now);
    const { week } = await operator.overview.get();
    expect(expected[0]!.saved).toBeGreaterThanOrEqual(777);
    expect(week.savedByWaitingGCo2e).toBeCloseTo(expected[0]!.saved, 6);
  });
});
