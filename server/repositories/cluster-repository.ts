/** Clusters with inventory aggregates (GPUs by model, allocation) computed in the database. */
import type { Db } from "../db/client";

export interface ClusterSummary {
  id: string;
  name: string;
  region: string;
  tier: "HUB" | "REGIONAL" | "EDGE";
  status: "ACTIVE" | "DRAINING" | "MAINTENANCE" | "RETIRED";
  gridZoneId: string;
  gridZoneName: string;
  pue: number;
  locationName: string;
  nodes: number;
  cpuMilli: number;
  gpus: number;
  gpusByModel: { model: string; gpus: number }[];
  allocatedGpuMilli: number;
  /** Set while the control loop cannot reach the cluster (excluded from placement). */
  unreachable: { since: Date; reason: string | null } | null;
}

/** Every cluster with node, CPU and GPU totals and its allocated milli-GPU. */
export async function listClusterSummaries(db: Db): Promise<ClusterSummary[]> {
  const [clusters, byModel, allocated] = await Promise.all([
    db.cluster.findMany({
      include: {
        gridZone: { select: { name: true } },
        _count: { select: { nodes: true } },
        connection: { select: { unreachableSince: true, unreachableReason: true } },
      },
      orderBy: { name: "asc" },
    }),
    db.node.groupBy({ by: ["clusterId", "gpuModelId"], _sum: { gpuCount: true, cpuMilli: true } }),
    db.$queryRaw<
      { clusterId: string; milli: bigint }[]
    >`SELECT n."clusterId", COALESCE(SUM(g."allocatedMilli"), 0)::bigint AS milli FROM "Gpu" g JOIN "Node" n ON n.id = g."nodeId" GROUP BY n."clusterId"`,
  ]);
  return clusters.map((c) => {
    const rows = byModel.filter((r) => r.clusterId === c.id);
    const gpusByModel = rows
      .filter((r) => r.gpuModelId)
      .map((r) => ({ model: r.gpuModelId as string, gpus: r._sum.gpuCount ?? 0 }))
      .sort((a, b) => b.gpus - a.gpus);
    return {
      id: c.id,
      name: c.name,
      region: c.region,
      tier: c.tier,
      status: c.status,
      gridZoneId: c.gridZoneId,
      gridZoneName: c.gridZone.name,
      pue: c.pue,
      locationName: c.locationName,
      nodes: c._count.nodes,
      cpuMilli: rows.reduce((s, r) => s + (r._sum.cpuMilli ?? 0), 0),
      gpus: gpusByModel.reduce((s, r) => s + r.gpus, 0),
      gpusByModel,
      allocatedGpuMilli: Number(allocated.find((a) => a.clusterId === c.id)?.milli ?? 0),
      unreachable: c.connection?.unreachableSince ? { since: c.connection.unreachableSince, reason: c.connection.unreachableReason } : null,
    };
  });
}

/** Clusters the control loop cannot reach now (their breaker is open), with since when and why. */
export async function findUnreachableClusters(db: Db): Promise<Map<string, { since: Date; reason: string | null }>> {
  const rows = await db.clusterConnection.findMany({
    where: { unreachableSince: { not: null } },
    select: { clusterId: true, unreachableSince: true, unreachableReason: true },
  });
  return new Map(rows.map((r) => [r.clusterId, { since: r.unreachableSince as Date, reason: r.unreachableReason }]));
}

/** One cluster with every node's GPUs and allocation, and the jobs holding resources there. */
export async function findClusterDetail(db: Db, id: string) {
  const cluster = await db.cluster.findUnique({
    where: { id },
    include: {
      gridZone: { select: { name: true } },
      // Reachability only: the connection's kubeconfig never leaves the server.
      connection: { select: { unreachableSince: true, unreachableReason: true, consecutiveFailures: true } },
      nodes: {
        orderBy: [{ rackGroup: "asc" }, { name: "asc" }],
        select: {
          id: true,
          name: true,
          rackGroup: true,
          gpuModelId: true,
          gpuCount: true,
          cpuMilli: true,
          memoryMib: true,
          allocatedCpuMilli: true,
          allocatedMemoryMib: true,
          status: true,
          healthReason: true,
          healthChangedAt: true,
          gpus: { orderBy: { index: "asc" }, select: { index: true, allocatedMilli: true } },
        },
      },
    },
  });
  if (!cluster) return null;
  const placements = await db.decision.findMany({
    where: { outcome: "PLACED", clusterId: id, job: { status: { in: ["PLACED", "RUNNING"] } } },
    orderBy: { createdAt: "desc" },
    select: {
      id: true,
      startAt: true,
      job: {
        select: {
          id: true,
          name: true,
          status: true,
          gpuCount: true,
          gpuMilli: true,
          gangSize: true,
          estimatedDurationS: true,
          startedAt: true,
          tenant: { select: { name: true } },
          decisions: { where: { outcome: "PLACED" }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 1, select: { id: true } },
        },
      },
    },
  });
  // A job requeued after a failed start and placed again holds only its newest placement.
  const decisions = placements.filter((d) => d.job.decisions[0]?.id === d.id).map(({ job: { decisions: _latest, ...job }, ...d }) => ({ ...d, job }));
  return { cluster, decisions };
}
