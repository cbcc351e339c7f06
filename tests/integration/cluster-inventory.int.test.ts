// Kubernetes clusters as the admin form sets them up, against the local stand-in API server
// (helpers/kubernetes-stand-in.ts; no real API server can run here): the node list is imported when
// the cluster is created, the worker's refresh records what drifted (added, removed, changed) on the
// cluster page and in /api/metrics, and Jobs go to the namespace the cluster's prefix names.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDriverSet } from "../../server/services/cluster-drivers";
import { createJobRunner } from "../../server/services/job-runner";
import { settleInventoryEdits } from "../../server/services/inventory-service";
import { renderPrometheusMetrics } from "../../server/services/prometheus-metrics";
import { callerAs, demoUserIds } from "./helpers/callers";
import { SEED_NOW } from "./helpers/constants";
import { fieldErrorsOf } from "./helpers/field-errors";
import { localKubeconfig } from "./helpers/kubeconfig";
import { listenStandIn } from "./helpers/kubernetes-stand-in";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

type Caller = Awaited<ReturnType<typeof callerAs>>;
const now = new Date(SEED_NOW.getTime() + 60_000);
const REFRESH_MS = 60_000;

/** A Kubernetes Node as the API server lists it. */
const k8sNode = (name: string, o: { product?: string; gpus?: number; cpu?: string; memory?: string; rack?: string; ready?: boolean } = {}) => ({
  metadata: {
    name,
    labels: {
      "kubernetes.io/hostname": name,
      ...(o.product ? { "nvidia.com/gpu.product": o.product } : {}),
      ...(o.rack ? { "verdant.io/rack": o.rack } : {}),
      "topology.kubernetes.io/zone": "zone-b",
    },
  },
  status: {
    capacity: { cpu: o.cpu ?? "64", memory: o.memory ?? "512Gi", ...(o.gpus ? { "nvidia.com/gpu": String(o.gpus) } : {}) },
    conditions: [{ type: "Ready", status: o.ready === false ? "False" : "True" }],
  },
});

const clusterForm = (kubeconfig: string, overrides: Record<string, unknown> = {}) => ({
  name: "k8s-mtl-1",
  region: "na-east",
  locationName: "Montréal",
  latitude: 45.5,
  longitude: -73.57,
  gridZoneId: "CA-ON",
  tier: "REGIONAL" as const,
  pue: 1.2,
  status: "ACTIVE" as const,
  driver: "KUBERNETES" as const,
  kubeconfig,
  namespacePrefix: "mlops-",
  ...overrides,
});

describe("Kubernetes cluster inventory and namespaces (stand-in API server)", () => {
  let database: TestDatabase;
  let standIn: Awaited<ReturnType<typeof listenStandIn>>;
  let admin: Caller;
  let clusterId: string;
  beforeAll(async () => {
    database = await createSeededDatabase();
    standIn = await listenStandIn();
    standIn.control.nodes = {
      items: [
        k8sNode("k-a100-1", { product: "NVIDIA-A100-SXM4-80GB", gpus: 8, cpu: "96", memory: "1Ti", rack: "r1" }),
        k8sNode("k-t4-1", { product: "Tesla-T4", gpus: 4, cpu: "32", memory: "128Gi", rack: "r2" }),
        k8sNode("k-cpu-1", { cpu: "16", memory: "64Gi", ready: false }),
        k8sNode("k-l40s-1", { product: "NVIDIA-L40S", gpus: 4 }),
      ],
    };
    admin = await callerAs(database.db, demoUserIds.admin, now);
  });
  afterAll(async () => {
    await standIn.close();
    await database.drop();
  });

  const nodesOf = () =>
    database.db.node.findMany({
      where: { clusterId },
      orderBy: { name: "asc" },
      select: {
        name: true,
        gpuModelId: true,
        gpuCount: true,
        cpuMilli: true,
        rackGroup: true,
        status: true,
        removedAt: true,
        _count: { select: { gpus: true } },
      },
    });

  it("refuses a namespace prefix that is no DNS-1123 label start or too long for the longest tenant slug, naming the field", async () => {
    for (const namespacePrefix of ["Team_A-", "-team", "x".repeat(24)]) {
      const errors = await fieldErrorsOf(() => admin.clusterAdmin.create(clusterForm(standIn.kubeconfig, { namespacePrefix })));
      expect(Object.keys(errors)).toEqual(["namespacePrefix"]);
      expect(errors.namespacePrefix).toMatch(/^Namespace prefix: /);
    }
    expect(await database.db.cluster.count({ where: { name: "k8s-mtl-1" } })).toBe(0);
  });

  it("imports the node list when the cluster is created: GPU model from labels, GPU count, CPU, memory, rack", async () => {
    const created = await admin.clusterAdmin.create(clusterForm(standIn.kubeconfig));
    clusterId = created.id;
    expect(created.inventory).toEqual({ ok: true, nodesReported: 4, added: 3, skipped: 1, error: null });
    expect(standIn.requests.filter((r) => r.path === "/api/v1/nodes")).toHaveLength(1);
    expect((await nodesOf()).map(({ removedAt: _r, ...n }) => n)).toEqual([
      { name: "k-a100-1", gpuModelId: "A100-SXM4-80GB", gpuCount: 8, cpuMilli: 96_000, rackGroup: "r1", status: "READY", _count: { gpus: 8 } },
      { name: "k-cpu-1", gpuModelId: null, gpuCount: 0, cpuMilli: 16_000, rackGroup: "zone-b", status: "NOT_READY", _count: { gpus: 0 } },
      { name: "k-t4-1", gpuModelId: "T4", gpuCount: 4, cpuMilli: 32_000, rackGroup: "r2", status: "READY", _count: { gpus: 4 } },
    ]);
    const [first] = await database.db.inventoryDrift.findMany({ where: { clusterId } });
    expect(first).toMatchObject({ trigger: "create", nodesReported: 4, added: 3, removed: 0, changed: 0, skipped: 1 });
    expect((first?.changes as { nodes: unknown[] }).nodes).toContainEqual({ kind: "skipped", node: "k-l40s-1", reason: "unknown-gpu-model", gpuModel: "L40S" });
  });

  it("refuses a node file for a Kubernetes cluster: its nodes come from the cluster", async () => {
    const csv = "sn,cpu_milli,memory_mib,gpu,model\nk-file-1,1000,1024,0,\n";
    await expect(admin.clusterAdmin.importNodes({ clusterId, csv })).rejects.toMatchObject({
      code: "PRECONDITION_FAILED",
      message: expect.stringMatching(/imported from the cluster's node list, not from a file/),
    });
    expect(await database.db.node.count({ where: { clusterId } })).toBe(3);
  });

  it("starts Jobs in <namespace prefix><tenant slug> through the driver the stored connection builds", async () => {
    const drivers = createDriverSet(database.db, { simSpeed: 60, seed: 1, wallNow: () => now.getTime() });
    await drivers.refresh([]);
    const request = {
      jobId: "cmjobns01",
      tenantSlug: "aurora-labs",
      estimatedDurationS: 600,
      assignments: [{ node: "k-a100-1", gpuIndices: [0], milliPerGpu: 1000, cpuMilli: 1000, memoryMib: 1024 }],
    };
    await drivers.get(clusterId).driver.startJob(request);
    expect(standIn.jobs.has("mlops-aurora-labs/vj-cmjobns01-0")).toBe(true);
    expect(standIn.namespaces.has("verdant-aurora-labs")).toBe(false);
  });

  it("records drift when the cluster's nodes change: added, removed (kept while a job holds it), changed capacity", async () => {
    // k-a100-1 is held by a running job's CPU and GPU share (written as a placement would).
    const held = await database.db.node.update({ where: { clusterId_name: { clusterId, name: "k-a100-1" } }, data: { allocatedCpuMilli: 4000 } });
    await database.db.gpu.update({ where: { nodeId_index: { nodeId: held.id, index: 0 } }, data: { allocatedMilli: 1000 } });
    standIn.control.nodes = {
      items: [
        k8sNode("k-t4-1", { product: "Tesla-T4", gpus: 2, cpu: "48", memory: "128Gi", rack: "r2" }),
        k8sNode("k-a100-2", { product: "NVIDIA-A100-SXM4-80GB", gpus: 8, cpu: "96", memory: "1Ti", rack: "r1" }),
      ],
    };
    const runner = createJobRunner(database.db, { simSpeed: 60, seed: 1, inventoryRefreshMs: REFRESH_MS });
    await runner.advance(now);
    expect(await runner.refreshInventories(now)).toEqual({ imported: 1, failed: 0, drift: 4 });
    // Not due again within the interval.
    expect(await runner.refreshInventories(new Date(now.getTime() + 1000))).toEqual({ imported: 0, failed: 0, drift: 0 });

    const nodes = await nodesOf();
    expect(nodes.map((n) => n.name)).toEqual(["k-a100-1", "k-a100-2", "k-t4-1"]);
    expect(nodes[0]).toMatchObject({ status: "NOT_READY", removedAt: now });
    expect(nodes[2]).toMatchObject({ gpuCount: 2, cpuMilli: 48_000, _count: { gpus: 2 } });
    const drift = await database.db.inventoryDrift.findFirstOrThrow({ where: { clusterId, trigger: "refresh" } });
    expect(drift).toMatchObject({ nodesReported: 2, added: 1, removed: 2, changed: 1, skipped: 0 });
    expect((drift.changes as { nodes: unknown[] }).nodes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "added", node: "k-a100-2", gpuModel: "A100-SXM4-80GB", gpuCount: 8 }),
        { kind: "removed", node: "k-a100-1", held: true },
        { kind: "removed", node: "k-cpu-1", held: false },
        {
          kind: "changed",
          node: "k-t4-1",
          pending: false,
          fields: [
            { field: "cpuMilli", before: 32_000, after: 48_000 },
            { field: "gpuCount", before: 4, after: 2 },
          ],
        },
      ]),
    );

    const metrics = await renderPrometheusMetrics(database.db);
    expect(metrics).toContain("# TYPE verdant_inventory_drift_total counter");
    expect(metrics).toContain('verdant_inventory_drift_total{cluster="k8s-mtl-1",change="added"} 4');
    expect(metrics).toContain('verdant_inventory_drift_total{cluster="k8s-mtl-1",change="removed"} 2');
    expect(metrics).toContain('verdant_inventory_drift_total{cluster="k8s-mtl-1",change="changed"} 1');

    const operator = await callerAs(database.db, demoUserIds.operator, now);
    const page = await operator.clusters.get({ id: clusterId });
    expect(page.inventory?.importedAt).toEqual(now);
    expect(page.inventory?.drifts.map((d) => [d.trigger, d.added, d.removed, d.changed])).toEqual([
      ["refresh", 1, 2, 1],
      ["create", 3, 0, 0],
    ]);

    // Once the job is gone, the next import deletes the node it kept; nothing drifted, so no new record.
    await database.db.node.update({ where: { id: held.id }, data: { allocatedCpuMilli: 0 } });
    await database.db.gpu.update({ where: { nodeId_index: { nodeId: held.id, index: 0 } }, data: { allocatedMilli: 0 } });
    const later = new Date(now.getTime() + REFRESH_MS);
    expect(await runner.refreshInventories(later)).toEqual({ imported: 1, failed: 0, drift: 0 });
    expect((await nodesOf()).map((n) => n.name)).toEqual(["k-a100-2", "k-t4-1"]);
    expect(await database.db.inventoryDrift.count({ where: { clusterId } })).toBe(2);
    expect((await operator.clusters.get({ id: clusterId })).inventory?.importedAt).toEqual(later);
  });

  it("creates the cluster when its API server cannot be reached, and says why no nodes were imported", async () => {
    const created = await admin.clusterAdmin.create(clusterForm(localKubeconfig(1), { name: "k8s-down-1" }));
    expect(created.inventory).toMatchObject({ ok: false, added: 0, error: expect.stringMatching(/cluster k8s-down-1: list nodes failed/) });
    const operator = await callerAs(database.db, demoUserIds.operator, now);
    const page = await operator.clusters.get({ id: created.id });
    expect(page.cluster.nodes).toHaveLength(0);
    expect(page.inventory).toMatchObject({ importedAt: null, error: expect.stringMatching(/list nodes failed/), drifts: [] });
  });

  it("re-imports the inventory in the background when an admin saves a new kubeconfig, recording the drift", async () => {
    const down = await database.db.cluster.findFirstOrThrow({ where: { name: "k8s-down-1" } });
    standIn.control.nodes = { items: [k8sNode("k-h100-1", { product: "NVIDIA-A100-SXM4-80GB", gpus: 8, rack: "r9" }), k8sNode("k-cpu-2", { cpu: "32" })] };
    const later = new Date(now.getTime() + 5 * 60_000);
    const editor = await callerAs(database.db, demoUserIds.admin, later);
    // The API server answers now: saving the kubeconfig that reaches it imports its nodes.
    const saved = await editor.clusterAdmin.update({ id: down.id, ...clusterForm(standIn.kubeconfig, { name: "k8s-down-1" }) });
    expect(saved.inventoryImport).toBe("started");
    await settleInventoryEdits();
    const nodes = await database.db.node.findMany({ where: { clusterId: down.id }, orderBy: { name: "asc" }, select: { name: true, gpuCount: true } });
    expect(nodes).toEqual([
      { name: "k-cpu-2", gpuCount: 0 },
      { name: "k-h100-1", gpuCount: 8 },
    ]);
    const operator = await callerAs(database.db, demoUserIds.operator, later);
    const page = await operator.clusters.get({ id: down.id });
    expect(page.inventory).toMatchObject({ importedAt: later, error: null });
    expect(page.inventory?.drifts.map((d) => [d.trigger, d.added, d.removed, d.changed])).toEqual([["edit", 2, 0, 0]]);

    // The cluster changes; an edit that keeps the stored kubeconfig (left blank) does not import.
    standIn.control.nodes = { items: [k8sNode("k-h100-1", { product: "NVIDIA-A100-SXM4-80GB", gpus: 8, rack: "r9" })] };
    const kept = await editor.clusterAdmin.update({ id: down.id, ...clusterForm("", { name: "k8s-down-1", pue: 1.3 }) });
    expect(kept.inventoryImport).toBeNull();
    await settleInventoryEdits();
    expect(await database.db.inventoryDrift.count({ where: { clusterId: down.id } })).toBe(1);
    // Saving a kubeconfig again imports, and the node gone from the list is recorded as removed.
    await editor.clusterAdmin.update({ id: down.id, ...clusterForm(standIn.kubeconfig, { name: "k8s-down-1", pue: 1.3 }) });
    await settleInventoryEdits();
    expect((await database.db.node.findMany({ where: { clusterId: down.id }, select: { name: true } })).map((n) => n.name)).toEqual(["k-h100-1"]);
    const drifts = await database.db.inventoryDrift.findMany({ where: { clusterId: down.id }, orderBy: { id: "asc" } });
    expect(drifts.map((d) => [d.trigger, d.added, d.removed])).toEqual([
      ["edit", 2, 0],
      ["edit", 0, 1],
    ]);
  });
});
