import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordAudit } from "../../server/repositories/audit-repository";
import { callerAs, demoUserIds } from "./helpers/callers";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

describe("the audit log names what changed", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createSeededDatabase();
  });
  afterAll(() => database.drop());

  it("shows the entity's current name, the recorded name of a deleted one, and the id only as a last resort", async () => {
    const cluster = await database.db.cluster.findFirstOrThrow({ orderBy: { id: "asc" } });
    const at = new Date("2099-01-01T00:00:00Z");
    await recordAudit(database.db, { actorId: demoUserIds.admin, action: "cluster.update", entityType: "Cluster", entityId: cluster.id, at });
    await recordAudit(database.db, {
      actorId: demoUserIds.admin,
      action: "tenant.delete",
      entityType: "Tenant",
      entityId: "tenant-long-gone",
      before: { name: "Gone Tenant Ltd" },
      at: new Date(at.getTime() - 1000),
    });
    await recordAudit(database.db, { actorId: null, action: "thing.poke", entityType: "Thing", entityId: "thing-42", at: new Date(at.getTime() - 2000) });
    const admin = await callerAs(database.db, demoUserIds.admin);
    const { rows } = await admin.policies.audit({ page: 1, pageSize: 3 });
    expect(rows.map((r) => r.entityName)).toEqual([cluster.name, "Gone Tenant Ltd", "thing-42"]);
    expect(cluster.name).not.toBe(cluster.id);
  });
});
