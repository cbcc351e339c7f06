// The fair-share usage summed in SQL equals the decayed usage computed from every recent job's row
// (running, finished, failed and never-finished jobs, shares and gangs, stretches that began before the
// history window), and the queue order built from it is the same; the timing of both reads is printed.
import { performance } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decayedUsageByTenant, FAIR_SHARE_HALF_LIFE_MS, orderByFairShare } from "../../server/engine";
import { findDecayedUsageByTenant, findFairShareWeights, findGpuUseSince } from "../../server/repositories/fair-share-repository";
import { findQueuedForOrder } from "../../server/repositories/job-repository";
import { orderQueueByFairShare } from "../../server/services/queue-order";
import { SEED_NOW } from "./helpers/constants";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

const HOUR = 3_600_000;
const NOW = new Date(SEED_NOW.getTime() + 2 * HOUR);
const SINCE = new Date(NOW.getTime() - 10 * FAIR_SHARE_HALF_LIFE_MS);
/** Extra job rows spread over twelve days before now (more than the history window). */
const EXTRA_JOBS = 6000;

let t: TestDatabase;

/** A deterministic generator (no Math.random: the rows are the same every run). */
function lcg(seed: number) {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}

/** The read as it was: every recent job's stretch, decayed in JavaScript. */
async function usageFromRows(since: Date, now: Date) {
  return decayedUsageByTenant(await findGpuUseSince(t.db, since, now), now.getTime());
}

/** The queue order from the row-by-row usage (the reference the SQL read must reproduce). */
async function orderFromRows(now: Date) {
  const rows = await findQueuedForOrder(t.db);
  const [usage, weights] = await Promise.all([usageFromRows(SINCE, now), findFairShareWeights(t.db)]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const entries = rows.map((r) => ({ id: r.id, tenant: r.tenantId, priority: r.priority, submittedAtMs: r.submittedAt.getTime() }));
  const charge = (e: { id: string }) => {
    const r = byId.get(e.id)!;
    return (((r.gpuCount * r.gpuMilli * r.gangSize) / 1000) * r.estimatedDurationS) / 3600;
  };
  return orderByFairShare(entries, usage, weights, charge).map((e) => e.id);
}

async function medianMs(f: () => Promise<unknown>, runs = 7): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await f();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(runs / 2)]!;
}

beforeAll(async () => {
  t = await createSeededDatabase();
  const tenants = await t.db.tenant.findMany({ select: { id: true }, orderBy: { slug: "asc" } });
  const user = await t.db.user.findFirstOrThrow({ select: { id: true } });
  const rand = lcg(17);
  const statuses = ["SUCCEEDED", "FAILED", "CANCELLED", "RUNNING", "PLACED", "QUEUED"] as const;
  const data = Array.from({ length: EXTRA_JOBS }, (_, i) => {
    const status = statuses[Math.floor(rand() * statuses.length)]!;
    const startedAt = new Date(NOW.getTime() - Math.floor(rand() * 12 * 24 * HOUR));
    // Finished jobs end after their start, some after now (clock skew between rows); cancelled ones half without an end.
    const finished = status === "SUCCEEDED" || status === "FAILED" || (status === "CANCELLED" && rand() < 0.5);
    const finishedAt = finished ? new Date(startedAt.getTime() + Math.floor(rand() * 30 * HOUR)) : null;
    const share = rand() < 0.3;
    return {
      tenantId: tenants[i % tenants.length]!.id,
      submittedById: user.id,
      name: `usage-${i}`,
      kind: "BATCH" as const,
      cpuMilli: 1000,
      memoryMib: 1024,
      gpuCount: share ? 1 : 1 + Math.floor(rand() * 8),
      gpuMilli: share ? 250 + Math.floor(rand() * 3) * 250 : 1000,
      gangSize: rand() < 0.1 ? 2 + Math.floor(rand() * 6) : 1,
      allowedGpuModels: [],
      allowedRegions: [],
      estimatedDurationS: 600 + Math.floor(rand() * 20_000),
      priority: [100, 500, 1000][Math.floor(rand() * 3)]!,
      status,
      idempotencyKey: `usage-${i}`,
      submittedAt: new Date(startedAt.getTime() - 60_000),
      startedAt: status === "QUEUED" && rand() < 0.7 ? null : startedAt,
      finishedAt,
    };
  });
  await t.db.job.createMany({ data });
}, 120_000);

afterAll(async () => {
  await t?.drop();
});

describe("fair-share usage summed in SQL", () => {
  it("equals the decayed usage of every row, tenant by tenant", async () => {
    for (const now of [NOW, new Date(NOW.getTime() - 30 * HOUR)]) {
      const since = new Date(now.getTime() - 10 * FAIR_SHARE_HALF_LIFE_MS);
      const [rows, sql] = await Promise.all([usageFromRows(since, now), findDecayedUsageByTenant(t.db, since, now, FAIR_SHARE_HALF_LIFE_MS)]);
      expect(rows.size).toBeGreaterThan(1);
      // A tenant whose every stretch is empty is absent from the SQL sum and 0 in the row-by-row one.
      const nonZero = [...rows.entries()].filter(([, v]) => v > 0);
      expect([...sql.keys()].sort()).toEqual(nonZero.map(([k]) => k).sort());
      for (const [tenant, v] of nonZero) expect(Math.abs((sql.get(tenant) ?? 0) - v)).toBeLessThanOrEqual(1e-9 * v);
    }
  });

  it("gives the same queue order (timings printed)", async () => {
    const queued = await findQueuedForOrder(t.db);
    expect(queued.length).toBeGreaterThan(500);
    const fromSql = (await orderQueueByFairShare(t.db, queued, NOW)).map((r) => r.id);
    expect(fromSql).toEqual(await orderFromRows(NOW));
    const rowsMs = await medianMs(() => usageFromRows(SINCE, NOW));
    const sqlMs = await medianMs(() => findDecayedUsageByTenant(t.db, SINCE, NOW, FAIR_SHARE_HALF_LIFE_MS));
    const orderRowsMs = await medianMs(() => orderFromRows(NOW));
    const orderSqlMs = await medianMs(async () => orderQueueByFairShare(t.db, await findQueuedForOrder(t.db), NOW));
    const jobs = await t.db.job.count();
    process.stdout.write(
      `fair-share usage read, ${jobs} job rows, ${queued.length} queued: rows ${rowsMs.toFixed(1)} ms, SQL sum ${sqlMs.toFixed(1)} ms; ` +
        `whole queue order: rows ${orderRowsMs.toFixed(1)} ms, SQL sum ${orderSqlMs.toFixed(1)} ms (medians of 7)\n`,
    );
  });
});
