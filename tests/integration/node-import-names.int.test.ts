import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callerAs, demoUserIds } from "./helpers/callers";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

const csv = (...lines: string[]) => ["sn,cpu_milli,memory_mib,gpu,model", ...lines].join("\n") + "\n";

describe("node CSV import applies Kubernetes' node-name rule", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createSeededDatabase();
  });
  afterAll(() => database.drop());

  it("reports markup, emoji and overlong names by line and column, and imports nothing", async () => {
    const admin = await callerAs(database.db, demoUserIds.admin);
    const cluster = await database.db.cluster.findFirstOrThrow({
      where: { status: "ACTIVE", NOT: { connection: { is: { driver: "KUBERNETES" } } } },
      orderBy: { id: "asc" },
    });
    const nodesBefore = await database.db.node.count({ where: { clusterId: cluster.id } });
    const file = csv("yul-ok-1,1000,1024,0,", "<img src=x>,1000,1024,0,", "node-🚀,1000,1024,0,", `${"a".repeat(3000)},1000,1024,0,`);
    const report = await admin.clusterAdmin.previewImport({ clusterId: cluster.id, fileName: "names.csv", csv: file });
    expect(report.ok).toBe(false);
    expect(report.problems.map((p) => [p.line, p.column])).toEqual([
      [3, "sn"],
      [4, "sn"],
      [5, "sn"],
    ]);
    expect(report.problems[2]!.message).toBe("node name is 3,000 characters long; at most 253 are allowed");
    await expect(admin.clusterAdmin.importNodes({ clusterId: cluster.id, fileName: "names.csv", csv: file })).rejects.toThrow(/3 problems \(first, line 3/);
    expect(await database.db.node.count({ where: { clusterId: cluster.id } })).toBe(nodesBefore);
  });
});
