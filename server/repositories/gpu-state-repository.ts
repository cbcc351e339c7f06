/** The current per-node GPU state and request shapes, for the fragmentation metrics. */
import type { Db } from "../db/client";
import { Prisma } from "../db/generated/client";
import type { NodeGpuState } from "../services/fragmentation-metrics";

/**
 * Every GPU node of the fleet in service (retired clusters left out), or of one cluster when
 * `clusterId` is given, with its free CPU and free milli-GPU per GPU.
 */
export async function readNodeGpuStates(db: Db, clusterId?: string): Promise<NodeGpuState[]> {
  const rows = await db.$queryRaw<
    { clusterId: string; gpuModel: string | null; cpuFree: number; gpuFree: number[] }[]
  >`SELECT n."clusterId", n."gpuModelId" AS "gpuModel",
      n."cpuMilli" - n."allocatedCpuMilli" AS "cpuFree", array_agg(1000 - g."allocatedMilli" ORDER BY g.index) AS "gpuFree"
    FROM "Node" n JOIN "Gpu" g ON g."nodeId" = n.id
    ${clusterId ? Prisma.sql`WHERE n."clusterId" = ${clusterId}` : Prisma.sql`WHERE n."clusterId" IN (SELECT id FROM "Cluster" WHERE status <> 'RETIRED')`}
    GROUP BY n.id`;
  return rows.map((r) => ({ clusterId: r.clusterId, gpuModel: r.gpuModel, cpuMilliFree: r.cpuFree, gpuMilliFree: r.gpuFree }));
}

/** How many jobs asked for each multi-GPU count (whole GPUs per node). */
export async function countMultiGpuRequests(db: Db): Promise<{ gpuCount: number; jobs: number }[]> {
  const rows = await db.$queryRaw<
    { gpuCount: number; jobs: bigint }[]
  >`SELECT "gpuCount", count(*) AS jobs FROM "Job" WHERE "gpuCount" >= 2 GROUP BY "gpuCount"`;
  return rows.map((r) => ({ gpuCount: r.gpuCount, jobs: Number(r.jobs) }));
}
