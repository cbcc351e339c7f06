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
    const all = parse(await exportJobsCsv(database.db, operator, { sort: { field: "submittedAt", direction: "desc" } }), { columns: true }) as Record<
      string,
      string
    >[];
    expect(all).toHaveLength(await database.db.job.count());
    expect(all.find((r) => r.id === "job-seed-000")?.name).toBe('odd, "quoted" name');
    const cirrus = parse(await exportJobsCsv(database.db, operator, { tenantId: "tenant-cirrus-media", sort: { field: "submittedAt", direction: "desc" } }), {
      columns: true,
    }) as Record<string, string>[];
    expect(cirrus.length).toBe(await database.db.job.count({ where: { tenantId: "tenant-cirrus-media" } }));
    expect(new Set(cirrus.map((r) => r.tenant))).toEqual(new Set(["Cirrus Media"]));
  });

  it("filters by cluster (a decision there) and GPU model (allowed by the job, or held now)", async () => {
    const operator = (await findSessionUser(database.db, demoUserIds.operator))!;
    const sort = { field: "submittedAt", direction: "desc" } as const;
    const decided = await database.db.decision.findFirstOrThrow({ where: { clusterId: { not: null } }, select: { clusterId: true } });
    const inCluster = parse(await exportJobsCsv(database.db, operator, { clusterId: decided.clusterId!, sort }), { columns: true }) as Record<string, string>[];
    expect(inCluster.length).toBe(await database.db.job.count({ where: { decisions: { some: { clusterId: decided.clusterId! } } } }));
    expect(inCluster.length).toBeGreaterThan(0);
    // A job that allows only other models but holds a T4 share matches T4; one that names T4 matches too.
    const [holder, namer] = await database.db.job.findMany({ where: { status: "QUEUED" }, take: 2, orderBy: { id: "asc" } });
    const t4 = await database.db.gpu.findFirstOrThrow({ where: { node: { gpuModelId: "T4" } } });
    await database.db.job.update({ where: { id: holder!.id }, data: { allowedGpuModels: ["V100M16"] } });
    await database.db.gpuShare.create({ data: { jobId: holder!.id, gpuId: t4.id, milli: 100 } });
    await database.db.job.update({ where: { id: namer!.id }, data: { allowedGpuModels: ["T4"] } });
    const t4Jobs = (parse(await exportJobsCsv(database.db, operator, { gpuModel: "T4", sort }), { columns: true }) as Record<string, string>[]).map(
      (r) => r.id,
    );
    expect(t4Jobs).toEqual(expect.arrayContaining([holder!.id, namer!.id]));
    const expected = await database.db.job.count({
      where: { OR: [{ allowedGpuModels: { has: "T4" } }, { gpuShares: { some: { gpu: { node: { gpuModelId: "T4" } } } } }] },
    });
    expect(t4Jobs).toHaveLength(expected);
    const v100 = (parse(await exportJobsCsv(database.db, operator, { gpuModel: "V100M16", sort }), { columns: true }) as Record<string, string>[]).map(
      (r) => r.id,
    );
    expect(v100).toContain(holder!.id);
    expect(v100).not.toContain(namer!.id);
  });

  it("refuses tenants", async () => {
    const tenant = (await findSessionUser(database.db, demoUserIds.aurora))!;
    await expect(exportJobsCsv(database.db, tenant, { sort: { field: "submittedAt", direction: "desc" } })).rejects.toThrow(/operator or admin/);
  });
});
