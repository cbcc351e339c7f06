import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findSessionUser } from "../../server/repositories/user-repository";
import { exportJobsCsv } from "../../server/services/job-export";
import { demoUserIds } from "./helpers/callers";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

describe("jobs CSV export", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createSeededDatabase();
  });
  afterAll(() => database.drop());

  it("exports exactly the filtered jobs with a header, quoting what needs quoting", async () => {
    await database.db.job.update({ where: { id: "job-seed-000" }, data: { name: 'odd, "quoted" name' } });
    const operator = (await findSessionUser(database.db, demoUserIds.operator))!;
    const all = parse(await exportJobsCsv(database.db, operator, { sort: { field: "submittedAt", direction: "desc" } }), { columns: true }) as Record<string, string>[];
    expect(all).toHaveLength(await database.db.job.count());
    expect(all.find((r) => r.id === "job-seed-000")?.name).toBe('odd, "quoted" name');
    const cirrus = parse(await exportJobsCsv(database.db, operator, { tenantId: "tenant-cirrus-media", sort: { field: "submittedAt", direction: "desc" } }), { columns: true }) as Record<string, string>[];
    expect(cirrus.length).toBe(await database.db.job.count({ where: { tenantId: "tenant-cirrus-media" } }));
    expect(new Set(cirrus.map((r) => r.tenant))).toEqual(new Set(["Cirrus Media"]));
  });

  it("refuses tenants", async () => {
    const tenant = (await findSessionUser(database.db, demoUserIds.aurora))!;
    await expect(exportJobsCsv(database.db, tenant, { sort: { field: "submittedAt", direction: "desc" } })).rejects.toThrow(/operator or admin/);
  });
});
