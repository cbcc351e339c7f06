/**
 * Writes scheduling outcomes. A placement commits the job's state, the GPU shares, the node
 * counters and the decision with its explanation in ONE transaction, guarded so a job is never
 * placed twice (the status UPDATE matches only a QUEUED job) and capacity is never over-allocated
 * (each GPU/node UPDATE adds only where it still fits, and CHECK constraints back that up) — even if
 * two control loops race.
 */
import type { Db } from "../db/client";
import type { DecisionOutcome, Prisma } from "../db/generated/client";
import { parseStoredAssignments } from "./stored-json";
import { borrowedGpusOfExplanation } from "../engine";

/** What one node of a placement takes. */
export interface NodeTake {
  clusterId: string;
  nodeId: string;
  nodeName: string;
  gpuIds: string[];
  gpuIndices: number[];
  milliPerGpu: number;
  cpuMilli: number;
  memoryMib: number;
}

export interface DecisionRecord {
  jobId: string;
  outcome: DecisionOutcome;
  clusterId: string | null;
  startAt: Date | null;
  policyId: string;
  explanationVersion: number;
  explanation: Prisma.InputJsonValue;
  /** Engine time for this decision (ms). */
  latencyMs?: number;
  /** Outcome, cluster, start hour, reason codes and policy: equal fingerprints are the same decision. */
  fingerprint?: string;
  /** Placed ahead of another job's reservation without delaying it (EASY or conservative backfill). */
  backfilled?: boolean;
  createdAt: Date;
}

/**
 * Writes a decision's engine inputs inside the decision's transaction and returns the hash to store
 * on it (`Decision.inputHash`), or null when they could not be recorded.
 */
export type DecisionInputsWrite = (tx: Prisma.TransactionClient) => Promise<string | null>;

/**
 * Inserts a decision row. Prisma's Json writes round numbers to 16 significant digits (0.1 + 0.2 is
 * stored as 0.3), so the explanation is then written as text cast to jsonb, which keeps every digit:
 * the stored explanation is exactly what the engine produced, and a replay compares it byte for byte.
 */
async function insertDecision(
  tx: Prisma.TransactionClient,
  data: Omit<Prisma.DecisionUncheckedCreateInput, "explanation"> & { explanation: Prisma.InputJsonValue },
): Promise<string> {
  const { explanation, ...rest } = data;
  const created = await tx.decision.create({ data: { ...rest, explanation: {} }, select: { id: true } });
  await tx.$executeRaw`UPDATE "Decision" SET explanation = ${JSON.stringify(explanation)}::jsonb WHERE id = ${created.id}`;
  return created.id;
}

/**
 * Writes the explanations of rows inserted with createMany again as jsonb text, in one statement, so
 * they keep every digit (see insertDecision).
 */
export async function rewriteExplanationsExact(tx: Prisma.TransactionClient, rows: readonly { id: string; explanation: unknown }[]): Promise<void> {
  if (rows.length === 0) return;
  const ids = rows.map((r) => r.id);
  const texts = rows.map((r) => JSON.stringify(r.explanation));
  await tx.$executeRaw`UPDATE "Decision" d SET explanation = v.e::jsonb FROM unnest(${ids}::text[], ${texts}::text[]) AS v(id, e) WHERE d.id = v.id`;
}

/** Why a placement was not written. */
export type PlacementConflict = "job-not-queued" | "capacity-changed";

/** A placement that lost a race; thrown inside a transaction so everything in it rolls back. */
export class PlacementConflictError extends Error {
  constructor(readonly reason: PlacementConflict) {
    super(reason);
  }
}

/**
 * Places a queued job inside the caller's transaction (status, shares, counters, decision); throws
 * PlacementConflictError when the job is no longer queued or the capacity is gone. Returns the decision id.
 */
export async function placeQueuedJob(
  tx: Prisma.TransactionClient,
  decision: DecisionRecord,
  takes: NodeTake[],
  energyKwh: number | null,
  emissionsGCo2e: number | null,
  writeInputs?: DecisionInputsWrite,
): Promise<string> {
  const claimed = await tx.job.updateMany({
    where: { id: decision.jobId, status: "QUEUED" },
    data: {
      status: "PLACED",
      placedAt: decision.createdAt,
      statusReason: null,
      energyKwh,
      emissionsGCo2e,
      borrowedGpus: borrowedGpusOfExplanation(decision.explanation),
    },
  });
  if (claimed.count !== 1) throw new PlacementConflictError("job-not-queued");
  // An elastic job runs with the members placed: gangSize is its current count (maxMembers the most).
  await tx.$executeRaw`UPDATE "Job" SET "gangSize" = ${takes.length} WHERE id = ${decision.jobId} AND "maxMembers" IS NOT NULL`;
  // A placed job holds its nodes now: its backfill reservation, if any, goes with the placement.
  await tx.jobReservation.deleteMany({ where: { jobId: decision.jobId } });
  for (const take of takes) {
    const node =
      await tx.$executeRaw`UPDATE "Node" SET "allocatedCpuMilli" = "allocatedCpuMilli" + ${take.cpuMilli}, "allocatedMemoryMib" = "allocatedMemoryMib" + ${take.memoryMib}
      WHERE id = ${take.nodeId} AND "allocatedCpuMilli" + ${take.cpuMilli} <= "cpuMilli" AND "allocatedMemoryMib" + ${take.memoryMib} <= "memoryMib" AND status = 'READY'`;
    if (node !== 1) throw new PlacementConflictError("capacity-changed");
    for (const gpuId of take.gpuIds) {
      const gpu =
        await tx.$executeRaw`UPDATE "Gpu" SET "allocatedMilli" = "allocatedMilli" + ${take.milliPerGpu} WHERE id = ${gpuId} AND "allocatedMilli" + ${take.milliPerGpu} <= 1000`;
      if (gpu !== 1) throw new PlacementConflictError("capacity-changed");
    }
    if (take.gpuIds.length) await tx.gpuShare.createMany({ data: take.gpuIds.map((gpuId) => ({ gpuId, jobId: decision.jobId, milli: take.milliPerGpu })) });
  }
  const inputHash = writeInputs ? await writeInputs(tx) : null;
  return insertDecision(tx, {
    ...decision,
    inputHash,
    lastSeenAt: decision.createdAt,
    assignments: takes.map((t) => ({
      cluster: t.clusterId,
      node: t.nodeName,
      gpuIndices: t.gpuIndices,
      milliPerGpu: t.milliPerGpu,
      cpuMilli: t.cpuMilli,
      memoryMib: t.memoryMib,
    })),
  });
}

/** Places a queued job: status, shares, counters and decision together, or nothing. */
export async function commitPlacement(
  db: Db,
  decision: DecisionRecord,
  takes: NodeTake[],
  energyKwh: number | null,
  emissionsGCo2e: number | null,
  writeInputs?: DecisionInputsWrite,
): Promise<{ ok: true; decisionId: string } | { ok: false; reason: PlacementConflict }> {
  try {
    const decisionId = await db.$transaction((tx) => placeQueuedJob(tx, decision, takes, energyKwh, emissionsGCo2e, writeInputs));
    return { ok: true, decisionId };
  } catch (error) {
    if (error instanceof PlacementConflictError) return { ok: false, reason: error.reason };
    throw error;
  }
}

/**
 * Records a decision that does not take resources now (deferred or unschedulable) and the job's
 * reason. When the job's latest decision has the same fingerprint (a job waiting for capacity
 * reaches the same verdict every cycle) that row's seenCount and lastSeenAt are bumped instead of
 * storing another copy. Returns "new", "repeat", or false when the job was no longer queued.
 */
export async function recordWaitingDecision(
  db: Db,
  decision: DecisionRecord,
  statusReason: string,
  newStatus: "UNSCHEDULABLE" | null = null,
  writeInputs?: DecisionInputsWrite,
): Promise<"new" | "repeat" | false> {
  return db.$transaction(async (tx) => {
    // An impossible job leaves the queue with its reason; any other keeps waiting with it.
    const updated = await tx.job.updateMany({
      where: { id: decision.jobId, status: "QUEUED" },
      data: { statusReason, ...(newStatus ? { status: newStatus, finishedAt: decision.createdAt } : {}) },
    });
    if (updated.count !== 1) return false;
    const latest = decision.fingerprint
      ? await tx.decision.findFirst({
          where: { jobId: decision.jobId },
          orderBy: [{ createdAt: "desc" }, { id: "desc" }],
          select: { id: true, fingerprint: true },
        })
      : null;
    if (latest && latest.fingerprint === decision.fingerprint) {
      await tx.decision.update({ where: { id: latest.id }, data: { seenCount: { increment: 1 }, lastSeenAt: decision.createdAt } });
      return "repeat";
    }
    const inputHash = writeInputs ? await writeInputs(tx) : null;
    await insertDecision(tx, { ...decision, inputHash, lastSeenAt: decision.createdAt });
    return "new";
  });
}

/**
 * A placed job whose start failed: its shares are freed and it goes back to the queue with the reason
 * (to be placed again, elsewhere if the cluster is now excluded), or ends FAILED once it has failed to
 * start `maxFailures` times. One transaction, guarded on PLACED so a cancel or a second loop wins cleanly.
 */
export async function recordStartFailure(db: Db, jobId: string, reason: string, maxFailures: number, at: Date): Promise<"requeued" | "failed" | null> {
  return db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<
      { startFailures: number }[]
    >`UPDATE "Job" SET "startFailures" = "startFailures" + 1 WHERE id = ${jobId} AND status = 'PLACED' RETURNING "startFailures"`;
    const failures = rows[0]?.startFailures;
    if (failures === undefined) return null;
    const failed = failures >= maxFailures;
    // Freed before the status moves on: releaseShares reads the placement being undone.
    await releaseShares(tx as unknown as Db, jobId);
    await tx.job.update({
      where: { id: jobId },
      data: failed
        ? { status: "FAILED", finishedAt: at, statusReason: `Could not be started (${failures} attempts): ${reason}`, energyKwh: null, emissionsGCo2e: null }
        : {
            status: "QUEUED",
            placedAt: null,
            statusReason: `Start failed (attempt ${failures} of ${maxFailures}), queued again: ${reason}`,
            energyKwh: null,
            emissionsGCo2e: null,
          },
    });
    return failed ? "failed" : "requeued";
  });
}

/** Marks a placed job as running (the driver accepted it). */
export async function markRunning(db: Db, jobId: string, at: Date): Promise<boolean> {
  const updated = await db.job.updateMany({ where: { id: jobId, status: "PLACED" }, data: { status: "RUNNING", startedAt: at } });
  return updated.count === 1;
}

/**
 * Ends a job and frees what it held, in one transaction: shares removed, GPU and node counters
 * decremented, final status and energy/emissions stored. Ending twice is a no-op.
 */
export async function finishJob(
  db: Db,
  jobId: string,
  status: "SUCCEEDED" | "FAILED" | "CANCELLED",
  at: Date,
  accounting: { energyKwh: number | null; emissionsGCo2e: number | null },
  reason: string | null,
  /** More writes that belong to the job's end (energy hours, ledger entry). */
  alsoWrite?: (tx: Prisma.TransactionClient) => Promise<void>,
): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const ended = await tx.job.updateMany({
      where: { id: jobId, status: { in: ["PLACED", "RUNNING"] } },
      data: { status, finishedAt: at, statusReason: reason, ...accounting },
    });
    if (ended.count !== 1) return false;
    await releaseShares(tx as unknown as Db, jobId);
    if (alsoWrite) await alsoWrite(tx);
    return true;
  });
}

/** Frees a job's GPU shares and node counters (inside the caller's transaction). */
export async function releaseShares(tx: Db, jobId: string): Promise<void> {
  const job = await tx.job.findUniqueOrThrow({
    where: { id: jobId },
    select: { decisions: { where: { outcome: "PLACED" }, orderBy: { createdAt: "desc" }, take: 1, select: { assignments: true } } },
  });
  await tx.$executeRaw`UPDATE "Gpu" g SET "allocatedMilli" = g."allocatedMilli" - s.milli FROM "GpuShare" s WHERE s."gpuId" = g.id AND s."jobId" = ${jobId}`;
  await tx.gpuShare.deleteMany({ where: { jobId } });
  const assignments = parseStoredAssignments(job.decisions[0]?.assignments);
  for (const a of assignments) {
    await tx.$executeRaw`UPDATE "Node" SET "allocatedCpuMilli" = "allocatedCpuMilli" - ${a.cpuMilli}, "allocatedMemoryMib" = "allocatedMemoryMib" - ${a.memoryMib} WHERE "clusterId" = ${a.cluster} AND name = ${a.node}`;
  }
}

/** Queued jobs whose deadline can no longer be met become EXPIRED with a reason. */
export async function expireOverdueJobs(db: Db, now: Date): Promise<number> {
  const expired =
    await db.$executeRaw`UPDATE "Job" SET status = 'EXPIRED', "statusReason" = 'The deadline passed before the job could start and finish', "finishedAt" = ${now}
    WHERE status = 'QUEUED' AND "deadlineAt" IS NOT NULL AND "deadlineAt" < CAST(${now} AS timestamp(3)) + ("estimatedDurationS" * interval '1 second')`;
  return expired;
}
