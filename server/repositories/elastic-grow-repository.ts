/**
 * Elastic jobs that may grow, and the write of a growth: the new members' node counters, GPU allocations and shares,
 * the job's member count and the Decision explaining it, in one transaction guarded on the job still
 * running with the count the growth was planned from. A lost race (capacity taken, job stopped or
 * resized meanwhile) writes nothing.
 */
import type { Db } from "../db/client";
import type { NodeTake } from "./placement-repository";

/** What one growth writes. */
export interface GrowthWrite {
  jobId: string;
  fromMembers: number;
  toMembers: number;
  takes: NodeTake[];
  /** Every member's assignment after the growth (the decision's assignments: the job's placement from now on). */
  assignments: { cluster: string; node: string; gpuIndices: number[]; milliPerGpu: number; cpuMilli: number; memoryMib: number }[];
  clusterId: string;
  policyId: string;
  explanationVersion: number;
  explanation: unknown;
  latencyMs: number | null;
  at: Date;
}

/** Running elastic jobs (highest priority, then longest running, first) with their current placement. */
export function findGrowable(db: Db) {
  return db.job.findMany({
    where: { status: "RUNNING", minMembers: { not: null }, maxMembers: { not: null } },
    orderBy: [{ priority: "desc" }, { startedAt: "asc" }, { id: "asc" }],
    include: { decisions: { where: { outcome: "PLACED" }, orderBy: { createdAt: "desc" }, take: 1, select: { clusterId: true, assignments: true } } },
  });
}

class Lost extends Error {}

/** Commits a growth; false when the job or the capacity changed since it was planned. */
export async function commitGrowth(db: Db, w: GrowthWrite): Promise<boolean> {
  try {
    await db.$transaction(async (tx) => {
      const claimed = await tx.job.updateMany({ where: { id: w.jobId, status: "RUNNING", gangSize: w.fromMembers }, data: { gangSize: w.toMembers } });
      if (claimed.count !== 1) throw new Lost();
      for (const take of w.takes) {
        const node =
          await tx.$executeRaw`UPDATE "Node" SET "allocatedCpuMilli" = "allocatedCpuMilli" + ${take.cpuMilli}, "allocatedMemoryMib" = "allocatedMemoryMib" + ${take.memoryMib}
          WHERE id = ${take.nodeId} AND "allocatedCpuMilli" + ${take.cpuMilli} <= "cpuMilli" AND "allocatedMemoryMib" + ${take.memoryMib} <= "memoryMib" AND status = 'READY'`;
        if (node !== 1) throw new Lost();
        for (const gpuId of take.gpuIds) {
          const gpu =
            await tx.$executeRaw`UPDATE "Gpu" SET "allocatedMilli" = "allocatedMilli" + ${take.milliPerGpu} WHERE id = ${gpuId} AND "allocatedMilli" + ${take.milliPerGpu} <= 1000`;
          if (gpu !== 1) throw new Lost();
        }
        if (take.gpuIds.length) await tx.gpuShare.createMany({ data: take.gpuIds.map((gpuId) => ({ gpuId, jobId: w.jobId, milli: take.milliPerGpu })) });
      }
      const created = await tx.decision.create({
        data: {
          jobId: w.jobId,
          outcome: "PLACED",
          clusterId: w.clusterId,
          startAt: w.at,
          policyId: w.policyId,
          explanationVersion: w.explanationVersion,
          explanation: {},
          assignments: w.assignments,
          latencyMs: w.latencyMs,
          createdAt: w.at,
          lastSeenAt: w.at,
        },
        select: { id: true },
      });
      // As text, so the explanation keeps every digit (see placement-repository's insertDecision).
      await tx.$executeRaw`UPDATE "Decision" SET explanation = ${JSON.stringify(w.explanation)}::jsonb WHERE id = ${created.id}`;
    });
    return true;
  } catch (error) {
    if (error instanceof Lost) return false;
    throw error;
  }
}
