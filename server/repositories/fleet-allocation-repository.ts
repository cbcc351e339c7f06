/**
 * The fleet's schedulable GPU allocation from the database: allocated milli-GPU over the GPUs the
 * scheduler may use now (ready nodes of active clusters, not withdrawn from the inventory). GPUs of
 * draining, maintenance or retired clusters and of nodes that are not ready count in neither side,
 * so the ratio says how full the usable fleet is.
 */
import type { Db } from "../db/client";

/** Allocated and schedulable milli-GPU of the fleet. */
export async function readSchedulableAllocation(db: Db): Promise<{ allocatedMilli: number; capacityMilli: number }> {
  const rows = await db.$queryRaw<
    { capacity: bigint; allocated: bigint }[]
  >`SELECT COUNT(*) * 1000 AS capacity, COALESCE(SUM(g."allocatedMilli"), 0) AS allocated
    FROM "Gpu" g JOIN "Node" n ON n.id = g."nodeId" JOIN "Cluster" c ON c.id = n."clusterId"
    WHERE c.status = 'ACTIVE' AND n.status = 'READY' AND n."removedAt" IS NULL`;
  return { capacityMilli: Number(rows[0]?.capacity ?? 0), allocatedMilli: Number(rows[0]?.allocated ?? 0) };
}

/** The ratio of {@link readSchedulableAllocation} (0 for a fleet without schedulable GPUs). */
export function allocationRatio(a: { allocatedMilli: number; capacityMilli: number }): number {
  return a.capacityMilli > 0 ? a.allocatedMilli / a.capacityMilli : 0;
}
