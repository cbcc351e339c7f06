/**
 * The failure-handling series of /api/metrics, read from the database at scrape: retries (failed runs
 * queued again, failed starts queued again), reconciliation drift rows by kind and action, and nodes
 * not READY by status. Registered into the scrape's own registry by prometheus-metrics.ts.
 */
import { Counter, Gauge, type Registry } from "prom-client";
import type { Db } from "../db/client";
import { countDrifts, countUnhealthyNodes, sumRetries } from "../repositories/reconcile-repository";

/** Adds the failure series to one scrape's registries. */
export async function registerFailureMetrics(db: Db, registers: Registry[]): Promise<void> {
  const [retries, drifts, nodes] = await Promise.all([sumRetries(db), countDrifts(db), countUnhealthyNodes(db)]);
  const retried = new Counter({
    name: "verdant_job_retries_total",
    help: "Jobs queued again after a failure, by kind: a failed run retried after its back-off, or a failed start.",
    labelNames: ["kind"],
    registers,
  });
  retried.inc({ kind: "run" }, retries.runRetries);
  retried.inc({ kind: "start" }, retries.startRetries);
  const drift = new Counter({
    name: "verdant_reconcile_drift_total",
    help: "Differences between a cluster and the database found by reconciliation or node health, by kind and by what was done.",
    labelNames: ["kind", "action"],
    registers,
  });
  for (const d of drifts) drift.inc({ kind: d.kind, action: d.action }, d.count);
  const unhealthy = new Gauge({
    name: "verdant_nodes_not_ready",
    help: "Nodes in service that are not READY, by health status.",
    labelNames: ["status"],
    registers,
  });
  for (const status of ["NOT_READY", "CORDONED", "GPU_ERROR"]) unhealthy.set({ status: status.toLowerCase() }, nodes.get(status) ?? 0);
}
