/**
 * What the savings-ledger audit replays: the jobs submitted in a window that have a ledger entry
 * (their requests, run times and entries), the fleet's inventory (clusters that are not retired,
 * their nodes and GPU models), tenant GPU quotas, the measured intensity per zone (and the provider
 * forecast of hours without a measurement) and the active placement policy.
 */
import type { ShadowJob, ShadowOccupant } from "../accounting/shadow-replay";
import type { Db } from "../db/client";

/** A ledger entry with the job it accounts for. */
export type AuditJobRow = ShadowJob & { kind: string };

/** Jobs submitted in [from, to) that have a ledger entry, in submission order. */
export async function readAuditJobs(db: Db, from: Date, to: Date): Promise<AuditJobRow[]> {
  const rows = await db.job.findMany({
    where: { submittedAt: { gte: from, lt: to }, savings: { isNot: null } },
    orderBy: [{ submittedAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      tenantId: true,
      kind: true,
      priority: true,
      cpuMilli: true,
      memoryMib: true,
      gpuCount: true,
      gpuMilli: true,
      gangSize: true,
      allowedGpuModels: true,
      allowedRegions: true,
      estimatedDurationS: true,
      deadlineAt: true,
      submittedAt: true,
      startedAt: true,
      finishedAt: true,
      savings: {
        select: {
          actualGCo2e: true,
          baselineGCo2e: true,
          baselineMinGCo2e: true,
          baselineMaxGCo2e: true,
          baselineClusterId: true,
          method: true,
          workSpeed: true,
          clusterId: true,
        },
      },
    },
  });
  return rows.map(({ savings, ...j }) => ({
    id: j.id,
    tenantId: j.tenantId,
    kind: j.kind,
    priority: j.priority,
    cpuMilli: j.cpuMilli,
    memoryMib: j.memoryMib,
    gpuCount: j.gpuCount,
    gpuMilli: j.gpuMilli,
    gangSize: j.gangSize,
    allowedGpuModels: j.allowedGpuModels,
    allowedRegions: j.allowedRegions,
    estimatedDurationS: j.estimatedDurationS,
    deadlineAt: j.deadlineAt,
    submittedAt: j.submittedAt,
    startedAt: j.startedAt,
    finishedAt: j.finishedAt,
    entry: savings!,
  }));
}

/**
 * Jobs that held capacity during [from, to) but are not replayed for the ledger (still running at the
 * end, ended without an entry, or submitted before the period): the replay runs them too, so its fleet
 * is as full as the live one was, and leaves them out of its totals.
 */
export async function readAuditOccupants(db: Db, from: Date, to: Date, replayedIds: ReadonlySet<string>): Promise<ShadowOccupant[]> {
  const rows = await db.job.findMany({
    where: { startedAt: { lt: to }, OR: [{ finishedAt: null }, { finishedAt: { gt: from } }] },
    orderBy: [{ submittedAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      tenantId: true,
      kind: true,
      priority: true,
      cpuMilli: true,
      memoryMib: true,
      gpuCount: true,
      gpuMilli: true,
      gangSize: true,
      allowedGpuModels: true,
      allowedRegions: true,
      estimatedDurationS: true,
      deadlineAt: true,
      submittedAt: true,
      startedAt: true,
      finishedAt: true,
    },
  });
  return rows.filter((j) => !replayedIds.has(j.id));
}

/** A cluster of the audit's fleet with its nodes. */
export interface AuditClusterRow {
  id: string;
  name: string;
  region: string;
  tier: string;
  zoneId: string;
  pue: number;
  nodes: { name: string; cpuMilli: number; memoryMib: number; gpuModelId: string | null; gpuCount: number; rackGroup: string; labels: unknown }[];
}

/** The fleet's inventory today (clusters that are not retired), GPU models, quotas and zones. */
export async function readAuditFleet(db: Db) {
  const [clusters, gpuModels, quotas, zones] = await Promise.all([
    db.cluster.findMany({
      where: { status: { not: "RETIRED" } },
      orderBy: { name: "asc" },
      select: {
        id: true,
        name: true,
        region: true,
        tier: true,
        gridZoneId: true,
        pue: true,
        nodes: {
          orderBy: { name: "asc" },
          select: { name: true, cpuMilli: true, memoryMib: true, gpuModelId: true, gpuCount: true, rackGroup: true, labels: true },
        },
      },
    }),
    db.gpuModel.findMany({ orderBy: { id: "asc" } }),
    db.tenantQuota.findMany({ orderBy: { tenantId: "asc" } }),
    db.gridZone.findMany({ orderBy: { id: "asc" } }),
  ]);
  return {
    clusters: clusters.map((c): AuditClusterRow => ({
      id: c.id,
      name: c.name,
      region: c.region,
      tier: c.tier,
      zoneId: c.gridZoneId,
      pue: c.pue,
      nodes: c.nodes.map((n) => ({
        name: n.name,
        cpuMilli: n.cpuMilli,
        memoryMib: n.memoryMib,
        gpuModelId: n.gpuModelId,
        gpuCount: n.gpuCount,
        rackGroup: n.rackGroup,
        labels: n.labels,
      })),
    })),
    gpuModels: gpuModels.map((m) => ({ id: m.id, memoryGib: m.memoryGib, computeUnits: m.computeUnits, idleWatts: m.idleWatts, maxWatts: m.maxWatts })),
    quotas: quotas.map((q) => ({ tenantId: q.tenantId, maxGpus: q.maxGpus })),
    zones: zones.map((z) => ({ id: z.id, annualAverageGCo2ePerKwh: z.annualAverageGCo2ePerKwh })),
  };
}

/** The audit's fleet. */
export type AuditFleet = Awaited<ReturnType<typeof readAuditFleet>>;

/** Measured hourly intensity of every zone in [from, to). */
export async function readMeasuredIntensity(db: Db, from: Date, to: Date) {
  const rows = await db.carbonIntensitySample.findMany({
    where: { kind: "MEASURED", at: { gte: from, lt: to } },
    orderBy: [{ zoneId: "asc" }, { at: "asc" }],
    select: { zoneId: true, at: true, gCo2ePerKwh: true },
  });
  return rows.map((r) => ({ zoneId: r.zoneId, atMs: r.at.getTime(), gCo2ePerKwh: r.gCo2ePerKwh }));
}

/**
 * The newest provider forecast of every zone-hour in [from, to), of the zone's current signal type:
 * the value the ledger prices an hour with when it has no measurement (intensityLookup).
 */
export async function readForecastIntensity(db: Db, from: Date, to: Date) {
  const [zones, rows] = await Promise.all([
    db.gridZone.findMany({ select: { id: true, signalType: true } }),
    db.carbonIntensitySample.findMany({
      where: { kind: "FORECAST", at: { gte: from, lt: to } },
      orderBy: [{ zoneId: "asc" }, { at: "asc" }, { forecastIssuedAt: "asc" }],
      select: { zoneId: true, at: true, gCo2ePerKwh: true, signalType: true },
    }),
  ]);
  const signal = new Map(zones.map((z) => [z.id, z.signalType]));
  // Sorted by issue time within an hour: the newest forecast of the hour is kept.
  const newest = new Map<string, { zoneId: string; atMs: number; gCo2ePerKwh: number }>();
  for (const r of rows) {
    if (r.signalType !== signal.get(r.zoneId)) continue;
    newest.set(`${r.zoneId}@${r.at.getTime()}`, { zoneId: r.zoneId, atMs: r.at.getTime(), gCo2ePerKwh: r.gCo2ePerKwh });
  }
  return [...newest.values()];
}

/** The active placement policy as stored (parsed by the caller), or null when none is active. */
export function readActivePolicyRow(db: Db) {
  return db.policy.findFirst({
    where: { active: true },
    orderBy: { createdAt: "desc" },
    select: { name: true, version: true, objectiveWeights: true, constraints: true },
  });
}
