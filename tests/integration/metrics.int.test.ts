import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { metricsResponse, renderPrometheusMetrics } from "../../server/services/prometheus-metrics";
import { recordCycle, recordRestart, recordStart } from "../../server/repositories/heartbeat-repository";
import { runnerFor } from "./helpers/runner";
import { runSchedulingCycle } from "../../server/services/scheduling-cycle";
import { SEED_NOW } from "./helpers/constants";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

const value = (body: string, series: string) =>
  Number(
    body
      .split("\n")
      .find((l) => l.startsWith(series + " "))
      ?.split(" ")[1],
  );

describe("Prometheus metrics", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createSeededDatabase();
  });
  afterAll(() => database.drop());

  it("reports the queue, decisions, allocation and the energy roll-up equal to the sum of jobs", async () => {
    const before = await renderPrometheusMetrics(database.db);
    expect(before).toContain("# TYPE verdant_queue_length gauge");
    // prom-client's default metrics of the serving process come along.
    expect(before).toContain("# TYPE process_cpu_seconds_total counter");
    expect(value(before, "nodejs_heap_size_used_bytes")).toBeGreaterThan(0);
    // No millisecond or kWh units left (Prometheus names carry base units).
    expect(before).not.toMatch(/_ms[ _{]|_kwh/);
    // A gauge never ends in _total (promtool's rule), including the default process metrics.
    const gaugeNames = [...before.matchAll(/^# TYPE (\S+) gauge$/gm)].map((m) => m[1]);
    expect(gaugeNames).toContain("nodejs_active_handles");
    expect(gaugeNames.filter((name) => name!.endsWith("_total"))).toEqual([]);
    // 60 trace jobs and the demo's split gang.
    expect(value(before, 'verdant_jobs{status="queued"}')).toBe(61);
    // The contention series dashboards rely on have a sample from the first scrape, before anything happened.
    expect(value(before, "verdant_fleet_gpu_allocation_ratio")).toBe(0);
    expect(value(before, "verdant_backfilled_jobs_total")).toBe(0);
    expect(value(before, 'verdant_preemptions_total{reason="lower-priority"}')).toBe(0);
    expect(value(before, 'verdant_job_retries_total{kind="run"}')).toBe(0);
    expect(value(before, 'verdant_reconcile_drift_total{kind="node-lost",action="requeued"}')).toBe(0);
    const now = new Date(SEED_NOW.getTime() + 60_000);
    const report = await runSchedulingCycle(database.db, { now, seed: 7, maxJobs: 100 });
    await runnerFor(database.db).advance(now);
    await runnerFor(database.db).advance(new Date(now.getTime() + 5 * 24 * 3600_000));
    const after = await renderPrometheusMetrics(database.db);
    // The seeded history's placements plus this cycle's.
    expect(value(after, 'verdant_decisions_total{outcome="placed"}')).toBe(value(before, 'verdant_decisions_total{outcome="placed"}') + report.placed);
    const finished = await database.db.job.aggregate({ where: { status: "SUCCEEDED" }, _sum: { energyKwh: true, emissionsGCo2e: true } });
    const energyLines = after.split("\n").filter((l) => l.startsWith("verdant_energy_joules_total{"));
    const energySum = energyLines.reduce((s, l) => s + Number(l.split(" ")[1]), 0);
    expect(energySum / 3.6e6).toBeCloseTo(finished._sum.energyKwh ?? 0, 6);
    expect(energySum).toBeGreaterThan(0);
    // Every decision of the cycle has its latency in the histogram, in seconds; buckets are cumulative.
    expect(after).toContain("# TYPE verdant_decision_latency_seconds histogram");
    expect(value(after, "verdant_decision_latency_seconds_count")).toBe(report.considered);
    expect(value(after, 'verdant_decision_latency_seconds_bucket{le="+Inf"}')).toBe(report.considered);
    const buckets = after
      .split("\n")
      .filter((l) => l.startsWith("verdant_decision_latency_seconds_bucket{"))
      .map((l) => Number(l.split(" ")[1]));
    expect(buckets).toHaveLength(11);
    expect(buckets).toEqual([...buckets].sort((a, b) => a - b));
    const latency = await database.db.decision.aggregate({ where: { latencyMs: { not: null } }, _sum: { latencyMs: true }, _count: { latencyMs: true } });
    expect(value(after, "verdant_decision_latency_seconds_sum")).toBeCloseTo((latency._sum.latencyMs ?? 0) / 1000, 9);
    expect(value(after, 'verdant_decision_latency_seconds_bucket{le="0.001"}')).toBe(await database.db.decision.count({ where: { latencyMs: { lte: 1 } } }));
    const ledger = await database.db.carbonSavingsEntry.aggregate({ _sum: { savedGCo2e: true } });
    const savedSum = after
      .split("\n")
      .filter((l) => l.startsWith("verdant_carbon_saved_grams{"))
      .reduce((s, l) => s + Number(l.split(" ")[1]), 0);
    expect(savedSum).toBeCloseTo(ledger._sum.savedGCo2e ?? 0, 6);
    for (const line of after.split("\n").filter((l) => l.startsWith("verdant_gpu_allocation_ratio{"))) {
      const ratio = Number(line.split(" ")[1]);
      expect(ratio).toBeGreaterThanOrEqual(0);
      expect(ratio).toBeLessThanOrEqual(1);
    }
  });

  it("answers only the bearer token, and reports each background process's last cycle age and restarts", async () => {
    const token = "metrics-test-token-0123456789";
    const endpoint = "http://localhost/api/metrics";
    const deps = { db: database.db, token, isPublic: false };
    const get = (authorization?: string, over: Partial<typeof deps> = {}) =>
      metricsResponse(new Request(endpoint, { headers: authorization ? { authorization } : {} }), { ...deps, ...over });

    const anonymous = await get();
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("www-authenticate")).toMatch(/^Bearer /);
    expect(await anonymous.text()).not.toMatch(/tenant=|aurora/);
    expect((await get("Bearer not-the-metrics-token-01")).status).toBe(401);
    expect((await get(token)).status).toBe(401);
    const unconfigured = await get(`Bearer ${token}`, { token: undefined });
    expect(unconfigured.status).toBe(403);
    expect(await unconfigured.text()).toMatch(/VERDANT_METRICS_TOKEN.*VERDANT_METRICS_PUBLIC=true/);

    await recordCycle(database.db, "worker", 4242, new Date(Date.now() - 12_000));
    await recordRestart(database.db, "worker", 137, new Date());
    await recordRestart(database.db, "worker", 1, new Date());
    await recordStart(database.db, "experiments", 4343, new Date());
    const ok = await get(`Bearer ${token}`);
    expect(ok.status).toBe(200);
    const body = await ok.text();
    expect(body).toContain('verdant_queue_length{tenant="aurora-labs"}');
    const workerAge = value(body, 'verdant_service_last_cycle_age_seconds{service="worker"}');
    expect(workerAge).toBeGreaterThanOrEqual(12);
    expect(workerAge).toBeLessThan(30);
    expect(value(body, 'verdant_service_restarts_total{service="worker"}')).toBe(2);
    expect(value(body, 'verdant_service_restarts_total{service="experiments"}')).toBe(0);
    // No cycle yet: no age sample rather than a misleading 0.
    expect(body).not.toContain('verdant_service_last_cycle_age_seconds{service="experiments"}');
    const row = await database.db.serviceHeartbeat.findUniqueOrThrow({ where: { name: "worker" } });
    expect(row).toMatchObject({ pid: 4242, restarts: 2, lastExitCode: 1 });

    const open = await get(undefined, { token: undefined, isPublic: true });
    expect(open.status).toBe(200);
    expect(await open.text()).toContain("verdant_jobs{");
  });
});
