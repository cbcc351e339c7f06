/** The guard of each cluster's driver and the reachability stored from it. */
import type { Db } from "../../db/client";
import { saveClusterReachability } from "../../repositories/control-loop-repository";
import type { DriverEntry, DriverSet } from "../cluster-drivers";
import { createClusterGuard, type ClusterGuard, type ClusterGuardOptions } from "../cluster-health";

/** Guards per driver, guarded driver calls and stored reachability. */
export interface GuardRegistry {
  /** The guard of this driver (a fresh one for a rebuilt driver). */
  guardOf(entry: DriverEntry): ClusterGuard;
  /** One driver call under the cluster's guard. */
  callOn<T>(entry: DriverEntry, what: string, fn: () => Promise<T>): Promise<T>;
  /** Stores each cluster's reachability when it changed (a healthy state only once a call has succeeded). */
  persistReachability(now: Date): Promise<void>;
  /** How many clusters' breakers are open. */
  unreachableCount(): number;
}

/** A guard registry over the driver set. */
export function createGuardRegistry(db: Db, drivers: DriverSet, options: ClusterGuardOptions): GuardRegistry {
  /** One guard per driver: a rebuilt driver (an admin's edit) starts with a fresh breaker. */
  const guards = new Map<string, { entry: DriverEntry; guard: ClusterGuard }>();
  /** The reachability last stored per cluster, to write only changes. */
  const persisted = new Map<string, string>();

  function guardOf(entry: DriverEntry): ClusterGuard {
    const known = guards.get(entry.clusterId);
    if (known && known.entry === entry) return known.guard;
    const guard = createClusterGuard(entry.clusterName, options);
    guards.set(entry.clusterId, { entry, guard });
    return guard;
  }

  async function persistReachability(now: Date): Promise<void> {
    for (const { entry, guard } of guards.values()) {
      if (!drivers.all().includes(entry)) continue;
      const health = guard.health();
      if (!health.unreachable && health.consecutiveFailures === 0 && !health.reached) continue;
      const key = JSON.stringify({ f: health.consecutiveFailures, u: health.unreachable, r: health.reason });
      if (persisted.get(entry.clusterId) === key) continue;
      await saveClusterReachability(db, entry.clusterId, health, now);
      persisted.set(entry.clusterId, key);
    }
  }

  return {
    guardOf,
    callOn: (entry, what, fn) => guardOf(entry).call(what, fn),
    persistReachability,
    unreachableCount: () => [...guards.values()].filter((g) => g.guard.unreachable).length,
  };
}
