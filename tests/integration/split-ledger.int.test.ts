// A job split across clusters has its savings-ledger entry split per cluster by the energy it drew
// there: the parts sum to the entry, each cluster's actual part is its own emissions, and the ledger's
// totals per cluster credit each cluster with its part instead of the first cluster with everything.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readLedgerTotals } from "../../server/repositories/carbon-report-repository";
import { periodOf } from "../../server/services/carbon-report-service";
import { runSchedulingCycle } from "../../server/services/scheduling-cycle";
import { DEMO_SPLIT_JOB_ID } from "../../server/seed/seed-links";
import { SEED_NOW } from "./helpers/constants";
import { runnerFor } from "./helpers/runner";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

const TOR = "cluster-tor-hub-1";
const OTT = "cluster-ott-regional-1";
const now = new Date(SEED_NOW.getTime() + 60_000);
const later = new Date(now.getTime() + 4 * 24 * 3600_000);

describe("split job's ledger entry", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createSeededDatabase();
    await runSchedulingCycle(database.db, { now, seed: 42, maxJobs: 500 });
    await runnerFor(database.db).advance(now);
    await runnerFor(database.db).advance(later);
  });
  afterAll(() => database.drop());

  it("is split per cluster by energy, each cluster keeping its own emissions, the parts summing to the entry", async () => {
    const db = database.db;
    const job = await db.job.findUniqueOrThrow({
      where: { id: DEMO_SPLIT_JOB_ID },
      include: { energyHours: true, savings: { include: { clusterShares: true } } },
    });
    expect(job.status).toBe("SUCCEEDED");
    const entry = job.savings!;
    const shares = new Map(entry.clusterShares.map((s) => [s.clusterId, s]));
    expect(new Set(shares.keys())).toEqual(new Set([TOR, OTT]));
    const energy = job.energyHours.reduce((s, h) => s + h.facilityEnergyKwh, 0);
    for (const [clusterId, share] of shares) {
      const hours = job.energyHours.filter((h) => h.clusterId === clusterId);
      expect(share.energyShare).toBeCloseTo(hours.reduce((s, h) => s + h.facilityEnergyKwh, 0) / energy, 9);
      expect(share.actualGCo2e).toBeCloseTo(
        hours.reduce((s, h) => s + h.emissionsGCo2e, 0),
        6,
      );
      expect(share.baselineGCo2e).toBeCloseTo(entry.baselineGCo2e * share.energyShare, 6);
      expect(share.savedGCo2e).toBeCloseTo(share.baselineGCo2e - share.actualGCo2e, 6);
      expect(share.energyShare).toBeGreaterThan(0);
    }
    const sum = (f: (s: (typeof entry.clusterShares)[number]) => number) => entry.clusterShares.reduce((t, s) => t + f(s), 0);
    expect(sum((s) => s.actualGCo2e)).toBeCloseTo(entry.actualGCo2e, 6);
    expect(sum((s) => s.baselineGCo2e)).toBeCloseTo(entry.baselineGCo2e, 6);
    expect(sum((s) => s.savedGCo2e)).toBeCloseTo(entry.savedGCo2e, 6);
    // A job that ran on one cluster keeps its entry whole.
    const single = await db.carbonSavingsEntry.findFirstOrThrow({ where: { jobId: { not: DEMO_SPLIT_JOB_ID } }, include: { clusterShares: true } });
    expect(single.clusterShares).toEqual([]);
  });

  it("credits each cluster with its part in the ledger's totals per cluster", async () => {
    const db = database.db;
    const entry = await db.carbonSavingsEntry.findUniqueOrThrow({ where: { jobId: DEMO_SPLIT_JOB_ID }, include: { clusterShares: true } });
    const period = periodOf(later, 30, "UTC");
    const byCluster = new Map((await readLedgerTotals(db, period, "cluster")).map((r) => [r.key, r]));
    for (const share of entry.clusterShares) {
      // Every other entry of the cluster, whole (none of them is split).
      const others = await db.carbonSavingsEntry.aggregate({
        where: { clusterId: share.clusterId, jobId: { not: DEMO_SPLIT_JOB_ID }, job: { finishedAt: { gte: period.from, lt: period.to } } },
        _sum: { actualGCo2e: true, savedGCo2e: true },
        _count: true,
      });
      const row = byCluster.get(share.clusterId)!;
      expect(row.actualGCo2e).toBeCloseTo((others._sum.actualGCo2e ?? 0) + share.actualGCo2e, 6);
      expect(row.savedGCo2e).toBeCloseTo((others._sum.savedGCo2e ?? 0) + share.savedGCo2e, 6);
      expect(row.jobs).toBe(others._count + 1);
    }
  });
});
