// A split gang's energy is accounted per cluster (one row per cluster and hour, read back by the
// jobs tables and the carbon report), and the tenant's usage page shows the GPU-hours the quota
// filter counts: used plus committed equals the snapshot's figure for every tenant.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readAccountedEnergy } from "../../server/repositories/job-repository";
import { getEmissionsReport, periodOf } from "../../server/services/carbon-report-service";
import { loadFleetSnapshot } from "../../server/services/fleet-snapshot";
import { runSchedulingCycle } from "../../server/services/scheduling-cycle";
import { DEMO_SPLIT_JOB_ID } from "../../server/seed/seed-links";
import { callerAs, demoUserIds } from "./helpers/callers";
import { SEED_NOW } from "./helpers/constants";
import { runnerFor } from "./helpers/runner";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

const TOR = "cluster-tor-hub-1";
const OTT = "cluster-ott-regional-1";
const now = new Date(SEED_NOW.getTime() + 60_000);

describe("split energy hours and committed GPU-hours", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createSeededDatabase();
    await runSchedulingCycle(database.db, { now, seed: 42, maxJobs: 500 });
    expect((await database.db.job.findUniqueOrThrow({ where: { id: DEMO_SPLIT_JOB_ID } })).status).toBe("PLACED");
  });
  afterAll(() => database.drop());

  it("the usage page's used plus committed GPU-hours are what the quota filter counts, for every tenant", async () => {
    const { snapshot } = await loadFleetSnapshot(database.db, now.getTime());
    const tenants = [
      ["tenant-aurora-labs", demoUserIds.aurora],
      ["tenant-borealis-ai", demoUserIds.borealis],
      ["tenant-cirrus-media", demoUserIds.cirrus],
    ] as const;
    let committedSomewhere = 0;
    for (const [tenantId, userId] of tenants) {
      const usage = await (await callerAs(database.db, userId, now)).jobs.usage();
      const enforced = snapshot.tenants.find((t) => t.tenant === tenantId)!.gpuHoursUsedThisMonth!;
      expect(usage.gpuHours + usage.gpuHoursCommitted).toBeCloseTo(enforced, 6);
      expect(usage.gpuHoursCommitted).toBeGreaterThanOrEqual(0);
      committedSomewhere += usage.gpuHoursCommitted;
    }
    // The cycle placed work: some of it is committed and not yet used, so the two parts differ.
    expect(committedSomewhere).toBeGreaterThan(0);
  });

  it("the split gang's hours are kept per cluster and read back once per hour", async () => {
    const db = database.db;
    await runnerFor(db).advance(now);
    const later = new Date(now.getTime() + 4 * 24 * 3600_000);
    await runnerFor(db).advance(later);
    const job = await db.job.findUniqueOrThrow({ where: { id: DEMO_SPLIT_JOB_ID }, include: { energyHours: true } });
    expect(job.status).toBe("SUCCEEDED");
    const byCluster = new Map<string, number>();
    for (const h of job.energyHours) byCluster.set(h.clusterId, (byCluster.get(h.clusterId) ?? 0) + h.emissionsGCo2e);
    expect(new Set(byCluster.keys())).toEqual(new Set([TOR, OTT]));
    for (const emissions of byCluster.values()) expect(emissions).toBeGreaterThan(0);
    // Each part's rows carry its own cluster's PUE: facility / IT energy is Toronto's 1.15 and Ottawa's 1.1.
    const pue = await db.cluster.findMany({ where: { id: { in: [TOR, OTT] } }, select: { id: true, pue: true } });
    for (const h of job.energyHours) expect(h.facilityEnergyKwh / h.itEnergyKwh).toBeCloseTo(pue.find((c) => c.id === h.clusterId)!.pue, 9);
    expect(job.energyHours.reduce((s, h) => s + h.facilityEnergyKwh, 0)).toBeCloseTo(job.energyKwh!, 9);
    expect(job.energyHours.reduce((s, h) => s + h.emissionsGCo2e, 0)).toBeCloseTo(job.emissionsGCo2e!, 9);
    // The jobs tables count each hour once and name the two clusters.
    const hours = new Set(job.energyHours.map((h) => h.hourStart.getTime())).size;
    expect(job.energyHours.length).toBeGreaterThan(hours);
    const accounted = (await readAccountedEnergy(db, [job.id])).get(job.id)!;
    expect(accounted).toMatchObject({ hours, clusters: 2 });
    expect(accounted.emissionsGCo2e).toBeCloseTo(job.emissionsGCo2e!, 9);
    // The carbon report puts each part's emissions on its own cluster.
    const report = await getEmissionsReport(db, periodOf(later, 30, "UTC"));
    for (const id of [TOR, OTT]) {
      const row = report.byCluster.find((c) => c.id === id)!;
      expect(row.emissionsGCo2e).toBeGreaterThanOrEqual(byCluster.get(id)! - 1e-9);
    }
    const ottFromOthers = await db.jobEnergyHour.aggregate({ where: { clusterId: OTT, jobId: { not: job.id } }, _sum: { emissionsGCo2e: true } });
    expect(report.byCluster.find((c) => c.id === OTT)!.emissionsGCo2e).toBeCloseTo((ottFromOthers._sum.emissionsGCo2e ?? 0) + byCluster.get(OTT)!, 6);
  });
});
