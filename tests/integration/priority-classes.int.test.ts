// Priority classes through the API: admins create and edit them (audited, exactly one default, a new
// priority copied to the class's queued jobs); operators and tenants cannot; everyone signed in lists
// the choices; a tenant's job goes into the chosen class (or the default) with the class's priority
// and its checkpoint interval, and an unknown class is refused naming the field.
import { TRPCError } from "@trpc/server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fieldErrorsOf } from "./helpers/field-errors";
import { callerAs, demoUserIds } from "./helpers/callers";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

const job = (overrides: Record<string, unknown> = {}) => ({
  idempotencyKey: `key-${Math.round(Math.random() * 1e9)}`,
  name: "classy-train",
  kind: "TRAINING" as const,
  cpuMilli: 8000,
  memoryMib: 32768,
  gpuCount: 1,
  gpuMilli: 1000,
  allowedGpuModels: [],
  gangSize: 1,
  estimatedDurationS: 7200,
  allowedRegions: [],
  ...overrides,
});

const form = (overrides: Record<string, unknown> = {}) => ({
  name: "research",
  priority: 300,
  canPreempt: false,
  preemptible: true,
  isDefault: false,
  description: "Exploratory runs",
  ...overrides,
});

describe("priority classes", () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createSeededDatabase();
  });
  afterEach(() => database.drop());

  it("admins create and edit classes, audited, with exactly one default; others are refused", async () => {
    const db = database.db;
    const admin = await callerAs(db, demoUserIds.admin);
    const created = await admin.priorityClasses.save(form());
    expect(created).toMatchObject({ name: "research", priority: 300, isDefault: false });
    expect(await db.auditLog.count({ where: { action: "priority-class.create", entityId: created.id } })).toBe(1);

    // Making it the default clears the flag elsewhere.
    await admin.priorityClasses.save(form({ id: created.id, isDefault: true }));
    const defaults = await db.priorityClass.findMany({ where: { isDefault: true } });
    expect(defaults.map((c) => c.id)).toEqual([created.id]);
    // The only default cannot stop being one.
    const errors = await fieldErrorsOf(() => admin.priorityClasses.save(form({ id: created.id, isDefault: false })));
    expect(errors.isDefault).toMatch(/One class must be the default/);
    // A taken name and a bad priority name their fields.
    expect((await fieldErrorsOf(() => admin.priorityClasses.save(form({ name: "production" })))).name).toMatch(/already exists/);
    expect((await fieldErrorsOf(() => admin.priorityClasses.save(form({ name: "x2", priority: -1 })))).priority).toBe("0 to 1,000,000");

    for (const who of [demoUserIds.operator, demoUserIds.aurora]) {
      const caller = await callerAs(db, who);
      await expect(caller.priorityClasses.save(form({ name: "sneaky" }))).rejects.toBeInstanceOf(TRPCError);
      await expect(caller.priorityClasses.list()).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
    expect(await db.priorityClass.count({ where: { name: "sneaky" } })).toBe(0);
    const choices = await (await callerAs(db, demoUserIds.aurora)).priorityClasses.choices();
    expect(choices.map((c) => c.name)).toContain("research");
  });

  it("a tenant's job takes its class's priority and checkpoint interval; no class means the default; an unknown class is refused", async () => {
    const db = database.db;
    const aurora = await callerAs(db, demoUserIds.aurora);
    const chosen = await aurora.jobs.submit(job({ priorityClassId: "pc-production", checkpointIntervalS: 900 }));
    const row = await db.job.findUniqueOrThrow({ where: { id: chosen.jobId } });
    expect(row).toMatchObject({ priorityClassId: "pc-production", priority: 1000, checkpointIntervalS: 900 });

    const plain = await aurora.jobs.submit(job({ priority: 9 }));
    const def = await db.priorityClass.findFirstOrThrow({ where: { isDefault: true } });
    expect(await db.job.findUniqueOrThrow({ where: { id: plain.jobId } })).toMatchObject({
      priorityClassId: def.id,
      priority: def.priority,
      checkpointIntervalS: null,
    });

    const errors = await fieldErrorsOf(() => aurora.jobs.submit(job({ priorityClassId: "pc-nope" })));
    expect(errors.priorityClassId).toMatch(/No priority class "pc-nope"/);
    expect((await fieldErrorsOf(() => aurora.jobs.submit(job({ checkpointIntervalS: 5 })))).checkpointIntervalS).toMatch(/1 minute to 7 days/);

    // A new priority reaches the class's queued jobs (the queue orders on it).
    const admin = await callerAs(db, demoUserIds.admin);
    const production = await db.priorityClass.findUniqueOrThrow({ where: { id: "pc-production" } });
    await admin.priorityClasses.save({ ...form(), id: production.id, name: production.name, priority: 1200, canPreempt: true, preemptible: false });
    expect((await db.job.findUniqueOrThrow({ where: { id: chosen.jobId } })).priority).toBe(1200);
  });
});
