/**
 * The periodic inventory import of every Kubernetes cluster: each cluster's node list is read through
 * its driver under the cluster's guard (so a hung or failing API server counts against its breaker
 * like any other call) at most once per `everyMs`, and stored with its drift (inventory-service.ts).
 * Simulated clusters have no inventory of their own to import: their driver serves the stored one.
 */
import { importListedInventory } from "../inventory-service";
import type { RunnerCore } from "./runner-types";

/** What one refresh pass did. */
export interface InventoryRefreshReport {
  /** Clusters whose node list was imported. */
  imported: number;
  /** Clusters that could not be listed (the error is stored on their connection). */
  failed: number;
  /** Node changes found (added + removed + changed) over the imported clusters. */
  drift: number;
}

/** Imports the inventory of each Kubernetes cluster whose last attempt is at least `everyMs` old. */
export function createInventoryRefresher(core: RunnerCore, everyMs: number) {
  /** When each cluster's import was last attempted (wall ms), so a failing one is retried on the same interval. */
  const attempted = new Map<string, number>();
  return async function refreshDue(now: Date): Promise<InventoryRefreshReport> {
    const report: InventoryRefreshReport = { imported: 0, failed: 0, drift: 0 };
    const due = core.drivers.all().filter((e) => e.driver.kind === "kubernetes" && now.getTime() - (attempted.get(e.clusterId) ?? -Infinity) >= everyMs);
    await Promise.all(
      due.map(async (entry) => {
        attempted.set(entry.clusterId, now.getTime());
        const list = () => core.guards.callOn(entry, "list nodes", () => entry.driver.listInventory());
        const outcome = await importListedInventory(core.db, { id: entry.clusterId, name: entry.clusterName }, list, "refresh", now);
        if (!outcome.ok) return void report.failed++;
        report.imported++;
        report.drift += outcome.added + outcome.removed + outcome.changed;
      }),
    );
    return report;
  };
}
