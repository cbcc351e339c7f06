/**
 * The /api/metrics body through prom-client: the fleet's gauges and counters are read from the
 * database on every scrape into a fresh registry (the values belong to the database, not to this
 * process, so nothing may linger from an earlier scrape), merged with prom-client's default process
 * metrics of this web server. Units are in the names and in base units (seconds, joules, grams).
 */
import { collectDefaultMetrics, Counter, Gauge, Registry } from "prom-client";
import type { Db } from "../db/client";
import { allocationRatio, readSchedulableAllocation } from "../repositories/fleet-allocation-repository";
import { readInventoryDriftTotals } from "../repositories/inventory-repository";
import { LATENCY_BUCKETS_SECONDS, readFleetMetrics } from "../repositories/metrics-repository";
import { registerFailureMetrics } from "./failure-metrics";
import { registerBackfillMetrics } from "./backfill-metrics";
import { registerPreemptionMetrics } from "./preemption-metrics";
import { registerNotificationMetrics } from "./notifications/notification-metrics";
import { databaseErrorMessage } from "./health-service";
import { checkMetricsAccess, type MetricsAccessConfig } from "./metrics-access";
import { StoredHistogram } from "./stored-histogram";

const JOULES_PER_KWH = 3_600_000;

// One process registry for the life of the process: collectDefaultMetrics keeps state (CPU time,
// GC and event-loop observers) and refuses a second registration, and a dev server re-evaluates
// modules, so the registry lives on globalThis.
const globalKey = Symbol.for("verdant.metrics.processRegistry");
function processRegistry(): Registry {
  const holder = globalThis as { [globalKey]?: Registry };
  if (!holder[globalKey]) {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    // These three are gauges named like counters, which breaks the Prometheus naming rule (promtool
    // flags them); their by-type siblings (nodejs_active_handles, ...) carry the same numbers.
    for (const name of ["nodejs_active_handles_total", "nodejs_active_requests_total", "nodejs_active_resources_total"]) registry.removeSingleMetric(name);
    holder[globalKey] = registry;
  }
  return holder[globalKey];
}

/** The fleet metrics of one scrape, in a registry of their own. */
async function fleetRegistry(db: Db): Promise<Registry> {
  const [m, drift, schedulable] = await Promise.all([readFleetMetrics(db), readInventoryDriftTotals(db), readSchedulableAllocation(db)]);
  const registry = new Registry();
  const registers = [registry];
  const gauge = (name: string, help: string, labelNames: string[] = []) => new Gauge({ name, help, labelNames, registers });
  const counter = (name: string, help: string, labelNames: string[] = []) => new Counter({ name, help, labelNames, registers });

  const jobs = gauge("verdant_jobs", "Jobs by status.", ["status"]);
  for (const r of m.jobsByStatus) jobs.set({ status: r.status.toLowerCase() }, r._count);
  const queue = gauge("verdant_queue_length", "Queued jobs per tenant.", ["tenant"]);
  for (const r of m.queueByTenant) queue.set({ tenant: r.tenant }, Number(r.n));
  const decisions = counter(
    "verdant_decisions_total",
    "Placement decisions recorded, by outcome (retention pruning lowers it, which rate() reads as a reset).",
    ["outcome"],
  );
  for (const r of m.decisionsByOutcome) decisions.inc({ outcome: r.outcome.toLowerCase() }, r._count);
  gauge("verdant_decisions_last_minute", "Decisions recorded in the last 60 seconds.").set(m.recentDecisions);
  gauge("verdant_decisions_per_second", "Decisions recorded per second over the last 60 seconds.").set(m.recentDecisions / 60);
  const gar = gauge("verdant_gpu_allocation_ratio", "Allocated milli-GPU / GPU capacity per cluster (GAR).", ["cluster"]);
  for (const r of m.allocation) gar.set({ cluster: r.cluster }, Number(r.capacity) ? Number(r.allocated) / Number(r.capacity) : 0);
  gauge("verdant_fleet_gpu_allocation_ratio", "Allocated milli-GPU / schedulable milli-GPU of the fleet (ready nodes of active clusters), read at scrape.").set(
    allocationRatio(schedulable),
  );

  const latency = new StoredHistogram({
    name: "verdant_decision_latency_seconds",
    help: "Engine time per placement decision, seconds.",
    buckets: LATENCY_BUCKETS_SECONDS,
    registers,
  });
  latency.setStored({
    buckets: m.latency.map((b, i) => ({ le: LATENCY_BUCKETS_SECONDS[i]!, count: Number(b.n) })),
    sum: m.latencySum / 1000,
    count: m.latencyCount,
  });

  // Counters only go up through inc(); the ledger can hold negative savings (a job that emitted more than its baseline), which a counter cannot show, so savings are a gauge.
  const saved = gauge("verdant_carbon_saved_grams", "Savings-ledger total per cluster: baseline minus actual emissions of finished jobs, grams CO2e.", [
    "cluster",
  ]);
  for (const r of m.savings) saved.set({ cluster: r.cluster }, r.saved ?? 0);
  const energy = counter("verdant_energy_joules_total", "Facility energy of finished jobs per cluster, joules (1 kWh = 3.6e6 J).", ["cluster"]);
  const emissions = counter("verdant_emissions_grams_total", "Emissions of finished jobs per cluster, grams CO2e.", ["cluster"]);
  for (const r of m.accounting) {
    energy.inc({ cluster: r.cluster }, Math.max(0, (r.energy ?? 0) * JOULES_PER_KWH));
    emissions.inc({ cluster: r.cluster }, Math.max(0, r.emissions ?? 0));
  }

  const inventoryDrift = counter(
    "verdant_inventory_drift_total",
    "Nodes found added, removed or changed by inventory imports of Kubernetes clusters, against the stored inventory.",
    ["cluster", "change"],
  );
  for (const r of drift) for (const change of ["added", "removed", "changed"] as const) inventoryDrift.inc({ cluster: r.cluster, change }, Number(r[change]));

  // A process that never completed a cycle has no age sample (absent, rather than a false 0).
  const age = gauge("verdant_service_last_cycle_age_seconds", "Seconds since the background process last completed a cycle.", ["service"]);
  for (const r of m.services) if (r.ageS !== null) age.set({ service: r.service }, r.ageS);
  const restarts = counter("verdant_service_restarts_total", "Restarts of the background process by the supervisor in `npm start`.", ["service"]);
  for (const r of m.services) restarts.inc({ service: r.service }, r.restarts);
  await registerFailureMetrics(db, registers);
  await registerBackfillMetrics(db, registers);
  await registerPreemptionMetrics(db, registers);
  await registerNotificationMetrics(db, registers);
  return registry;
}

/** The whole /api/metrics body: fleet metrics from the database plus this process's default metrics. */
export async function renderPrometheusMetrics(db: Db): Promise<string> {
  return Registry.merge([await fleetRegistry(db), processRegistry()]).metrics();
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
    return new Response(await renderPrometheusMetrics(deps.db), { headers: { "content-type": Registry.PROMETHEUS_CONTENT_TYPE } });
  } catch (error) {
    return new Response(`# metrics unavailable: ${databaseErrorMessage(error)}\n`, { status: 503, headers: { "content-type": "text/plain; charset=utf-8" } });
  }
}
