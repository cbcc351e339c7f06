// The job form's gang options through the tenant's tRPC caller: an elastic range and the one-rack
// rule are stored as asked, bad values are refused naming the field, and nothing is written then.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callerAs, demoUserIds } from "./helpers/callers";
import { fieldErrorsOf } from "./helpers/field-errors";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

const job = (overrides: Record<string, unknown> = {}) => ({
  idempotencyKey: "gang-options-1",
  name: "gang-options",
  kind: "TRAINING" as const,
  cpuMilli: 16_000,
  memoryMib: 65_536,
  gpuCount: 8,
  gpuMilli: 1000,
  gangSize: 8,
  estimatedDurationS: 7200,
  ...overrides,
});

describe("gang options on submission", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createSeededDatabase();
  });
  afterAll(() => database.drop());

  it("stores an elastic 2..8 gang and a one-rack gang as asked", async () => {
    const aurora = await callerAs(database.db, demoUserIds.aurora);
    const elastic = await aurora.jobs.submit(job({ minMembers: 2 }));
    const rack = await aurora.jobs.submit(job({ idempotencyKey: "gang-options-2", name: "one-rack", gangSameRack: true }));
    const rows = await database.db.job.findMany({ where: { id: { in: [elastic.jobId, rack.jobId] } } });
    expect(rows.find((r) => r.id === elastic.jobId)).toMatchObject({ gangSize: 8, minMembers: 2, maxMembers: 8, gangSameRack: false });
    expect(rows.find((r) => r.id === rack.jobId)).toMatchObject({ gangSize: 8, minMembers: null, maxMembers: null, gangSameRack: true });
    // The job as its tenant reads it (and a copy prefills from): the range and the rule come along.
    expect(await aurora.jobs.get({ id: elastic.jobId })).toMatchObject({ gangSize: 8, minMembers: 2, maxMembers: 8, gangSameRack: false });
    expect(await aurora.jobs.get({ id: rack.jobId })).toMatchObject({ gangSameRack: true });
  });

  it("refuses a fewest-nodes count above the gang size, naming the field, and writes nothing", async () => {
    const aurora = await callerAs(database.db, demoUserIds.aurora);
    const before = await database.db.job.count();
    const errors = await fieldErrorsOf(() => aurora.jobs.submit(job({ idempotencyKey: "gang-options-3", minMembers: 9 })));
    expect(errors.minMembers).toMatch(/cannot exceed the gang size/);
    expect(await database.db.job.count()).toBe(before);
  });
});
