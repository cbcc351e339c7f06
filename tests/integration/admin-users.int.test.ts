import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findSessionUser } from "../../server/repositories/user-repository";
import { verifyCredentials } from "../../server/services/auth-service";
import { deleteUser, setUserDisabled, updateUser } from "../../server/services/user-admin-service";
import { callerAs, demoUserIds } from "./helpers/callers";
import { fieldErrorsOf } from "./helpers/field-errors";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

const newUser = (overrides: Record<string, unknown> = {}) => ({
  email: "Dee@Delta.example ",
  name: "Dee Delta",
  role: "TENANT_MEMBER" as const,
  tenantId: "tenant-borealis-ai" as string | null,
  password: "a-long-enough-pass",
  ...overrides,
});

describe("user and role administration", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createSeededDatabase();
  });
  afterAll(() => database.drop());

  it("refuses every write to operators and tenants", async () => {
    for (const who of [demoUserIds.operator, demoUserIds.aurora]) {
      const caller = await callerAs(database.db, who);
      await expect(caller.users.list()).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(caller.users.create(newUser())).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(caller.users.update({ id: who, name: "x", role: "ADMIN", tenantId: null })).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(caller.users.resetPassword({ id: demoUserIds.admin, password: "taken-over-password" })).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(caller.users.setDisabled({ id: demoUserIds.admin, disabled: true })).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(caller.users.delete({ id: demoUserIds.admin })).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
    expect(await database.db.user.count()).toBe(5);
  });

  it("checks that tenant membership matches the role, naming the field", async () => {
    const admin = await callerAs(database.db, demoUserIds.admin);
    expect(await fieldErrorsOf(() => admin.users.create(newUser({ tenantId: null })))).toEqual({ tenantId: "Choose the tenant this member belongs to" });
    expect(await fieldErrorsOf(() => admin.users.create(newUser({ role: "OPERATOR" })))).toEqual({ tenantId: "Only tenant members belong to a tenant" });
    expect(await fieldErrorsOf(() => admin.users.create(newUser({ tenantId: "tenant-nope" })))).toEqual({ tenantId: "No such tenant." });
    expect(Object.keys(await fieldErrorsOf(() => admin.users.create(newUser({ email: "not-an-email", password: "short" })))).sort()).toEqual([
      "email",
      "password",
    ]);
    expect(await fieldErrorsOf(() => admin.users.create(newUser({ email: "ada@aurora.example" })))).toEqual({
      email: "A user with the e-mail ada@aurora.example already exists.",
    });
    expect(await database.db.user.count()).toBe(5);
  });

  it("creates a user who can sign in, changes the role, resets the password, all audited without hashes", async () => {
    const admin = await callerAs(database.db, demoUserIds.admin);
    const created = await admin.users.create(newUser());
    expect(created.email).toBe("dee@delta.example");
    expect((await verifyCredentials(database.db, "dee@delta.example", "a-long-enough-pass")).tenantId).toBe("tenant-borealis-ai");
    // The row as listed shows the membership; a tenant member sees only their tenant's jobs.
    expect((await admin.users.list()).find((u) => u.id === created.id)).toMatchObject({
      role: "TENANT_MEMBER",
      tenantName: "Borealis AI",
      disabledAt: null,
      jobs: 0,
    });

    const promoted = await admin.users.update({ id: created.id, name: "Dee Delta", role: "OPERATOR", tenantId: null });
    expect(promoted).toMatchObject({ role: "OPERATOR", tenantId: null });
    expect((await verifyCredentials(database.db, "dee@delta.example", "a-long-enough-pass")).role).toBe("OPERATOR");

    await admin.users.resetPassword({ id: created.id, password: "another-long-pass" });
    await expect(verifyCredentials(database.db, "dee@delta.example", "a-long-enough-pass")).rejects.toThrow("Wrong e-mail or password.");
    expect((await verifyCredentials(database.db, "dee@delta.example", "another-long-pass")).id).toBe(created.id);

    const entries = await database.db.auditLog.findMany({ where: { entityType: "User", entityId: created.id }, orderBy: { id: "asc" } });
    expect(entries.map((e) => e.action)).toEqual(["user.create", "user.update", "user.reset-password"]);
    expect(entries[1]).toMatchObject({
      actorId: demoUserIds.admin,
      before: { role: "TENANT_MEMBER", tenantId: "tenant-borealis-ai" },
      after: { role: "OPERATOR", tenantId: null },
    });
    expect(entries[2]!.after).toMatchObject({ passwordReset: true });
    expect(JSON.stringify(entries.map((e) => [e.before, e.after]))).not.toMatch(/\$2[aby]\$|passwordHash|long-pass/);
  });

  it("disables a user (sign-in refused, session gone), deletes one without jobs, refuses deleting one with jobs", async () => {
    const admin = await callerAs(database.db, demoUserIds.admin);
    await admin.users.setDisabled({ id: demoUserIds.cirrus, disabled: true });
    await expect(verifyCredentials(database.db, "cy@cirrus.example", "tenant-demo-pass")).rejects.toThrow("Wrong e-mail or password.");
    await expect(callerAs(database.db, demoUserIds.cirrus)).rejects.toThrow(/no user/);
    await admin.users.setDisabled({ id: demoUserIds.cirrus, disabled: false });
    expect((await verifyCredentials(database.db, "cy@cirrus.example", "tenant-demo-pass")).id).toBe(demoUserIds.cirrus);

    const withJobs = await admin.users.delete({ id: demoUserIds.aurora }).catch((e) => e);
    expect(withJobs.code).toBe("PRECONDITION_FAILED");
    expect(withJobs.message).toMatch(/ada@aurora.example submitted \d+ jobs.*disable the account instead/);
    const temp = await admin.users.create(newUser({ email: "temp@delta.example" }));
    await admin.users.delete({ id: temp.id });
    expect(await database.db.user.findUnique({ where: { id: temp.id } })).toBeNull();
    expect(await database.db.auditLog.findFirst({ where: { action: "user.delete", entityId: temp.id } })).toMatchObject({
      before: { email: "temp@delta.example" },
    });
  });

  it("an admin cannot demote, disable or delete themselves; roles take effect at the next request", async () => {
    const admin = await callerAs(database.db, demoUserIds.admin);
    await expect(admin.users.update({ id: demoUserIds.admin, name: "Avery Admin", role: "OPERATOR", tenantId: null })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(admin.users.setDisabled({ id: demoUserIds.admin, disabled: true })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(admin.users.delete({ id: demoUserIds.admin })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await admin.users.update({ id: demoUserIds.admin, name: "Avery A. Admin", role: "ADMIN", tenantId: null });

    // A second admin demotes Avery; Avery's next request is refused (the role is re-read per request).
    const second = await admin.users.create(newUser({ email: "root2@verdant.example", role: "ADMIN", tenantId: null }));
    await (await callerAs(database.db, second.id)).users.update({ id: demoUserIds.admin, name: "Avery A. Admin", role: "OPERATOR", tenantId: null });
    await expect((await callerAs(database.db, demoUserIds.admin)).users.list()).rejects.toMatchObject({ code: "FORBIDDEN" });
    await (await callerAs(database.db, second.id)).users.update({ id: demoUserIds.admin, name: "Avery Admin", role: "ADMIN", tenantId: null });
    await (await callerAs(database.db, demoUserIds.admin)).users.delete({ id: second.id });
    expect(await database.db.user.count({ where: { role: "ADMIN", disabledAt: null } })).toBe(1);
  });

  it("the last active admin cannot be demoted, disabled or deleted (guard checked in the service, whoever asks)", async () => {
    // Only a stale session or a race can reach this (an admin acting on another admin means two exist);
    // call the service as the operator to exercise the guard itself.
    const operator = (await findSessionUser(database.db, demoUserIds.operator))!;
    const now = new Date();
    for (const attempt of [
      () => updateUser(database.db, operator, { id: demoUserIds.admin, name: "Avery", role: "OPERATOR", tenantId: null }, now),
      () => setUserDisabled(database.db, operator, demoUserIds.admin, true, now),
      () => deleteUser(database.db, operator, demoUserIds.admin, now),
    ]) {
      await expect(attempt()).rejects.toMatchObject({
        code: "PRECONDITION_FAILED",
        message: expect.stringMatching(/admin@verdant.example is the last active admin/),
      });
    }
    expect(await database.db.user.findUniqueOrThrow({ where: { id: demoUserIds.admin } })).toMatchObject({ role: "ADMIN", disabledAt: null });
  });

  it("two admins demoting each other at the same moment leave one admin", async () => {
    const database2 = await createSeededDatabase();
    try {
      const admin = await callerAs(database2.db, demoUserIds.admin);
      const other = await admin.users.create(newUser({ email: "twin@verdant.example", role: "ADMIN", tenantId: null }));
      const twin = await callerAs(database2.db, other.id);
      const results = await Promise.allSettled([
        admin.users.update({ id: other.id, name: "Twin", role: "OPERATOR", tenantId: null }),
        twin.users.update({ id: demoUserIds.admin, name: "Avery Admin", role: "OPERATOR", tenantId: null }),
      ]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const rejected = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
      expect(rejected.reason.message).toMatch(/last active admin/);
      expect(await database2.db.user.count({ where: { role: "ADMIN", disabledAt: null } })).toBe(1);
    } finally {
      await database2.drop();
    }
  });
});
