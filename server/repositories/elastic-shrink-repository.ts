/**
 * Shrinking a running elastic job inside a preemption's transaction: the shed members (the last ones
 * of its stored placement, as the planner sheds them) give back their GPU shares and node counters,
 * the job keeps running with `gangSize` = the members kept, and a PLACED decision records the smaller
 * placement (so the runner resizes the run to it and later growth starts from it). Guarded on the job
 * still running with the members the plan saw; otherwise it throws and the whole preemption rolls back.
 */
import type { Db } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { parseStoredAssignments, type StoredAssignment } from "./stored-json";

/** One elastic victim to shrink. */
export interface ShrinkWrite {
  jobId: string;
  clusterId: string;
  fromMembers: number;
  toMembers: number;
  statusReason: string;
  at: Date;
}

/** The shrink no longer matches the job (it stopped, finished or was resized since the plan). */
export class ShrinkLost extends Error {}

type Explanation = { chosen?: { clusterId?: string; elastic?: Record<string, unknown> }[] } & Record<string, unknown>;

/** The job's last explanation with its elastic section saying it shrank (other fields kept as stored). */
function shrunkExplanation(stored: unknown, w: ShrinkWrite, minMembers: number, maxMembers: number): Explanation {
  const e = JSON.parse(JSON.stringify(stored ?? {})) as Explanation;
  const part = e.chosen?.find((c) => c.clusterId === w.clusterId) ?? e.chosen?.[0];
  if (part) part.elastic = { minMembers, maxMembers, members: w.toMembers, shrunkFrom: w.fromMembers };
  return e;
}

/** Sheds the job's last members; returns the checkpointed work it continues from. Throws ShrinkLost on a lost race. */
export async function shrinkRunningJob(tx: Prisma.TransactionClient, w: ShrinkWrite): Promise<number> {
  const rows = await tx.$queryRaw<{ checkpointedWorkS: number; minMembers: number | null; maxMembers: number | null }[]>`
    SELECT "checkpointedWorkS", "minMembers", "maxMembers" FROM "Job"
    WHERE id = ${w.jobId} AND status = 'RUNNING' AND "gangSize" = ${w.fromMembers} FOR UPDATE`;
  const job = rows[0];
  if (!job || job.minMembers === null || job.maxMembers === null || w.toMembers < job.minMembers || w.toMembers >= w.fromMembers) throw new ShrinkLost();
  const last = await tx.decision.findFirst({
    where: { jobId: w.jobId, outcome: "PLACED" },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { assignments: true, startAt: true, policyId: true, explanationVersion: true, explanation: true },
  });
  const members: StoredAssignment[] = parseStoredAssignments(last?.assignments);
  // The plan shed the last members of this order on this one cluster; anything else is a different placement.
  if (!last || members.length !== w.fromMembers || members.some((a) => a.cluster !== w.clusterId)) throw new ShrinkLost();
  const kept = members.slice(0, w.toMembers);
  for (const a of members.slice(w.toMembers)) {
    const node = await tx.node.findFirst({
      where: { clusterId: a.cluster, name: a.node },
      select: { id: true, gpus: { where: { index: { in: a.gpuIndices } }, select: { id: true } } },
    });
    if (!node) throw new ShrinkLost();
    const gpuIds = node.gpus.map((g) => g.id);
    if (gpuIds.length) {
      await tx.$executeRaw`UPDATE "Gpu" g SET "allocatedMilli" = g."allocatedMilli" - s.milli FROM "GpuShare" s
        WHERE s."gpuId" = g.id AND s."jobId" = ${w.jobId} AND g.id = ANY(${gpuIds}::text[])`;
      await tx.gpuShare.deleteMany({ where: { jobId: w.jobId, gpuId: { in: gpuIds } } });
    }
    await tx.$executeRaw`UPDATE "Node" SET "allocatedCpuMilli" = "allocatedCpuMilli" - ${a.cpuMilli}, "allocatedMemoryMib" = "allocatedMemoryMib" - ${a.memoryMib} WHERE id = ${node.id}`;
  }
  await tx.job.update({ where: { id: w.jobId }, data: { gangSize: w.toMembers, statusReason: w.statusReason } });
  const created = await tx.decision.create({
    data: {
      jobId: w.jobId,
      outcome: "PLACED",
      clusterId: w.clusterId,
      startAt: last.startAt,
      policyId: last.policyId,
      explanationVersion: last.explanationVersion,
      explanation: {},
      assignments: kept,
      createdAt: w.at,
      lastSeenAt: w.at,
    },
    select: { id: true },
  });
  // As text, so the explanation keeps every digit (see placement-repository's insertDecision).
  const explanation = shrunkExplanation(last.explanation, w, job.minMembers, job.maxMembers);
  await tx.$executeRaw`UPDATE "Decision" SET explanation = ${JSON.stringify(explanation)}::jsonb WHERE id = ${created.id}`;
  return job.checkpointedWorkS;
}

/** The members a shrunk job runs with now (its latest placement), for the runner's resize. */
export async function findCurrentPlacement(db: Db, jobId: string): Promise<{ status: string; assignments: StoredAssignment[] } | null> {
  const job = await db.job.findUnique({
    where: { id: jobId },
    select: {
      status: true,
      decisions: { where: { outcome: "PLACED" }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 1, select: { assignments: true } },
    },
  });
  return job ? { status: job.status, assignments: parseStoredAssignments(job.decisions[0]?.assignments) } : null;
}
