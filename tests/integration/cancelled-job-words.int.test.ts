import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findSessionUser } from "../../server/repositories/user-repository";
import { exportJobsCsv } from "../../server/services/job-export";
import { callerAs, demoUserIds } from "./helpers/callers";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

describe("a job cancelled while deferred", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createSeededDatabase();
  });
  afterAll(() => database.drop());

  it("exports as cancelled, not deferred, and refusing a second cancel reads as English", async () => {
    const job = await database.db.job.findFirstOrThrow({ where: { status: "QUEUED", tenantId: "tenant-aurora-labs" }, orderBy: { id: "asc" } });
    const cluster = await database.db.cluster.findFirstOrThrow({ orderBy: { id: "asc" } });
    const template = await database.db.decision.findFirstOrThrow({ orderBy: { createdAt: "desc" } });
    // The latest decision deferred the job (recorded here so the case does not depend on the seed's dice).
    await database.db.decision.create({
      data: {
        jobId: job.id,
        outcome: "DEFERRED",
        clusterId: cluster.id,
        startAt: new Date(template.createdAt.getTime() + 3_600_000),
        policyId: template.policyId,
        explanationVersion: template.explanationVersion,
        explanation: template.explanation as object,
        createdAt: new Date(template.createdAt.getTime() + 1_000),
      },
    });
    const aurora = await callerAs(database.db, demoUserIds.aurora);
    await aurora.jobs.cancel({ id: job.id });

    const operator = (await findSessionUser(database.db, demoUserIds.operator))!;
    const rows = parse(await exportJobsCsv(database.db, operator, { search: job.name, sort: { field: "submittedAt", direction: "desc" } }), {
      columns: true,
    }) as Record<string, string>[];
    const row = rows.find((r) => r.id === job.id)!;
    expect(row.status).toBe("CANCELLED");
    expect(row.decision_outcome).toBe("CANCELLED");

    await expect(aurora.jobs.cancel({ id: job.id })).rejects.toThrow("Only queued or placed jobs can be cancelled; this one was cancelled.");
  });
});
