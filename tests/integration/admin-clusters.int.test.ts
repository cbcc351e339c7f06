import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStoredSecret, SECRET_PURPOSES } from "../../server/secrets/stored-secrets";
import { runSchedulingCycle } from "../../server/services/scheduling-cycle";
import { callerAs, demoUserIds } from "./helpers/callers";
import { fieldErrorsOf } from "./helpers/field-errors";
import { SEED_NOW } from "./helpers/constants";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

const clusterForm = (overrides: Record<string, unknown> = {}) => ({
  name: "yul-edge-1",
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

const KUBECONFIG = `apiVersion: v1
kind: Config
clusters:
- name: yul
  cluster:
    server: https://127.0.0.1:6443
users:
- name: admin
  user:
    token: secret-token-value
contexts:
- name: yul
  context:
    cluster: yul
    user: admin
current-context: yul
`;

const csv = (...lines: string[]) => ["sn,cpu_milli,memory_mib,gpu,model", ...lines].join("\n") + "\n";

describe("cluster administration", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createSeededDatabase();
  });
  afterAll(() => database.drop());

  const audits = (action: string) => database.db.auditLog.findMany({ where: { action }, orderBy: { id: "asc" } });

  it("refuses every write to operators and tenants", async () => {
    for (const who of [demoUserIds.operator, demoUserIds.aurora]) {
      const caller = await callerAs(database.db, who);
      await expect(caller.clusterAdmin.create(clusterForm())).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(caller.clusterAdmin.update({ id: "cluster-tor-hub-1", ...clusterForm() })).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(caller.clusterAdmin.retire({ id: "cluster-tor-hub-1" })).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(caller.clusterAdmin.importNodes({ clusterId: "cluster-tor-hub-1", csv: csv("x,1000,1024,0,") })).rejects.toMatchObject({
        code: "FORBIDDEN",
      });
      await expect(caller.clusterAdmin.get({ id: "cluster-tor-hub-1" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
    expect(await database.db.cluster.count()).toBe(7);
  });

  it("names the invalid fields and writes nothing", async () => {
    const admin = await callerAs(database.db, demoUserIds.admin);
    expect(Object.keys(await fieldErrorsOf(() => admin.clusterAdmin.create(clusterForm({ name: "Bad Name", pue: 0.8, latitude: 95 })))).sort()).toEqual([
      "latitude",
      "name",
      "pue",
    ]);
    expect(await fieldErrorsOf(() => admin.clusterAdmin.create(clusterForm({ gridZoneId: "XX" })))).toEqual({ gridZoneId: 'No grid zone "XX".' });
    expect(await fieldErrorsOf(() => admin.clusterAdmin.create(clusterForm({ name: "tor-hub-1" })))).toEqual({
      name: 'A cluster named "tor-hub-1" already exists.',
    });
    expect((await fieldErrorsOf(() => admin.clusterAdmin.create(clusterForm({ driver: "KUBERNETES", kubeconfig: "not: [valid" })))).kubeconfig).toMatch(
      /kubeconfig could not be read/,
    );
    expect((await fieldErrorsOf(() => admin.clusterAdmin.create(clusterForm({ driver: "KUBERNETES" })))).kubeconfig).toMatch(/Paste the kubeconfig/);
    expect(await database.db.cluster.count()).toBe(7);
    expect(await audits("cluster.create")).toHaveLength(0);
  });

  it("creates and edits a cluster with a Kubernetes connection whose kubeconfig never comes back", async () => {
    const admin = await callerAs(database.db, demoUserIds.admin);
    const created = await admin.clusterAdmin.create(clusterForm({ driver: "KUBERNETES", kubeconfig: KUBECONFIG }));
    expect(created.connection).toEqual({ driver: "KUBERNETES", kubeconfigSet: true, namespacePrefix: "verdant-", lastSyncAt: null, lastError: null });
    expect(JSON.stringify(created)).not.toContain("secret-token-value");
    const stored = await database.db.clusterConnection.findUnique({ where: { clusterId: created.id } });
    // Stored sealed: the column holds no plaintext, the server's key opens it.
    expect(stored?.kubeconfig).toMatch(/^enc:v1:/);
    expect(stored?.kubeconfig).not.toContain("secret-token-value");
    expect(openStoredSecret(SECRET_PURPOSES.kubeconfig, stored!.kubeconfig!, "test")).toBe(KUBECONFIG.trim());

    // Editing with a blank kubeconfig keeps the stored one.
    const edited = await admin.clusterAdmin.update({ id: created.id, ...clusterForm({ driver: "KUBERNETES", pue: 1.35, status: "MAINTENANCE" }) });
    expect(edited).toMatchObject({ pue: 1.35, status: "MAINTENANCE", connection: { kubeconfigSet: true } });
    const fetched = await admin.clusterAdmin.get({ id: created.id });
    expect(JSON.stringify(fetched)).not.toContain("secret-token-value");
    expect(fetched.nodes).toBe(0);

    // Back to the simulated driver clears the credentials.
    await admin.clusterAdmin.update({ id: created.id, ...clusterForm({ pue: 1.35 }) });
    expect((await database.db.clusterConnection.findUnique({ where: { clusterId: created.id } }))?.kubeconfig).toBeNull();

    const entries = [...(await audits("cluster.create")), ...(await audits("cluster.update"))];
    expect(entries.map((e) => e.action)).toEqual(["cluster.create", "cluster.update", "cluster.update"]);
    expect(entries.every((e) => e.actorId === demoUserIds.admin)).toBe(true);
    expect(JSON.stringify(entries.map((e) => [e.before, e.after]))).not.toContain("secret-token-value");
    expect(entries[1]!.before).toMatchObject({ pue: 1.2, status: "ACTIVE" });
    expect(entries[1]!.after).toMatchObject({ pue: 1.35, status: "MAINTENANCE", connection: { kubeconfigChanged: false } });
    expect(entries[2]!.after).toMatchObject({ connection: { driver: "SIMULATED", kubeconfigSet: false, kubeconfigChanged: true } });
  });

  it("previews a node CSV with a per-line report and imports nothing while any line is bad", async () => {
    const admin = await callerAs(database.db, demoUserIds.admin);
    const cluster = await database.db.cluster.findUniqueOrThrow({ where: { name: "yul-edge-1" } });
    const bad = csv(
      "yul-n1,64000,524288,8,A100-SXM4-80GB",
      "yul-n2,64000,lots,8,A100-SXM4-80GB",
      "",
      "yul-n3,32000,262144,4,B200",
      "openb-node-0000,32000,262144,0,",
      "yul-n1,1000,1024,0,",
      "yul-n4,1000,1024,0",
    );
    const report = await admin.clusterAdmin.previewImport({ clusterId: cluster.id, fileName: "yul.csv", csv: bad });
    expect(report.ok).toBe(false);
    expect(report.problems.map((p) => [p.line, p.column])).toEqual([
      [3, "memory_mib"],
      [5, "model"],
      [6, "sn"],
      [7, "sn"],
      [8, null],
    ]);
    expect(report.problems[1]!.message).toBe('GPU model "B200" is not in the catalog');
    expect(report.problems[2]!.message).toMatch(/already exists in cluster tor-hub-1/);
    expect(report.problems[3]!.message).toMatch(/first on line 2/);
    expect(report.unknownModels).toEqual([{ model: "B200", lines: 1, suggestion: null }]);
    expect(report.duplicateNames).toBe(1);
    expect(report.add).toMatchObject({ nodes: 1, gpus: 8 });

    const error = await admin.clusterAdmin.importNodes({ clusterId: cluster.id, fileName: "yul.csv", csv: bad }).catch((e) => e);
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.message).toMatch(/yul.csv has 5 problems \(first, line 3 column "memory_mib"/);
    expect(error.message).toMatch(/nothing was imported/);
    expect(await database.db.node.count({ where: { clusterId: cluster.id } })).toBe(0);
    expect(await audits("cluster.import-nodes")).toHaveLength(0);
  });

  it("imports a valid node CSV with its GPUs in one go, racked after the existing nodes, and audits it", async () => {
    const admin = await callerAs(database.db, demoUserIds.admin);
    const cluster = await database.db.cluster.findUniqueOrThrow({ where: { name: "yul-edge-1" } });
    const lines = Array.from({ length: 18 }, (_, i) => `yul-n${i + 1},64000,524288,${i % 3 === 0 ? 0 : 8},${i % 3 === 0 ? "" : "a10".toUpperCase()}`);
    const preview = await admin.clusterAdmin.previewImport({ clusterId: cluster.id, fileName: "yul.csv", csv: csv(...lines) });
    expect(preview).toMatchObject({ ok: true, problemCount: 0, dataLines: 18, add: { nodes: 18, gpus: 96 } });
    expect(preview.add.byModel).toEqual([
      { model: "A10", nodes: 12, gpus: 96 },
      { model: "CPU only", nodes: 6, gpus: 0 },
    ]);
    expect(await database.db.node.count({ where: { clusterId: cluster.id } })).toBe(0);

    const result = await admin.clusterAdmin.importNodes({ clusterId: cluster.id, fileName: "yul.csv", csv: csv(...lines) });
    expect(result).toMatchObject({ nodesBefore: 0, nodesAfter: 18 });
    const nodes = await database.db.node.findMany({ where: { clusterId: cluster.id }, include: { gpus: true }, orderBy: { name: "asc" } });
    expect(nodes).toHaveLength(18);
    expect(nodes.reduce((s, n) => s + n.gpus.length, 0)).toBe(96);
    expect(new Set(nodes.map((n) => n.rackGroup))).toEqual(new Set(["rack-00", "rack-01"]));
    expect((await admin.clusterAdmin.get({ id: cluster.id })).nodes).toBe(18);

    // A second file continues the rack numbering, and re-importing a name is a duplicate.
    const again = await admin.clusterAdmin.previewImport({ clusterId: cluster.id, csv: csv("yul-n1,1000,1024,0,", "yul-n99,1000,1024,0,") });
    expect(again.problems).toEqual([{ line: 2, column: "sn", message: 'node "yul-n1" already exists in cluster yul-edge-1' }]);
    await admin.clusterAdmin.importNodes({ clusterId: cluster.id, csv: csv("yul-n99,1000,1024,0,") });
    expect((await database.db.node.findFirstOrThrow({ where: { clusterId: cluster.id, name: "yul-n99" } })).rackGroup).toBe("rack-02");

    const [first] = await audits("cluster.import-nodes");
    expect(first).toMatchObject({
      actorId: demoUserIds.admin,
      entityId: cluster.id,
      before: { nodes: 0 },
      after: { nodes: 18, added: 18, gpus: 96, fileName: "yul.csv" },
    });
  });

  it("refuses to retire a cluster while jobs run there, explains draining, and retires an idle one", async () => {
    await runSchedulingCycle(database.db, { now: new Date(SEED_NOW.getTime() + 60_000), seed: 3, maxJobs: 100 });
    const admin = await callerAs(database.db, demoUserIds.admin);
    const busy = await database.db.cluster.findFirstOrThrow({ where: { decisions: { some: { outcome: "PLACED" } } } });
    const impact = (await admin.clusterAdmin.get({ id: busy.id })).retireImpact;
    expect(impact.runningJobs).toBeGreaterThan(0);
    const error = await admin.clusterAdmin.retire({ id: busy.id }).catch((e) => e);
    expect(error.code).toBe("PRECONDITION_FAILED");
    expect(error.message).toMatch(new RegExp(`still runs ${impact.runningJobs} jobs on ${impact.busyNodes} nodes.*Draining`));
    expect((await database.db.cluster.findUniqueOrThrow({ where: { id: busy.id } })).status).toBe("ACTIVE");

    const idle = await database.db.cluster.findUniqueOrThrow({ where: { name: "yul-edge-1" } });
    const retired = await admin.clusterAdmin.retire({ id: idle.id });
    expect(retired.status).toBe("RETIRED");
    await expect(admin.clusterAdmin.retire({ id: idle.id })).rejects.toMatchObject({ code: "PRECONDITION_FAILED" });
    await expect(admin.clusterAdmin.importNodes({ clusterId: idle.id, csv: csv("yul-n100,1000,1024,0,") })).rejects.toThrow(/is retired/);
    expect((await admin.catalog.formOptions()).regions.find((r) => r.region === "na-east")?.clusters).toBe(2);
    const [entry] = await audits("cluster.retire");
    expect(entry).toMatchObject({ entityId: idle.id, before: { status: "ACTIVE" }, after: { status: "RETIRED" } });
  });
});
