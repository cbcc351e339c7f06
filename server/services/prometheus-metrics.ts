/** Renders fleet metrics in the Prometheus text exposition format (version 0.0.4). */
import type { Db } from "../db/client";
import { readFleetMetrics } from "../repositories/metrics-repository";
import { databaseErrorMessage } from "./health-service";
import { checkMetricsAccess, type MetricsAccessConfig } from "./metrics-access";

const escape = (v: string) => v.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");

function family(name: string, type: "gauge" | "counter", help: string, samples: { labels?: Record<string, string>; value: number }[]): string {
  const lines = [`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`];
  for (const s of samples) {
    const labels = s.labels && Object.keys(s.labels).length ? `{${Object.entries(s.labels).map(([k, v]) => `${k}="${escape(v)}"`).join(",")}}` : "";
    lines.push(`${name}${labels} ${Number.isFinite(s.value) ? s.value : 0}`);
  }
  return lines.join("\n");
}

function histogram(name: string, help: string, buckets: { le: number; count: number }[], sum: number, count: number): string {
  const lines = [`# HELP ${name} ${help}`, `# TYPE ${name} histogram`];
  for (const b of buckets) lines.push(`${name}_bucket{le="${b.le}"} ${b.count}`);
  lines.push(`${name}_bucket{le="+Inf"} ${count}`, `${name}_sum ${sum}`, `${name}_count ${count}`);
  return lines.join("\n");
}

/** The whole /api/metrics body. */
export async function renderPrometheusMetrics(db: Db): Promise<string> {
  const m = await readFleetMetrics(db);
  return [
    family("verdant_jobs", "gauge", "Jobs by status.", m.jobsByStatus.map((r) => ({ labels: { status: r.status.toLowerCase() }, value: r._count }))),
    family("verdant_queue_length", "gauge", "Queued jobs per tenant.", m.queueByTenant.map((r) => ({ labels: { tenant: r.tenant }, value: Number(r.n) }))),
    family("verdant_decisions_total", "counter", "Placement decisions recorded, by outcome.", m.decisionsByOutcome.map((r) => ({ labels: { outcome: r.outcome.toLowerCase() }, value: r._count }))),
    family("verdant_decisions_last_minute", "gauge", "Decisions recorded in the last 60 seconds (divide by 60 for decisions per second).", [{ value: m.recentDecisions }]),
    family("verdant_gpu_allocation_ratio", "gauge", "Allocated milli-GPU / GPU capacity per cluster (GAR).", m.allocation.map((r) => ({ labels: { cluster: r.cluster }, value: Number(r.capacity) ? Number(r.allocated) / Number(r.capacity) : 0 }))),
    family("verdant_decisions_per_second", "gauge", "Decisions recorded per second over the last 60 seconds.", [{ value: m.recentDecisions / 60 }]),
    histogram("verdant_decision_latency_ms", "Engine time per placement decision, milliseconds.", m.latency.map((b) => ({ le: b.le, count: Number(b.n) })), m.latencySum, m.latencyCount),
    family("verdant_carbon_saved_grams_total", "counter", "Savings-ledger total per cluster: baseline minus actual emissions of finished jobs, gCO2e.", m.savings.map((r) => ({ labels: { cluster: r.cluster }, value: r.saved ?? 0 }))),
    family("verdant_energy_kwh_total", "counter", "Facility energy of finished jobs per cluster, kWh.", m.accounting.map((r) => ({ labels: { cluster: r.cluster }, value: r.energy ?? 0 }))),
    family("verdant_emissions_grams_total", "counter", "Emissions of finished jobs per cluster, gCO2e.", m.accounting.map((r) => ({ labels: { cluster: r.cluster }, value: r.emissions ?? 0 }))),
    // A process that never completed a cycle has no age sample (absent, rather than a false 0).
    family("verdant_service_last_cycle_age_seconds", "gauge", "Seconds since the background process last completed a cycle.", m.services.filter((r) => r.ageS !== null).map((r) => ({ labels: { service: r.service }, value: r.ageS! }))),
    family("verdant_service_restarts_total", "counter", "Restarts of the background process by the supervisor in `npm start`.", m.services.map((r) => ({ labels: { service: r.service }, value: r.restarts }))),
  ].join("\n\n") + "\n";
}

/** The /api/metrics response: 401/403 without the bearer token, 503 when the database does not answer. */
export async function metricsResponse(request: Request, deps: { db: Db } & MetricsAccessConfig): Promise<Response> {
  const access = checkMetricsAccess(request.headers.get("authorization"), deps);
  if (!access.allowed) {
    const headers: Record<string, string> = { "content-type": "text/plain; charset=utf-8" };
    if (access.status === 401) headers["www-authenticate"] = 'Bearer realm="verdant-metrics"';
    return new Response(`${access.message}\n`, { status: access.status, headers });
  }
  try {
    return new Response(await renderPrometheusMetrics(deps.db), { headers: { "content-type": "text/plain; version=0.0.4; charset=utf-8" } });
  } catch (error) {
    return new Response(`# metrics unavailable: ${databaseErrorMessage(error)}\n`, { status: 503, headers: { "content-type": "text/plain; charset=utf-8" } });
  }
}
