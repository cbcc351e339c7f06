/**
 * Writes and reads of preemption. A preemption commits in ONE transaction: each victim's run is
 * released (GPU shares and node counters freed) and it goes back to the queue with the work saved at
 * its last checkpoint, its preemption count raised and a reason naming the preemptor; the preemptor
 * is placed on the freed GPUs with its decision; and one Preemption row per victim records the work
 * lost. An elastic victim with `shrink` instead sheds its last members and keeps running
 * (elastic-shrink-repository). A victim that is no longer placed or running (or no longer of the size
 * planned), or capacity taken meanwhile, rolls all of it back. The runner then stops each victim's run
 * on its cluster, or resizes a shrunk one, and marks the row stopped.
 */
import type { Db } from "../db/client";
import type { PreemptionReason } from "../engine";
import { parseStoredAssignments } from "./stored-json";
import { shrinkRunningJob, ShrinkLost } from "./elastic-shrink-repository";
import { placeQueuedJob, PlacementConflictError, releaseShares, type DecisionInputsWrite, type DecisionRecord, type NodeTake } from "./placement-repository";

/** One victim to requeue, with what its Preemption row records. */
export interface VictimWrite {
  jobId: string;
  clusterId: string;
  reason: PreemptionReason;
  lostGpuHours: number;
  statusReason: string;
  /** An elastic victim that sheds members (from its current count down to `to`) instead of stopping. */
  shrink?: { from: number; to: number };
}

/** Why a preemption was not written. */
export type PreemptionConflict = "victim-not-running" | "job-not-queued" | "capacity-changed";

class VictimGone extends Error {}

/** Requeues the victims and places the preemptor, or writes nothing. */
export async function commitPreemption(
  db: Db,
  input: {
    decision: DecisionRecord;
    takes: NodeTake[];
    energyKwh: number | null;
    emissionsGCo2e: number | null;
    victims: VictimWrite[];
    writeInputs?: DecisionInputsWrite;
  },
): Promise<{ ok: true; decisionId: string } | { ok: false; reason: PreemptionConflict }> {
  try {
    const decisionId = await db.$transaction(async (tx) => {
      const resumeFrom = new Map<string, number>();
      for (const v of input.victims) {
        if (v.shrink) {
          const at = input.decision.createdAt;
          const w = { jobId: v.jobId, clusterId: v.clusterId, fromMembers: v.shrink.from, toMembers: v.shrink.to, statusReason: v.statusReason, at };
          resumeFrom.set(v.jobId, await shrinkRunningJob(tx, w));
          continue;
        }
        const rows = await tx.$queryRaw<
          { checkpointedWorkS: number }[]
        >`SELECT "checkpointedWorkS" FROM "Job" WHERE id = ${v.jobId} AND status IN ('PLACED', 'RUNNING') FOR UPDATE`;
        const row = rows[0];
        if (!row) throw new VictimGone();
        // The checkpoint the runner recorded as it polled is the work the next run starts from.
        resumeFrom.set(v.jobId, row.checkpointedWorkS);
        // Freed before the status moves on: releaseShares reads the placement being undone.
        await releaseShares(tx as unknown as Db, v.jobId);
        await tx.job.update({
          where: { id: v.jobId },
          data: {
            status: "QUEUED",
            placedAt: null,
            startedAt: null,
            energyKwh: null,
            emissionsGCo2e: null,
            notBeforeAt: null,
            borrowedGpus: 0,
            statusReason: v.statusReason,
            preemptions: { increment: 1 },
          },
        });
      }
      const decisionId = await placeQueuedJob(tx, input.decision, input.takes, input.energyKwh, input.emissionsGCo2e, input.writeInputs);
      await tx.preemption.createMany({
        data: input.victims.map((v) => ({
          decisionId,
          preemptorJobId: input.decision.jobId,
          victimJobId: v.jobId,
          clusterId: v.clusterId,
          lostGpuHours: v.lostGpuHours,
          resumeFromWorkS: resumeFrom.get(v.jobId) ?? 0,
          reason: v.reason,
          shrunkFrom: v.shrink?.from ?? null,
          shrunkTo: v.shrink?.to ?? null,
          createdAt: input.decision.createdAt,
        })),
      });
      return decisionId;
    });
    return { ok: true, decisionId };
  } catch (error) {
    if (error instanceof VictimGone || error instanceof ShrinkLost) return { ok: false, reason: "victim-not-running" };
    if (error instanceof PlacementConflictError) return { ok: false, reason: error.reason };
    throw error;
  }
}

/** Preempted runs the runner has still to stop on their clusters, oldest first. */
export function findRunsToStop(db: Db) {
  return db.preemption.findMany({
    where: { stoppedAt: null },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, victimJobId: true, clusterId: true, createdAt: true, shrunkTo: true },
  });
}

/** The clusters a preempted run used: the preemption's cluster and the other parts of the placement it had then (a split job). */
export async function findVictimClusters(db: Db, victimJobId: string, clusterId: string, preemptedAt: Date): Promise<string[]> {
  const placed = await db.decision.findFirst({
    where: { jobId: victimJobId, outcome: "PLACED", createdAt: { lt: preemptedAt } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { assignments: true },
  });
  const parts = parseStoredAssignments(placed?.assignments ?? []);
  return [...new Set([clusterId, ...parts.map((a) => a.cluster)])];
}

/** Marks preempted runs stopped on their cluster. */
export async function markRunsStopped(db: Db, ids: string[], at: Date): Promise<void> {
  if (ids.length) await db.preemption.updateMany({ where: { id: { in: ids }, stoppedAt: null }, data: { stoppedAt: at } });
}

/** Records a checkpoint the runner saw: only a later one than stored (a checkpoint never goes back). */
export async function recordCheckpoint(db: Db, jobId: string, workS: number, at: Date): Promise<boolean> {
  const updated = await db.job.updateMany({
    where: { id: jobId, status: "RUNNING", checkpointedWorkS: { lt: workS } },
    data: { checkpointedWorkS: workS, lastCheckpointAt: at },
  });
  return updated.count === 1;
}

/** Preemptions counted by reason (the metric verdant_preemptions_total). */
export async function countPreemptionsByReason(db: Db): Promise<{ reason: string; count: number; lostGpuHours: number }[]> {
  const rows = await db.preemption.groupBy({ by: ["reason"], _count: { _all: true }, _sum: { lostGpuHours: true }, orderBy: { reason: "asc" } });
  return rows.map((r) => ({ reason: r.reason, count: r._count._all, lostGpuHours: r._sum.lostGpuHours ?? 0 }));
}
