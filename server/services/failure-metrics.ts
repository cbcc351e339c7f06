/**
 * The failure-handling series of /api/metrics, read from the database at scrape: retries (failed runs
 * queued again, failed starts queued again), reconciliation drift rows by kind and action, and nodes
 * not READY by status. Registered into the scrape's own registry by prometheus-metrics.ts.
 */
import { Counter, Gauge, type Registry } from "prom-client";
import type { Db } from "../db/client";
import { countDrifts, countUnhealthyNodes, sumRetries } from "../repositories/reconcile-repository";

/** The drift kinds with the action reconciliation takes for each (ReconcileDrift.kind, .action). */
const USUAL_DRIFT_ACTIONS = [
  ["missing-on-cluster", "requeued"],
  ["unknown-on-cluster", "cancelled"],
  ["phase-mismatch", "marked-finished"],
  ["phase-mismatch", "marked-failed"],
  ["node-lost", "requeued"],
] as const;

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
  // Every kind and the action it normally gets is present from the first scrape (at 0), so dashboards
  // and rate() see the series before the first drift.
  for (const [kind, action] of USUAL_DRIFT_ACTIONS) drift.inc({ kind, action }, 0);
  for (const d of drifts) drift.inc({ kind: d.kind, action: d.action }, d.count);
  const unhealthy = new Gauge({
    name: "verdant_nodes_not_ready",
    help: "Nodes in service that are not READY, by health status.",
    labelNames: ["status"],
    registers,
  });
  for (const status of ["NOT_READY", "CORDONED", "GPU_ERROR"]) unhealthy.set({ status: status.toLowerCase() }, nodes.get(status) ?? 0);
}
