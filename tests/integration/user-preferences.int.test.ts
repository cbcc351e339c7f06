import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findSessionUser } from "../../server/repositories/user-repository";
import { callerAs, demoUserIds } from "./helpers/callers";
import { fieldErrorsOf } from "./helpers/field-errors";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

describe("a person's time zone setting", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createSeededDatabase();
  });
  afterAll(() => database.drop());

  it("starts unset (the browser's zone applies) and is stored for the caller only", async () => {
    expect((await findSessionUser(database.db, demoUserIds.aurora))?.timeZone).toBeNull();
    const aurora = await callerAs(database.db, demoUserIds.aurora);
    expect(await aurora.preferences.setTimeZone({ timeZone: "America/Toronto" })).toEqual({ timeZone: "America/Toronto" });
    expect((await findSessionUser(database.db, demoUserIds.aurora))?.timeZone).toBe("America/Toronto");
    expect((await findSessionUser(database.db, demoUserIds.borealis))?.timeZone).toBeNull();
  });

  it("clears back to the browser's zone with null", async () => {
    const operator = await callerAs(database.db, demoUserIds.operator);
    await operator.preferences.setTimeZone({ timeZone: "Europe/Berlin" });
    await operator.preferences.setTimeZone({ timeZone: null });
    expect((await findSessionUser(database.db, demoUserIds.operator))?.timeZone).toBeNull();
  });

  it("refuses an unknown zone naming the field, and anonymous callers", async () => {
    const admin = await callerAs(database.db, demoUserIds.admin);
    expect(await fieldErrorsOf(() => admin.preferences.setTimeZone({ timeZone: "Mars/Olympus_Mons" }))).toEqual({
      timeZone: "Time zone: not a known IANA zone name (for example Europe/Berlin).",
    });
    expect(await fieldErrorsOf(() => admin.preferences.setTimeZone({ timeZone: "x".repeat(65) }))).toEqual({ timeZone: "Time zone: at most 64 characters." });
    expect((await findSessionUser(database.db, demoUserIds.admin))?.timeZone).toBeNull();
    const anonymous = await callerAs(database.db, null);
    await expect(anonymous.preferences.setTimeZone({ timeZone: "UTC" })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });
});
