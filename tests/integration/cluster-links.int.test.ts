// Inter-cluster links end to end: admin CRUD with role checks, audit and field errors; a gang split
// over the seeded Toronto-Ottawa link through the real scheduling cycle; and the monthly GPU-hours
// quota holding a tenant's job back while another tenant's job places.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCoordinatorExplanation } from "../../server/engine";
import { loadFleetSnapshot } from "../../server/services/fleet-snapshot";
import { runSchedulingCycle } from "../../server/services/scheduling-cycle";
import { DEMO_SPLIT_JOB_ID } from "../../server/seed/seed-links";
import { callerAs, demoUserIds } from "./helpers/callers";
import { SEED_NOW } from "./helpers/constants";
import { fieldErrorsOf } from "./helpers/field-errors";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

const TOR = "cluster-tor-hub-1";
const OTT = "cluster-ott-regional-1";
const SJC = "cluster-sjc-regional-1";
const DFW = "cluster-dfw-edge-1";
const now = new Date(SEED_NOW.getTime() + 60_000);
/** San Jose-Dallas: about 2,330 km as the crow flies. */
const link = (over: Record<string, unknown> = {}) => ({ clusterAId: SJC, clusterBId: DFW, distanceKm: 2_900, bandwidthGbps: 1_600, latencyMs: 15, ...over });

describe("cluster link administration", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createSeededDatabase();
  });
  afterAll(() => database.drop());

  it("refuses every link procedure to operators and tenants", async () => {
    for (const who of [demoUserIds.operator, demoUserIds.aurora]) {
      const caller = await callerAs(database.db, who);
      await expect(caller.clusterLinks.list()).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(caller.clusterLinks.create(link())).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(caller.clusterLinks.update({ ...link(), id: "x" })).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(caller.clusterLinks.delete({ id: "x" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
    expect(await database.db.clusterLink.count()).toBe(2);
  });

  it("lists the seeded links with figures from the clusters' coordinates", async () => {
    const admin = await callerAs(database.db, demoUserIds.admin);
    const links = await admin.clusterLinks.list();
    expect(links.map((l) => [l.clusterAName, l.clusterBName])).toEqual([
      ["fra-hub-1", "lon-regional-1"],
      ["ott-regional-1", "tor-hub-1"],
    ]);
    const torOtt = links[1]!;
    // 352 km as the crow flies times the 1.25 route factor; latency at 200 km/ms plus 0.2 ms.
    expect(torOtt).toMatchObject({ distanceKm: 440, bandwidthGbps: 12_800, latencyMs: 2.4 });
  });

  it("names the field of each refused figure", async () => {
    const admin = await callerAs(database.db, demoUserIds.admin);
    expect(await fieldErrorsOf(() => admin.clusterLinks.create(link({ clusterBId: SJC })))).toMatchObject({
      clusterBId: "A link joins two different clusters",
    });
    expect(await fieldErrorsOf(() => admin.clusterLinks.create(link({ distanceKm: -5 })))).toMatchObject({ distanceKm: "Above 0 km" });
    expect(await fieldErrorsOf(() => admin.clusterLinks.create(link({ bandwidthGbps: 0 })))).toMatchObject({ bandwidthGbps: "Above 0 Gbit/s" });
    expect(await fieldErrorsOf(() => admin.clusterLinks.create(link({ latencyMs: 0 })))).toMatchObject({ latencyMs: "Above 0 ms" });
    expect((await fieldErrorsOf(() => admin.clusterLinks.create(link({ distanceKm: 1_000 })))).distanceKm).toMatch(
      /^At least 2\d{3} km: sjc-regional-1 and dfw-edge-1/,
    );
    expect((await fieldErrorsOf(() => admin.clusterLinks.create(link({ latencyMs: 5 })))).latencyMs).toMatch(
      /^At least 9\.667 ms: light needs that long over 2900 km/,
    );
    expect(await fieldErrorsOf(() => admin.clusterLinks.create(link({ clusterAId: "cluster-nowhere" })))).toEqual({
      clusterAId: 'No cluster "cluster-nowhere".',
    });
    // The pair is unordered: Ottawa-Toronto is the seeded Toronto-Ottawa link.
    expect(await fieldErrorsOf(() => admin.clusterLinks.create(link({ clusterAId: OTT, clusterBId: TOR, distanceKm: 450, latencyMs: 3 })))).toEqual({
      clusterBId: "These two clusters are already linked; edit that link instead.",
    });
    expect(await database.db.clusterLink.count()).toBe(2);
  });

  it("creates, edits and deletes a link, each with an audit entry", async () => {
    const admin = await callerAs(database.db, demoUserIds.admin);
    const created = await admin.clusterLinks.create(link({ clusterAId: SJC, clusterBId: DFW }));
    // Stored smaller id first whatever the form's order.
    expect([created.clusterAId, created.clusterBId]).toEqual([DFW, SJC]);
    const edited = await admin.clusterLinks.update({ ...link({ bandwidthGbps: 3_200 }), id: created.id });
    expect(edited.bandwidthGbps).toBe(3_200);
    await admin.clusterLinks.delete({ id: created.id });
    await expect(admin.clusterLinks.delete({ id: created.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    const audit = await database.db.auditLog.findMany({ where: { entityType: "ClusterLink", entityId: created.id }, orderBy: { at: "asc" } });
    expect(audit.map((a) => [a.action, a.actorId])).toEqual([
      ["cluster-link.create", demoUserIds.admin],
      ["cluster-link.update", demoUserIds.admin],
      ["cluster-link.delete", demoUserIds.admin],
    ]);
    expect(audit[1]!.before).toMatchObject({ bandwidthGbps: 1_600 });
    expect(audit[1]!.after).toMatchObject({ bandwidthGbps: 3_200 });
  });

  it("refuses a pair the database would hold twice or a self-link even past the service", async () => {
    await expect(database.db.clusterLink.create({ data: { clusterAId: SJC, clusterBId: SJC, distanceKm: 1, bandwidthGbps: 1, latencyMs: 1 } })).rejects.toThrow(
      /ClusterLink_ordered_pair_check/,
    );
    await expect(
      database.db.clusterLink.create({ data: { clusterAId: DFW, clusterBId: SJC, distanceKm: -1, bandwidthGbps: 1, latencyMs: 1 } }),
    ).rejects.toThrow(/ClusterLink_positive_check/);
  });
});

describe("placement through the scheduling cycle", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createSeededDatabase();
  });
  afterAll(() => database.drop());

  it("splits the seeded 20-member gang over Toronto and Ottawa, recording the link and the penalty", async () => {
    await runSchedulingCycle(database.db, { now, seed: 42, maxJobs: 500 });
    const job = await database.db.job.findUniqueOrThrow({ where: { id: DEMO_SPLIT_JOB_ID }, include: { gpuShares: true, decisions: true } });
    expect(job.status).toBe("PLACED");
    const explanation = parseCoordinatorExplanation(job.decisions[0]!.explanation);
    expect(explanation.split).toMatchObject({ distanceKm: 440, bandwidthGbps: 12_800, latencyMs: 2.4, why: { kind: "no-whole-cluster" }, maxSlowdownPct: 5 });
    expect(new Set(explanation.split!.clusterIds)).toEqual(new Set([TOR, OTT]));
    expect(explanation.split!.membersPerPart[0] + explanation.split!.membersPerPart[1]).toBe(20);
    // 1.95 % x (480 km effective / 300 km): the latency implies more than the route length.
    expect(explanation.split!.slowdownPct).toBeCloseTo(1.95 * (480 / 300), 6);
    // London-Frankfurt was considered too and refused: too long and too slow for the policy.
    const lonFra = explanation.links.find((l) => l.a === "cluster-fra-hub-1")!;
    expect(lonFra.ok).toBe(false);
    expect(lonFra.checks?.filter((c) => !c.ok).map((c) => c.check)).toEqual(["distance", "slowdown"]);
    // 8 GPUs on each of 20 members, held on both clusters.
    expect(job.gpuShares).toHaveLength(160);
    const clustersHeld = await database.db.node.findMany({ where: { gpus: { some: { shares: { some: { jobId: job.id } } } } }, select: { clusterId: true } });
    expect(new Set(clustersHeld.map((n) => n.clusterId))).toEqual(new Set([TOR, OTT]));
    const aurora = await callerAs(database.db, demoUserIds.aurora);
    const view = await aurora.decisions.get({ id: job.decisions[0]!.id });
    expect(view.text.join(" ")).toMatch(/Split across tor-hub-1 and ott-regional-1|Split across ott-regional-1 and tor-hub-1/);
  });

  it("holds a job over its tenant's GPU-hours this month with the quota reason while another tenant's job places", async () => {
    const db = database.db;
    const later = new Date(now.getTime() + 60_000);
    // Borealis's allowance set to what it has used and committed this month plus 10 GPU-hours: its
    // 8-GPU, 2-hour job (16 GPU-hours) does not fit.
    const { snapshot } = await loadFleetSnapshot(db, later.getTime());
    const used = snapshot.tenants.find((t) => t.tenant === "tenant-borealis-ai")!.gpuHoursUsedThisMonth!;
    await db.tenantQuota.update({ where: { tenantId: "tenant-borealis-ai" }, data: { maxGpuHoursPerMonth: Math.ceil(used) + 10 } });
    const shape = {
      cpuMilli: 4000,
      memoryMib: 8192,
      gpuCount: 8,
      gpuMilli: 1000,
      allowedGpuModels: [],
      gangSize: 1,
      estimatedDurationS: 7200,
      allowedRegions: [],
    };
    await db.job.create({
      data: {
        ...shape,
        id: "job-over-hours",
        tenantId: "tenant-borealis-ai",
        submittedById: demoUserIds.borealis,
        name: "over-hours",
        kind: "TRAINING",
        idempotencyKey: "over",
        priority: 9,
      },
    });
    await db.job.create({
      data: {
        ...shape,
        id: "job-other-tenant",
        tenantId: "tenant-cirrus-media",
        submittedById: demoUserIds.cirrus,
        name: "other",
        kind: "TRAINING",
        idempotencyKey: "other",
        priority: 9,
      },
    });
    await runSchedulingCycle(db, { now: later, seed: 43, maxJobs: 500 });
    const over = await db.job.findUniqueOrThrow({ where: { id: "job-over-hours" }, include: { decisions: { orderBy: { createdAt: "desc" }, take: 1 } } });
    expect(over.status).toBe("QUEUED");
    const explanation = parseCoordinatorExplanation(over.decisions[0]!.explanation);
    expect(Object.keys(explanation.reasonHistogram)).toContain("TENANT_GPU_HOURS_QUOTA");
    const reason = explanation.clusters
      .flatMap((c) => c.filters)
      .flatMap((f) => f.reasons)
      .find((r) => r.code === "TENANT_GPU_HOURS_QUOTA")!;
    expect(reason).toMatchObject({ unit: "gpuHours", requested: 16, limit: Math.ceil(used) + 10 });
    expect(reason.available).toBeCloseTo(Math.ceil(used) + 10 - used, 6);
    expect((await db.job.findUniqueOrThrow({ where: { id: "job-other-tenant" } })).status).toBe("PLACED");
    // The tenant reads the reason on its own job's decision, with the renewal or a shorter run.
    const borealis = await callerAs(db, demoUserIds.borealis, later);
    const view = await borealis.decisions.get({ id: over.decisions[0]!.id });
    expect(view.text.join(" ")).toMatch(/past its monthly GPU-hour allowance by [\d.]+ GPU-hours/);
    // What is left, over 8 GPUs, in whole minutes.
    expect(view.explanation.counterfactuals.fixes[0]).toMatchObject({ change: "shorter-run", value: Math.floor(((reason.available ?? 0) / 8) * 60) * 60 });
  });
});
