// A retired cluster leaves the fleet: editing never brings it back (only reactivate does, audited),
// fleet totals, gauges and the coordinator's candidates leave it out, while its past decisions
// still render with it. A draining cluster, by contrast, is still a candidate that explains itself.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCoordinatorExplanation } from "../../server/engine";
import { renderPrometheusMetrics } from "../../server/services/prometheus-metrics";
import { runSchedulingCycle } from "../../server/services/scheduling-cycle";
import { callerAs, demoUserIds } from "./helpers/callers";
import { SEED_NOW } from "./helpers/constants";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

type Caller = Awaited<ReturnType<typeof callerAs>>;
const now = new Date(SEED_NOW.getTime() + 60_000);
const REGION = "test-north";

const clusterForm = (overrides: Record<string, unknown> = {}) => ({
  name: "yqb-edge-9",
  region: REGION,
  locationName: "Québec",
  latitude: 46.8,
  longitude: -71.2,
  gridZoneId: "CA-ON",
  tier: "EDGE" as const,
  pue: 1.15,
  status: "ACTIVE" as const,
  driver: "SIMULATED" as const,
  kubeconfig: "",
  namespacePrefix: "verdant-",
  ...overrides,
});

const job = (key: string, overrides: Record<string, unknown> = {}) => ({
  idempotencyKey: key,
  name: `retire-check-${key}`,
  kind: "TRAINING" as const,
  cpuMilli: 8000,
  memoryMib: 32768,
  gpuCount: 2,
  gpuMilli: 1000,
  allowedGpuModels: ["A100-SXM4-80GB"],
  gangSize: 1,
  estimatedDurationS: 3600,
  priority: 10,
  earliestStartAt: null,
  // No room to wait for a cleaner hour: the job is placed or refused now.
  deadlineAt: new Date(now.getTime() + 3600_000 + 5 * 60_000),
  allowedRegions: [REGION],
  ...overrides,
});

describe("retired clusters", () => {
  let database: TestDatabase;
  let admin: Caller;
  let clusterId: string;
  let pastDecisionId: string;
  beforeAll(async () => {
    database = await createSeededDatabase();
    admin = await callerAs(database.db, demoUserIds.admin, now);
    clusterId = (await admin.clusterAdmin.create(clusterForm())).id;
    const csv = "sn,cpu_milli,memory_mib,gpu,model\nyqb-n1,64000,524288,8,A100-SXM4-80GB\nyqb-n2,64000,524288,8,A100-SXM4-80GB\n";
    await admin.clusterAdmin.importNodes({ clusterId, csv, fileName: "yqb.csv" });
  });
  afterAll(() => database.drop());

  const audits = (action: string) => database.db.auditLog.findMany({ where: { action, entityId: clusterId }, orderBy: { id: "asc" } });

  it("places a job on the new cluster while it is active, then retires it once empty", async () => {
    const aurora = await callerAs(database.db, demoUserIds.aurora, now);
    const submitted = await aurora.jobs.submit(job("retire-before-1"));
    await runSchedulingCycle(database.db, { now, seed: 7, maxJobs: 500 });
    const decision = await database.db.decision.findFirstOrThrow({ where: { jobId: submitted.jobId } });
    expect(decision).toMatchObject({ outcome: "PLACED", clusterId });
    pastDecisionId = decision.id;
    // Retiring waits until nothing runs there: cancel what the cycle placed on it.
    const holding = await database.db.job.findMany({ where: { gpuShares: { some: { gpu: { node: { clusterId } } } } }, select: { id: true } });
    expect(holding.map((j) => j.id)).toContain(submitted.jobId);
    for (const j of holding) await admin.jobs.cancel({ id: j.id });
    const overviewBefore = await admin.overview.get();
    await admin.clusterAdmin.retire({ id: clusterId });
    const overviewAfter = await admin.overview.get();
    expect(overviewBefore.gpus - overviewAfter.gpus).toBe(16);
  });

  it("keeps a retired cluster retired when it is edited; only reactivate brings it back, audited", async () => {
    const edited = await admin.clusterAdmin.update({ id: clusterId, ...clusterForm({ pue: 1.25, status: "ACTIVE" }) });
    expect(edited).toMatchObject({ status: "RETIRED", pue: 1.25 });
    expect((await database.db.cluster.findUniqueOrThrow({ where: { id: clusterId } })).status).toBe("RETIRED");
    const [update] = await audits("cluster.update");
    expect(update?.before).toMatchObject({ status: "RETIRED" });
    expect(update?.after).toMatchObject({ status: "RETIRED", pue: 1.25 });

    expect(await admin.clusterAdmin.reactivate({ id: clusterId })).toMatchObject({ status: "ACTIVE" });
    await expect(admin.clusterAdmin.reactivate({ id: clusterId })).rejects.toMatchObject({ code: "PRECONDITION_FAILED" });
    const operator = await callerAs(database.db, demoUserIds.operator, now);
    await expect(operator.clusterAdmin.reactivate({ id: clusterId })).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect((await audits("cluster.reactivate")).map((a) => [a.before, a.after, a.actorId])).toEqual([
      [{ status: "RETIRED" }, { status: "ACTIVE" }, demoUserIds.admin],
    ]);
    await admin.clusterAdmin.retire({ id: clusterId });
  });

  it("leaves a retired cluster out of fleet totals and gauges but keeps it listed", async () => {
    const listed = await admin.clusters.list();
    expect(listed.find((c) => c.id === clusterId)).toMatchObject({ status: "RETIRED", gpus: 16 });
    const inService = listed.filter((c) => c.status !== "RETIRED");
    const overview = await admin.overview.get();
    expect(overview.gpus).toBe(inService.reduce((s, c) => s + c.gpus, 0));
    const metrics = await renderPrometheusMetrics(database.db);
    expect(metrics).not.toMatch(/verdant_gpu_allocation_ratio\{cluster="yqb-edge-9"\}/);
    expect(metrics).toMatch(/verdant_gpu_allocation_ratio\{cluster="tor-hub-1"\}/);
  });

  it("is no candidate in a new decision (no 'not active' reason), while a draining cluster still explains itself", async () => {
    // A cluster with the job's GPU model, so being drained is the only thing against it.
    const a100 = await database.db.node.findFirstOrThrow({
      where: { gpuModelId: "A100-SXM4-80GB", clusterId: { not: clusterId }, cluster: { status: "ACTIVE" } },
      select: { clusterId: true },
    });
    const draining = await admin.clusterAdmin.get({ id: a100.clusterId });
    const { connection, retireImpact: _impact, nodes: _nodes, id, ...values } = draining;
    await admin.clusterAdmin.update({
      id,
      ...values,
      status: "DRAINING",
      driver: connection.driver,
      kubeconfig: "",
      namespacePrefix: connection.namespacePrefix,
    });

    const aurora = await callerAs(database.db, demoUserIds.aurora, now);
    const submitted = await aurora.jobs.submit(job("retire-after-1", { allowedRegions: [] }));
    await runSchedulingCycle(database.db, { now, seed: 7, maxJobs: 500 });
    const decision = await database.db.decision.findFirstOrThrow({ where: { jobId: submitted.jobId }, orderBy: { createdAt: "desc" } });
    const explanation = parseCoordinatorExplanation(decision.explanation);
    expect(explanation.clusters.map((c) => c.clusterId)).not.toContain(clusterId);
    expect(JSON.stringify(explanation)).not.toContain("yqb-edge-9");
    const drained = explanation.clusters.find((c) => c.clusterId === a100.clusterId);
    expect(drained?.passed).toBe(false);
    expect(JSON.stringify(drained?.filters)).toContain("CLUSTER_NOT_ACTIVE");
    expect(explanation.reasonHistogram.CLUSTER_NOT_ACTIVE).toBe(1);
    const rendered = (await admin.decisions.get({ id: decision.id })).text.join("\n");
    expect(rendered).not.toContain("yqb-edge-9");
    expect(rendered).toMatch(/1 is not active \(draining\)/);
  });

  it("still renders the past decisions made on the retired cluster", async () => {
    const past = await admin.decisions.get({ id: pastDecisionId });
    expect(past.clusterName).toBe("yqb-edge-9");
    expect(past.explanation.chosen.map((c) => c.clusterId)).toContain(clusterId);
    expect(past.text.join("\n")).toContain("yqb-edge-9");
  });
});
