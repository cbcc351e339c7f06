/**
 * Maps database rows to the engine's fleet snapshot: node states with their current allocation,
 * jobs holding resources (for earliest-start estimates), hourly intensity series per zone (measured
 * up to now, then the latest forecast, then the engine's forecaster fitted on the zone's measured
 * history, then the zone's annual average where there is too little history),
 * tenant usage (GPUs held; carbon and GPU-hours this month), the inter-cluster links, and queued
 * jobs as the coordinator's FleetJob.
 */
import {
  expectedEndMs,
  createNode,
  HOUR_MS,
  type FleetCluster,
  type FleetJob,
  type FleetSnapshot,
  type JobRequest,
  type NodeState,
  type RunningJob,
  type RunningJobPreemption,
  type TenantUsage,
} from "../engine";
import type { ClusterWithAllocation, QueuedJobRow } from "../repositories/fleet-repository";
import {
  findCarbonSamples,
  findClustersWithAllocation,
  findJobsHoldingResources,
  findSchedulingContext,
  findTenantEmissionsSince,
  findZones,
} from "../repositories/fleet-repository";
import type { Db } from "../db/client";
import { findUnreachableClusters } from "../repositories/cluster-repository";
import { findLinksForSnapshot } from "../repositories/cluster-link-repository";
import { findTenantGpuHoursSince } from "../repositories/tenant-gpu-hours-repository";
import { parseStoredAssignments } from "../repositories/stored-json";
import { forecastFills, type ZoneFill } from "./zone-forecast-fill";
import { zoneForecastErrors } from "./zone-forecast-error";
import { buildZoneSeries, indexSamples } from "./zone-intensity-series";
import { cohortFields, heldByTenantModel } from "./cohort-usage";
import { findQueuedReservations } from "../repositories/reservation-repository";
import { reservationsOn } from "./reservation-snapshot";
import { committedGpuHours } from "./committed-gpu-hours";

/** Hours of carbon data around now given to the agents (history for the explanation, then the window). */
const SERIES_PAST_HOURS = 1;
const SERIES_FUTURE_HOURS = 48;

function nodeState(row: ClusterWithAllocation["nodes"][number], sharesByJob: Map<string, number>): NodeState {
  const base = createNode({
    name: row.name,
    cpuMilli: row.cpuMilli,
    memoryMib: row.memoryMib,
    gpuCount: row.gpuCount,
    gpuModel: row.gpuModelId,
    rack: row.rackGroup,
    switchGroup: row.switchGroup,
    podGroup: row.podGroup,
    labels: row.labels as Record<string, string>,
    ready: row.status === "READY",
  });
  return {
    ...base,
    cpuMilliFree: row.cpuMilli - row.allocatedCpuMilli,
    memoryMibFree: row.memoryMib - row.allocatedMemoryMib,
    gpuMilliFree: row.gpus.map((g) => 1000 - g.allocatedMilli),
    hostedGpuShares: [...sharesByJob.values()].sort((a, b) => a - b),
  };
}

/** The job fields the coordinator needs (a Job row, or a form input for a preview). */
export type JobFields = Pick<
  QueuedJobRow,
  | "id"
  | "tenantId"
  | "kind"
  | "cpuMilli"
  | "memoryMib"
  | "gpuCount"
  | "gpuMilli"
  | "allowedGpuModels"
  | "computeUnits"
  | "minGpuMemoryGib"
  | "gangSize"
  | "estimatedDurationS"
  | "earliestStartAt"
  | "deadlineAt"
  | "allowedRegions"
  | "allowSplit"
> & {
  submittedAt?: Date | null;
  /** The class and checkpoints (absent on a preview): what preemption reads. */
  priority?: number;
  priorityClass?: { name: string; canPreempt: boolean } | null;
  checkpointIntervalS?: number | null;
  checkpointedWorkS?: number;
  /** Elastic gang: the fewest and most members (absent or null = fixed at gangSize). */
  minMembers?: number | null;
  maxMembers?: number | null;
  /** The gang must keep every member in one rack (absent = false). */
  gangSameRack?: boolean;
};

/** A job (row or preview input) as the coordinator's FleetJob. */
export function toFleetJob(row: JobFields): FleetJob {
  return {
    id: row.id,
    tenant: row.tenantId,
    kind: row.kind.toLowerCase() as FleetJob["kind"],
    cpuMilli: row.cpuMilli,
    memoryMib: row.memoryMib,
    gpuCount: row.gpuCount,
    gpuMilliPerGpu: row.gpuMilli,
    allowedGpuModels: row.allowedGpuModels,
    computeUnits: row.computeUnits,
    minGpuMemoryGib: row.minGpuMemoryGib,
    // An elastic job asks for its most members; gangSize holds the count it last ran with.
    gangSize: row.maxMembers ?? row.gangSize,
    minMembers: row.minMembers ?? null,
    ...(row.gangSameRack ? { gangSameRack: true } : {}),
    estimatedDurationS: row.estimatedDurationS,
    submittedAtMs: row.submittedAt?.getTime() ?? null,
    earliestStartMs: row.earliestStartAt?.getTime() ?? null,
    deadlineMs: row.deadlineAt?.getTime() ?? null,
    allowedRegions: row.allowedRegions,
    allowSplit: row.allowSplit,
    ...(row.priority !== undefined ? { priority: row.priority } : {}),
    ...(row.priorityClass ? { priorityClass: row.priorityClass.name, mayPreempt: row.priorityClass.canPreempt } : {}),
    ...(row.checkpointIntervalS != null ? { checkpointIntervalS: row.checkpointIntervalS } : {}),
    ...(row.checkpointedWorkS ? { checkpointedWorkS: row.checkpointedWorkS } : {}),
  };
}

/** Database ids behind the snapshot's positions, to turn engine assignments back into rows. */
export interface FleetIndex {
  clusters: Map<string, { nodeIds: string[]; nodeNames: string[]; gpuIds: string[][] }>;
}

/** The reason an explanation gives for an unreachable cluster: since when (UTC) and the failure. */
function unreachableText(u: { since: Date; reason: string | null }): string {
  return `since ${u.since.toISOString().slice(0, 16).replace("T", " ")} UTC: ${u.reason ?? "no answer"}`;
}

type HoldingJob = Awaited<ReturnType<typeof findJobsHoldingResources>>[number];

/** Each zone's intensity series; hours no sample covers are filled by the engine's forecaster from the zone's measured history. */
async function zoneSeries(
  db: Db,
  samples: Awaited<ReturnType<typeof findCarbonSamples>>,
  zones: Awaited<ReturnType<typeof findZones>>,
  hour0: number,
  hours: number,
  nowMs: number,
) {
  const pick = indexSamples(samples, zones);
  const uncovered = zones.filter((zone) => Array.from({ length: hours }, (_, h) => hour0 + h * HOUR_MS).some((at) => !pick(zone.id, at, nowMs)));
  const fills = uncovered.length > 0 ? await forecastFills(db, uncovered, hour0, hours, nowMs) : new Map<string, ZoneFill | null>();
  return new Map(zones.map((zone) => [zone.id, buildZoneSeries(zone, pick, fills.get(zone.id) ?? null, hour0, hours, nowMs)] as const));
}

/** The jobs holding resources on one cluster, as the engine's running jobs (their parts there, ending no earlier than now). */
function runningJobsOn(
  clusterId: string,
  nodeIndex: ReadonlyMap<string, number>,
  holding: HoldingJob[],
  partsOf: (j: HoldingJob) => ReturnType<typeof parseStoredAssignments>,
  nowMs: number,
  resizable = false,
): RunningJob[] {
  return holding
    .filter((j) => partsOf(j).some((a) => a.cluster === clusterId))
    .map((j) => {
      const stored = partsOf(j).filter((a) => a.cluster === clusterId);
      const startMs = (j.startedAt ?? j.decisions[0]?.startAt ?? j.placedAt ?? new Date(nowMs)).getTime();
      const predictedEndMs = startMs + j.estimatedDurationS * 1000;
      const request: JobRequest = {
        id: j.id,
        cpuMilli: j.cpuMilli,
        memoryMib: j.memoryMib,
        gpuCount: stored[0]?.gpuIndices.length ?? j.gpuCount,
        gpuMilliPerGpu: stored[0]?.milliPerGpu ?? j.gpuMilli,
        allowedGpuModels: [],
        gangSize: stored.length || 1,
      };
      const assignments = stored.filter((a) => nodeIndex.has(a.node)).map((a) => ({ nodeIndex: nodeIndex.get(a.node) as number, gpuIndices: a.gpuIndices }));
      // Shrinking sheds the last members of the stored order: only a running job wholly on this cluster's known nodes.
      const shrinkable = resizable && j.status === "RUNNING" && assignments.length === partsOf(j).length;
      return {
        jobId: j.id,
        job: request,
        assignments,
        endMs: expectedEndMs(startMs, predictedEndMs, nowMs),
        ...(j.priorityClass ? { preemption: preemptionFacts(j, nowMs, shrinkable, predictedEndMs) } : {}),
      };
    });
}

/**
 * A running job as a preemption candidate. A placed job not yet started has lost nothing; a checkpoint
 * stored before this run began belongs to an earlier run. An elastic job may shed members down to its
 * minimum only when `shrinkable` (running, wholly on one cluster whose driver can resize it: the
 * simulated one; Kubernetes cannot resize an Indexed Job, so there it is stopped instead). A job
 * placed by backfill and past the end it was predicted to reach has overrun its backfill.
 */
function preemptionFacts(j: HoldingJob, nowMs: number, shrinkable: boolean, predictedEndMs: number): RunningJobPreemption {
  const startedAtMs = j.startedAt?.getTime() ?? nowMs;
  const checkpointMs = j.lastCheckpointAt?.getTime() ?? null;
  return {
    ...(j.decisions[0]?.backfilled === true && nowMs > predictedEndMs ? { backfillOverrun: true } : {}),
    tenant: j.tenantId,
    priority: j.priorityClass?.priority ?? j.priority,
    preemptible: j.priorityClass?.preemptible ?? false,
    startedAtMs,
    lastCheckpointMs: checkpointMs !== null && checkpointMs >= startedAtMs ? checkpointMs : null,
    checkpointedWorkS: j.checkpointedWorkS,
    borrowedGpus: j.borrowedGpus,
    minMembers: shrinkable ? j.minMembers : null,
  };
}

/** Each tenant's quotas and what it uses of them this month (GPUs held, carbon, GPU-hours used and committed). */
function tenantUsage(
  tenants: Awaited<ReturnType<typeof findSchedulingContext>>["tenants"],
  holding: HoldingJob[],
  emissions: Awaited<ReturnType<typeof findTenantEmissionsSince>>,
  gpuHours: Awaited<ReturnType<typeof findTenantGpuHoursSince>>,
  monthStart: Date,
  nowMs: number,
  heldByModel: ReadonlyMap<string, ReadonlyMap<string, number>> = new Map(),
): TenantUsage[] {
  return tenants.map((t) => ({
    tenant: t.id,
    ...cohortFields(t, tenants, heldByModel),
    maxGpus: t.quota?.maxGpus ?? Number.MAX_SAFE_INTEGER,
    gpusInUse: holding.filter((j) => j.tenantId === t.id).reduce((sum, j) => sum + (j.gpuCount * j.gpuMilli * j.gangSize) / 1000, 0),
    carbonBudgetKgPerMonth: t.quota?.carbonBudgetKgPerMonth ?? null,
    carbonUsedKgThisMonth: (emissions.find((e) => e.tenantId === t.id)?._sum.emissionsGCo2e ?? 0) / 1000,
    maxGpuHoursPerMonth: t.quota?.maxGpuHoursPerMonth ?? null,
    gpuHoursUsedThisMonth: (gpuHours.get(t.id) ?? 0) + committedGpuHours(holding, t.id, nowMs),
    monthEndMs: Date.UTC(monthStart.getUTCFullYear(), monthStart.getUTCMonth() + 1, 1),
  }));
}

/** Loads the whole fleet as the coordinator sees it at `nowMs`, with the ids behind it. */
export async function loadFleetSnapshot(db: Db, nowMs: number): Promise<{ snapshot: FleetSnapshot; index: FleetIndex }> {
  const hour0 = Math.floor(nowMs / HOUR_MS) * HOUR_MS - SERIES_PAST_HOURS * HOUR_MS;
  const hours = SERIES_PAST_HOURS + SERIES_FUTURE_HOURS;
  const monthStart = new Date(Date.UTC(new Date(nowMs).getUTCFullYear(), new Date(nowMs).getUTCMonth(), 1));
  const [clusters, holding, context, samples, zones, emissions, unreachable, links, gpuHours, reservations] = await Promise.all([
    findClustersWithAllocation(db),
    findJobsHoldingResources(db),
    findSchedulingContext(db),
    findCarbonSamples(db, new Date(hour0), new Date(hour0 + hours * HOUR_MS)),
    findZones(db),
    findTenantEmissionsSince(db, monthStart),
    findUnreachableClusters(db),
    findLinksForSnapshot(db),
    findTenantGpuHoursSince(db, monthStart, new Date(nowMs)),
    findQueuedReservations(db),
  ]);

  const series = await zoneSeries(db, samples, zones, hour0, hours, nowMs);
  const forecastErrors = await zoneForecastErrors(
    db,
    zones.map((z) => z.id),
    nowMs,
  );

  // Each holding job's stored parts, checked once: every cluster's pass below reads them.
  const parts = new Map(holding.map((j) => [j.id, parseStoredAssignments(j.decisions[0]?.assignments)]));
  const partsOf = (j: (typeof holding)[number]) => parts.get(j.id)!;
  const fleetClusters: FleetCluster[] = clusters.map((cluster) => {
    const nodeIndex = new Map(cluster.nodes.map((n, i) => [n.name, i]));
    const nodes = cluster.nodes.map((n) => {
      const byJob = new Map<string, number>();
      for (const gpu of n.gpus) for (const s of gpu.shares) byJob.set(s.jobId, (byJob.get(s.jobId) ?? 0) + s.milli);
      return nodeState(n, byJob);
    });
    const running = runningJobsOn(cluster.id, nodeIndex, holding, partsOf, nowMs, cluster.connection?.driver !== "KUBERNETES");
    return {
      id: cluster.id,
      name: cluster.name,
      region: cluster.region,
      zone: cluster.gridZoneId,
      tier: cluster.tier.toLowerCase() as FleetCluster["tier"],
      pue: cluster.pue,
      status: cluster.status.toLowerCase() as FleetCluster["status"],
      // Only an unreachable cluster carries the fields, so a healthy fleet's snapshot keeps its shape.
      ...(unreachable.has(cluster.id) ? { reachable: false, unreachableReason: unreachableText(unreachable.get(cluster.id)!) } : {}),
      state: { nodes },
      running,
      // Every queued job's backfill hold; the scheduling cycle drops those of the jobs it decides again.
      reservations: reservationsOn(cluster.id, nodeIndex, reservations),
      series: series.get(cluster.gridZoneId)!,
      // Only a zone with a measured forecast error carries it; the engine's default covers the rest.
      ...(forecastErrors.get(cluster.gridZoneId)?.length ? { forecastError: forecastErrors.get(cluster.gridZoneId) } : {}),
    };
  });

  const heldByModel = heldByTenantModel(clusters, new Map(holding.map((j) => [j.id, j.tenantId])));
  const tenants = tenantUsage(context.tenants, holding, emissions, gpuHours, monthStart, nowMs, heldByModel);

  const index: FleetIndex = {
    clusters: new Map(
      clusters.map((c) => [
        c.id,
        { nodeIds: c.nodes.map((n) => n.id), nodeNames: c.nodes.map((n) => n.name), gpuIds: c.nodes.map((n) => n.gpus.map((g) => g.id)) },
      ]),
    ),
  };
  const snapshot: FleetSnapshot = {
    nowMs,
    clusters: fleetClusters,
    links: links.map((l) => ({ a: l.clusterAId, b: l.clusterBId, distanceKm: l.distanceKm, bandwidthGbps: l.bandwidthGbps, latencyMs: l.latencyMs })),
    gpuModels: context.gpuModels.map((m) => ({ id: m.id, memoryGib: m.memoryGib, computeUnits: m.computeUnits, idleWatts: m.idleWatts, maxWatts: m.maxWatts })),
    tenants,
  };
  return { snapshot, index };
}
