import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callerAs, demoUserIds } from "./helpers/callers";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

describe("the overview's latest decisions", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createSeededDatabase();
  });
  afterAll(() => database.drop());

  it("shows each job once, with its newest decision, when a waiting job is re-decided every cycle", async () => {
    const template = await database.db.decision.findFirstOrThrow({ orderBy: { createdAt: "desc" } });
    const waiting = await database.db.job.findFirstOrThrow({ where: { status: "QUEUED" }, orderBy: { id: "asc" } });
    // Twelve cycles re-decide the same waiting job, each newer than anything in the seed.
    const cycles = Array.from({ length: 12 }, (_, i) => new Date(template.createdAt.getTime() + (i + 1) * 30_000));
    for (const at of cycles)
      await database.db.decision.create({
        data: {
          jobId: waiting.id,
          outcome: "DEFERRED",
          policyId: template.policyId,
          explanationVersion: template.explanationVersion,
          explanation: template.explanation as object,
          startAt: new Date(at.getTime() + 3_600_000),
          createdAt: at,
        },
      });
    const operator = await callerAs(database.db, demoUserIds.operator, new Date(cycles.at(-1)!.getTime() + 60_000));
    const { decisions } = await operator.overview.get();
    expect(decisions.length).toBeGreaterThan(1);
    expect(decisions.filter((d) => d.jobName === waiting.name)).toHaveLength(1);
    expect(decisions[0]).toMatchObject({ jobName: waiting.name, createdAt: cycles.at(-1) });
  });
});
