import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callerAs, demoUserIds } from "./helpers/callers";
import { fieldErrorsOf } from "./helpers/field-errors";
import { SEED_NOW } from "./helpers/constants";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

const clusterForm = (overrides: Record<string, unknown> = {}) => ({
  name: "yul-audit-1",
  region: "na-east",
  locationName: "Montréal",
  latitude: 45.5,
  longitude: -73.57,
  gridZoneId: "CA-ON",
  tier: "EDGE" as const,
  pue: 1.2,
  status: "ACTIVE" as const,
  driver: "SIMULATED" as const,
  kubeconfig: "",
  namespacePrefix: "verdant-",
  ...overrides,
});

const kubeconfig = (token: string) => `apiVersion: v1
kind: Config
clusters:
- name: yul
  cluster:
    server: https://127.0.0.1:6443
users:
- name: admin
  user:
    token: ${token}
contexts:
- name: yul
  context:
    cluster: yul
    user: admin
current-context: yul
`;

const MIN = 60_000;

describe("the audit log, field by field and filtered", () => {
  let database: TestDatabase;
  let clusterId: string;
  // Every write of this file happens a day after the seed, so the time filter can isolate them.
  const day = new Date(SEED_NOW.getTime() + 86_400_000);
  beforeAll(async () => {
    database = await createSeededDatabase();
    const admin = await callerAs(database.db, demoUserIds.admin, day);
    clusterId = (await admin.clusterAdmin.create(clusterForm({ driver: "KUBERNETES", kubeconfig: kubeconfig("first-secret-token") }))).id;
    const later = await callerAs(database.db, demoUserIds.admin, new Date(day.getTime() + 10 * MIN));
    await later.clusterAdmin.update({
      id: clusterId,
      ...clusterForm({ driver: "KUBERNETES", pue: 1.35, status: "MAINTENANCE", gridZoneId: "GB", kubeconfig: kubeconfig("second-secret-token") }),
    });
  });
  afterAll(() => database.drop());

  it("shows each changed field of a cluster edit with before and after, the zone by name, and the kubeconfig only as changed", async () => {
    const admin = await callerAs(database.db, demoUserIds.admin);
    const { rows } = await admin.policies.audit({ entityType: "Cluster", entityId: clusterId });
    const edit = rows.find((r) => r.action === "cluster.update")!;
    const zones = await database.db.gridZone.findMany({ where: { id: { in: ["CA-ON", "GB"] } }, select: { id: true, name: true } });
    const zoneName = (id: string) => zones.find((z) => z.id === id)!.name;
    expect(edit.changes.filter((c) => !c.path.startsWith("updatedAt"))).toEqual([
      { path: "connection.kubeconfig", before: "", after: "", secret: true },
      { path: "gridZone", before: zoneName("CA-ON"), after: zoneName("GB"), secret: false },
      { path: "pue", before: "1.2", after: "1.35", secret: false },
      { path: "status", before: "ACTIVE", after: "MAINTENANCE", secret: false },
    ]);
    expect(JSON.stringify(rows)).not.toMatch(/secret-token/);
    // A creation lists what it set; its kubeconfig is again only "changed".
    const created = rows.find((r) => r.action === "cluster.create")!;
    expect(created.changes).toContainEqual({ path: "name", before: "—", after: "yul-audit-1", secret: false });
    expect(created.changes).toContainEqual({ path: "connection.kubeconfig", before: "", after: "", secret: true });
    expect(edit.entityName).toBe("yul-audit-1");
  });

  it("diffs a policy save per weight, a quota edit per field, and a user's tenant by name", async () => {
    const admin = await callerAs(database.db, demoUserIds.admin, new Date(day.getTime() + 20 * MIN));
    const state = await admin.policies.get();
    const c = state.active.constraints;
    await admin.policies.save({
      objectiveWeights: { ...state.active.objectiveWeights, carbon: (state.active.objectiveWeights.carbon ?? 0) + 0.25 },
      maxDeferralHours: c.maxDeferralHours,
      minDeferralSavingPct: c.minDeferralSavingPct,
      honorCarbonBudget: c.honorCarbonBudget,
      allowSplitAcrossClusters: c.allowSplitAcrossClusters,
      note: "",
    });
    const { rows } = await admin.policies.audit({ entityType: "Policy" });
    const save = rows.find((r) => r.action === "policy.save")!;
    const carbon = save.changes.find((ch) => ch.path === "objectiveWeights.carbon")!;
    expect(Number(carbon.after) - Number(carbon.before)).toBeCloseTo(0.25, 6);
    expect(save.changes.map((ch) => ch.path)).toContain("version");

    // Two days on (outside the filter test's window): a quota edit and a user moved out of their tenant.
    const elsewhere = await callerAs(database.db, demoUserIds.admin, new Date(day.getTime() + 2 * 86_400_000));
    const tenant = await database.db.tenant.findUniqueOrThrow({ where: { id: "tenant-aurora-labs" }, include: { quota: true } });
    await elsewhere.tenants.update({
      id: tenant.id,
      name: tenant.name,
      maxGpus: tenant.quota!.maxGpus + 8,
      maxGpuHoursPerMonth: tenant.quota!.maxGpuHoursPerMonth,
      carbonBudgetKgPerMonth: tenant.quota!.carbonBudgetKgPerMonth,
    });
    const quota = (await elsewhere.policies.audit({ entityType: "Tenant", entityId: tenant.id })).rows[0]!;
    expect(quota.action).toBe("tenant.update");
    expect(quota.changes.map((ch) => [ch.path.replace(/^.*\./, ""), ch.before, ch.after])).toEqual([
      ["maxGpus", String(tenant.quota!.maxGpus), String(tenant.quota!.maxGpus + 8)],
    ]);
    const member = await database.db.user.findUniqueOrThrow({ where: { id: demoUserIds.cirrus }, include: { tenant: true } });
    await elsewhere.users.update({ id: member.id, name: member.name, role: "OPERATOR", tenantId: null });
    const moved = (await elsewhere.policies.audit({ entityType: "User", entityId: member.id })).rows[0]!;
    expect(moved.changes).toEqual(
      expect.arrayContaining([
        { path: "role", before: "TENANT_MEMBER", after: "OPERATOR", secret: false },
        { path: "tenant", before: member.tenant!.name, after: "—", secret: false },
      ]),
    );
  });

  it("filters by who acted, entity type, one entity and a time range, server-side with the matching total", async () => {
    const admin = await callerAs(database.db, demoUserIds.admin);
    const fromDay = { from: day, to: new Date(day.getTime() + 86_400_000) };
    const mine = await admin.policies.audit({ actorId: demoUserIds.admin, ...fromDay });
    expect(mine.rows.map((r) => r.action).sort()).toEqual(["cluster.create", "cluster.update", "policy.save"]);
    expect(mine.total).toBe(3);
    const clusters = await admin.policies.audit({ entityType: "Cluster", ...fromDay, pageSize: 1 });
    expect(clusters.total).toBe(2);
    expect(clusters.rows).toHaveLength(1);
    expect(clusters.rows[0]!.action).toBe("cluster.update");
    const firstFiveMinutes = await admin.policies.audit({ from: day, to: new Date(day.getTime() + 5 * MIN) });
    expect(firstFiveMinutes.rows.map((r) => r.action)).toEqual(["cluster.create"]);
    const operatorOnly = await admin.policies.audit({ actorId: demoUserIds.operator, ...fromDay });
    expect(operatorOnly.total).toBe(0);
    const system = await admin.policies.audit({ actorId: "system" });
    expect(system.rows.every((r) => r.actor === null)).toBe(true);

    const options = await admin.policies.auditFilters({ entityType: "Cluster", entityId: clusterId });
    expect(options.entityName).toBe("yul-audit-1");
    expect(options.entityTypes).toEqual(expect.arrayContaining(["Cluster", "Policy"]));
    expect(options.actors.map((a) => a.id)).toContain(demoUserIds.admin);

    expect(Object.keys(await fieldErrorsOf(() => admin.policies.audit({ from: fromDay.to, to: fromDay.from })))).toEqual(["to"]);
    expect(Object.keys(await fieldErrorsOf(() => admin.policies.audit({ entityType: "Cluster; DROP" })))).toEqual(["entityType"]);
    const operator = await callerAs(database.db, demoUserIds.operator);
    await expect(operator.policies.auditFilters()).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});
