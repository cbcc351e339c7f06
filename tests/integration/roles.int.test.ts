import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callerAs, demoUserIds } from "./helpers/callers";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

type Caller = Awaited<ReturnType<typeof callerAs>>;

async function codeOf(call: () => Promise<unknown>): Promise<string> {
  try {
    await call();
    return "OK";
  } catch (error) {
    if (error instanceof TRPCError) return error.code;
    throw error;
  }
}

const validJob = (key: string) => ({
  idempotencyKey: key,
  name: "role-check",
  kind: "TRAINING" as const,
  cpuMilli: 4000,
  memoryMib: 8192,
  gpuCount: 1,
  gpuMilli: 1000,
  gangSize: 1,
  estimatedDurationS: 3600,
  priority: 3,
});

describe("role checks on every procedure", () => {
  let database: TestDatabase;
  let anonymous: Caller, admin: Caller, operator: Caller, aurora: Caller, borealis: Caller;
  beforeAll(async () => {
    database = await createSeededDatabase();
    [anonymous, admin, operator, aurora, borealis] = await Promise.all([
      callerAs(database.db, null),
      callerAs(database.db, demoUserIds.admin),
      callerAs(database.db, demoUserIds.operator),
      callerAs(database.db, demoUserIds.aurora),
      callerAs(database.db, demoUserIds.borealis),
    ]);
  });
  afterAll(() => database.drop());

  it.each([
    ["jobs.list", (c: Caller) => c.jobs.list({})],
    ["jobs.mine", (c: Caller) => c.jobs.mine({})],
    ["jobs.submit", (c: Caller) => c.jobs.submit(validJob("anon-key-1"))],
    ["clusters.list", (c: Caller) => c.clusters.list()],
    ["overview.get", (c: Caller) => c.overview.get()],
    ["decisions.get", (c: Caller) => c.decisions.get({ id: "any" })],
    ["jobs.preview", (c: Caller) => c.jobs.preview(validJob("anon-key-2"))],
    ["catalog.formOptions", (c: Caller) => c.catalog.formOptions()],
    ["auth.signOut", (c: Caller) => c.auth.signOut()],
  ])("%s rejects anonymous callers with UNAUTHORIZED", async (_name, call) => {
    expect(await codeOf(() => call(anonymous))).toBe("UNAUTHORIZED");
  });

  it("tenants cannot list the fleet's jobs or clusters", async () => {
    expect(await codeOf(() => aurora.jobs.list({}))).toBe("FORBIDDEN");
    expect(await codeOf(() => aurora.clusters.list())).toBe("FORBIDDEN");
    expect(await codeOf(() => aurora.catalog.tenants())).toBe("FORBIDDEN");
    expect(await codeOf(() => aurora.overview.get())).toBe("FORBIDDEN");
  });

  it("operators and admins cannot submit jobs or use the tenant-only list", async () => {
    for (const staff of [operator, admin]) {
      expect(await codeOf(() => staff.jobs.submit(validJob("staff-key-1")))).toBe("FORBIDDEN");
      expect(await codeOf(() => staff.jobs.mine({}))).toBe("FORBIDDEN");
    }
  });

  it("operators may watch but not cancel", async () => {
    const { rows } = await operator.jobs.list({ statuses: ["QUEUED"], pageSize: 1 });
    expect(await codeOf(() => operator.jobs.cancel({ id: rows[0]!.id }))).toBe("FORBIDDEN");
  });

  it("a tenant sees only its own tenant's jobs", async () => {
    const mine = await aurora.jobs.mine({ pageSize: 200 });
    expect(mine.total).toBeGreaterThan(0);
    expect(new Set(mine.rows.map((j) => j.tenant.slug))).toEqual(new Set(["aurora-labs"]));
  });

  it("a tenant cannot read or cancel another tenant's job, and learns nothing about it", async () => {
    const theirs = (await borealis.jobs.mine({ statuses: ["QUEUED"], pageSize: 1 })).rows[0]!;
    expect(await codeOf(() => aurora.jobs.get({ id: theirs.id }))).toBe("NOT_FOUND");
    expect(await codeOf(() => aurora.jobs.cancel({ id: theirs.id }))).toBe("NOT_FOUND");
    const after = await database.db.job.findUniqueOrThrow({ where: { id: theirs.id } });
    expect(after.status).toBe("QUEUED");
    expect(await codeOf(() => aurora.jobs.get({ id: "no-such-job" }))).toBe("NOT_FOUND");
  });

  it("a tenant can cancel its own queued job once; the change is audited", async () => {
    const own = (await aurora.jobs.mine({ statuses: ["QUEUED"], pageSize: 1 })).rows[0]!;
    await aurora.jobs.cancel({ id: own.id });
    expect((await aurora.jobs.get({ id: own.id })).status).toBe("CANCELLED");
    expect(await codeOf(() => aurora.jobs.cancel({ id: own.id }))).toBe("PRECONDITION_FAILED");
    expect(await database.db.auditLog.count({ where: { entityId: own.id, action: "job.cancel", actorId: demoUserIds.aurora } })).toBe(1);
  });

  it("operators and admins see every tenant's jobs and the clusters", async () => {
    for (const staff of [operator, admin]) {
      const all = await staff.jobs.list({ pageSize: 200 });
      expect(new Set(all.rows.map((j) => j.tenant.slug)).size).toBe(3);
      expect((await staff.clusters.list()).length).toBeGreaterThanOrEqual(6);
      const overview = await staff.overview.get();
      expect(overview.gpus).toBe(7332);
      expect(overview.jobs.queued).toBeGreaterThan(0);
      expect(overview.zones).toHaveLength(6);
    }
  });

  it("sign-in accepts the demo credentials and rejects wrong ones with one message", async () => {
    const result = await anonymous.auth.signIn({ email: "ADA@aurora.example", password: "tenant-demo-pass" });
    expect(result.user.role).toBe("TENANT_MEMBER");
    expect(result.redirectTo).toBe("/tenant/jobs");
    await expect(anonymous.auth.signIn({ email: "ada@aurora.example", password: "nope" })).rejects.toThrow("Wrong e-mail or password.");
    await expect(anonymous.auth.signIn({ email: "nobody@aurora.example", password: "nope" })).rejects.toThrow("Wrong e-mail or password.");
  });

  it("a disabled user is signed out on the next request", async () => {
    await database.db.user.update({ where: { id: demoUserIds.cirrus }, data: { disabledAt: new Date() } });
    await expect(callerAs(database.db, demoUserIds.cirrus)).rejects.toThrow(/no user/);
  });
});
