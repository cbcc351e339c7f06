/**
 * One ClusterDriver per cluster, built on first use from the ClusterConnection table: no row (or
 * SIMULATED) = the in-memory simulated driver over the cluster's stored inventory, on one sim clock
 * shared by every simulated cluster (VERDANT_SIM_SPEED simulated seconds per wall second);
 * KUBERNETES = the Kubernetes driver from the stored kubeconfig and namespace prefix (wall clock). A simulated driver is
 * rebuilt from the database after a restart: jobs the database says are running are re-attached
 * with the start they had, so a crash of the worker loses no progress.
 */
import {
  createKubernetesDriver,
  createSimClock,
  createSimulatedDriver,
  type ClusterDriver,
  type NodeAssignment,
  type SimClock,
  type SimulatedDriver,
} from "../drivers";
import type { Db } from "../db/client";
import { findClustersForDrivers, findDriverVersions, recordConnectionRefused, type DriverVersion } from "../repositories/control-loop-repository";
import { openStoredSecret, SECRET_PURPOSES } from "../secrets/stored-secrets";
import type { StoredAssignment } from "../repositories/stored-json";

/** A cluster's driver with its clock. */
export interface DriverEntry {
  clusterId: string;
  clusterName: string;
  zoneId: string;
  pue: number;
  driver: ClusterDriver;
  /** The driver's own clock (sim time for simulated clusters). */
  clock: () => number;
  /** Seconds of work per wall second (the sim speed, or 1). */
  workSpeed: number;
  /** Converts the driver's time to wall-clock ms. */
  toWallMs: (driverMs: number) => number;
  /** Power figures per GPU model (for the power model). */
  gpuPower: Record<string, { idleWatts: number; maxWatts: number }>;
  nodeModels: Map<string, string | null>;
  /** Each node's capacity, for the node-share power model. */
  nodeShapes: Map<string, { cpuMilli: number; memoryMib: number; gpuCount: number }>;
}

/** A job the database says is running, to re-attach after a restart. */
export interface RunningJobRecord {
  jobId: string;
  tenantSlug: string;
  estimatedDurationS: number;
  startedAtMs: number;
  assignments: StoredAssignment[];
  /** The checkpoint the run resumed from and its interval (absent = a fresh run without checkpoints). */
  resumeFromWorkS?: number;
  checkpointIntervalS?: number | null;
}

/** Per-cluster part of a job's stored assignments, as a driver request's assignments. */
export function assignmentsFor(clusterId: string, stored: StoredAssignment[]): NodeAssignment[] {
  return stored
    .filter((a) => a.cluster === clusterId)
    .map((a) => ({
      node: a.node,
      gpuIndices: [...a.gpuIndices],
      milliPerGpu: a.gpuIndices.length ? a.milliPerGpu : 0,
      cpuMilli: a.cpuMilli,
      memoryMib: a.memoryMib,
    }));
}

/** Mean utilization of the simulated GPUs is share x (1 - jitter/2); 0.4 makes it the power model's 0.8. */
const SIM_JITTER = 0.4;

/** A cluster row as the driver set reads it. */
type DriverClusterRow = Awaited<ReturnType<typeof findClustersForDrivers>>[number];
/** Options of {@link createDriverSet}. */
export interface DriverSetOptions {
  simSpeed: number;
  seed: number;
  /** The loop's clock. */
  wallNow: () => number;
}
/** The parts of an entry every driver kind shares. */
type EntryBase = Pick<DriverEntry, "clusterId" | "clusterName" | "zoneId" | "pue" | "gpuPower" | "nodeModels" | "nodeShapes">;

/** Power figures per GPU model and the model of each node. */
function entryBase(c: DriverClusterRow): EntryBase {
  const gpuPower: Record<string, { idleWatts: number; maxWatts: number }> = {};
  for (const n of c.nodes) if (n.gpuModelId && n.gpuModel) gpuPower[n.gpuModelId] = n.gpuModel;
  const nodeModels = new Map(c.nodes.map((n) => [n.name, n.gpuModelId]));
  const nodeShapes = new Map(c.nodes.map((n) => [n.name, { cpuMilli: n.cpuMilli, memoryMib: n.memoryMib, gpuCount: n.gpuCount }]));
  return { clusterId: c.id, clusterName: c.name, zoneId: c.gridZoneId, pue: c.pue, gpuPower, nodeModels, nodeShapes };
}

/**
 * The Kubernetes driver from the stored kubeconfig, in the connection's namespace prefix; null (and
 * the reason stored) when the kubeconfig cannot be decrypted or the policy refuses it, so the
 * cluster's jobs wait and the page says why.
 */
async function kubernetesEntry(db: Db, c: DriverClusterRow, base: EntryBase, options: DriverSetOptions): Promise<DriverEntry | null> {
  try {
    const kubeconfig = openStoredSecret(SECRET_PURPOSES.kubeconfig, c.connection?.kubeconfig ?? "", `cluster ${c.name}: the stored kubeconfig`);
    const driver = createKubernetesDriver({ kubeconfig, cluster: c.name, clock: options.wallNow, namespacePrefix: c.connection?.namespacePrefix });
    return { ...base, driver, clock: options.wallNow, workSpeed: 1, toWallMs: (ms) => ms };
  } catch (error) {
    await recordConnectionRefused(db, c.id, new Date(options.wallNow()), (error as Error).message);
    return null;
  }
}

/** The simulated driver over the stored inventory, with the cluster's running jobs re-attached. */
function simulatedEntry(c: DriverClusterRow, base: EntryBase, sim: SimClock, running: RunningJobRecord[], options: DriverSetOptions): DriverEntry {
  const driver: SimulatedDriver = createSimulatedDriver({
    nodes: c.nodes.map((n) => ({
      name: n.name,
      cpuMilli: n.cpuMilli,
      memoryMib: n.memoryMib,
      gpuModel: n.gpuModelId,
      gpuCount: n.gpuCount,
      labels: n.labels as Record<string, string>,
      rack: n.rackGroup,
      // A node gone from the inventory takes no work; one with a health fault gets it back when it recovers.
      schedulable: n.status === "READY" || !n.removedAt,
    })),
    health: c.nodes.filter((n) => n.status !== "READY" && !n.removedAt).map((n) => ({ node: n.name, status: n.status, reason: n.healthReason })),
    gpuPower: base.gpuPower,
    clock: sim.now,
    seed: options.seed,
    jitter: SIM_JITTER,
  });
  // Re-attach what was running: the elapsed wall time since its start, sped up, is its progress.
  for (const job of running) {
    const assignments = assignmentsFor(c.id, job.assignments);
    if (!assignments.length) continue;
    const startMs = sim.now() - (options.wallNow() - job.startedAtMs) * sim.speed;
    driver.restoreJob(
      {
        jobId: job.jobId,
        tenantSlug: job.tenantSlug,
        estimatedDurationS: job.estimatedDurationS,
        assignments,
        resumeFromWorkS: job.resumeFromWorkS,
        checkpointIntervalS: job.checkpointIntervalS,
      },
      startMs,
    );
  }
  return { ...base, driver, clock: sim.now, workSpeed: sim.speed, toWallMs: (ms) => options.wallNow() - (sim.now() - ms) / sim.speed };
}

/** The drivers of every cluster; `wallNow` is the loop's clock. */
export function createDriverSet(db: Db, options: DriverSetOptions) {
  const entries = new Map<string, DriverEntry>();
  let simClock: SimClock | null = null;
  /** The version key each cluster's driver was built from. */
  const versions = new Map<string, string>();

  async function load(running: RunningJobRecord[], only: string[]): Promise<void> {
    for (const c of await findClustersForDrivers(db, only)) {
      // A rebuild replaces the old driver; one that cannot be built leaves none.
      entries.delete(c.id);
      const base = entryBase(c);
      if (c.connection?.driver === "KUBERNETES") {
        const entry = await kubernetesEntry(db, c, base, options);
        if (entry) entries.set(c.id, entry);
        continue;
      }
      simClock ??= createSimClock({ real: options.wallNow, startMs: options.wallNow(), speed: options.simSpeed });
      entries.set(c.id, simulatedEntry(c, base, simClock, running, options));
    }
  }

  return {
    /**
     * Builds the drivers on first use, then rebuilds only the clusters added or edited since (an
     * admin's change takes effect without a restart), re-attaching their running jobs; returns each
     * cluster's version row.
     */
    async refresh(running: RunningJobRecord[]): Promise<DriverVersion[]> {
      const current = await findDriverVersions(db);
      const ids = new Set(current.map((v) => v.clusterId));
      for (const id of versions.keys()) {
        if (ids.has(id)) continue;
        entries.delete(id);
        versions.delete(id);
      }
      const changed = current.filter((v) => versions.get(v.clusterId) !== v.key).map((v) => v.clusterId);
      if (changed.length) await load(running, changed);
      for (const v of current) versions.set(v.clusterId, v.key);
      return current;
    },
    get(clusterId: string): DriverEntry {
      const entry = entries.get(clusterId);
      if (!entry) throw new Error(`no driver for cluster ${clusterId}`);
      return entry;
    },
    all: () => [...entries.values()],
  };
}

/** The driver set type. */
export type DriverSet = ReturnType<typeof createDriverSet>;
