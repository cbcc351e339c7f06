/** Reads behind a job's timeline: its decisions, preemptions either way, audit entries, run events, GPUs held and energy per hour. */
import type { Db } from "../db/client";
import { findJobEvents } from "./job-event-repository";

/** Most decisions a timeline lists (repeats of one decision are one row with a count). */
export const TIMELINE_MAX_DECISIONS = 200;

/** The job's own row as the timeline needs it: tenant, status, times and the reservation it holds. */
export function findJobTimelineHead(db: Db, jobId: string) {
  return db.job.findUnique({
    where: { id: jobId },
    select: {
      id: true,
      tenantId: true,
      status: true,
      statusReason: true,
      submittedAt: true,
      startedAt: true,
      finishedAt: true,
      cancelledAt: true,
      reservation: { select: { createdAt: true, startAt: true, endAt: true, assignments: true, cluster: { select: { name: true } } } },
    },
  });
}

/** Everything the timeline of one job is built from. */
export async function findJobTimelineRows(db: Db, jobId: string) {
  const [decisions, victimOf, preemptorOf, audit, events, shares, energy] = await Promise.all([
    db.decision.findMany({
      where: { jobId },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take: TIMELINE_MAX_DECISIONS,
      select: {
        id: true,
        outcome: true,
        createdAt: true,
        lastSeenAt: true,
        seenCount: true,
        startAt: true,
        backfilled: true,
        explanation: true,
        cluster: { select: { name: true } },
      },
    }),
    db.preemption.findMany({
      where: { victimJobId: jobId },
      orderBy: { createdAt: "asc" },
      include: { preemptor: { select: { id: true, name: true, tenantId: true } } },
    }),
    db.preemption.findMany({
      where: { preemptorJobId: jobId },
      orderBy: { createdAt: "asc" },
      include: { victim: { select: { id: true, name: true, tenantId: true } } },
    }),
    db.auditLog.findMany({
      where: { entityType: "Job", entityId: jobId },
      orderBy: { at: "asc" },
      take: 100,
      select: { id: true, action: true, at: true, actor: { select: { name: true } } },
    }),
    findJobEvents(db, jobId),
    db.gpuShare.findMany({
      where: { jobId },
      select: {
        milli: true,
        gpu: { select: { index: true, node: { select: { name: true, rackGroup: true, cluster: { select: { id: true, name: true } } } } } },
      },
    }),
    db.jobEnergyHour.findMany({ where: { jobId }, orderBy: { hourStart: "asc" }, take: 24 * 31 }),
  ]);
  const clusterIds = [...new Set([...victimOf, ...preemptorOf].map((p) => p.clusterId))];
  const clusters = clusterIds.length > 0 ? await db.cluster.findMany({ where: { id: { in: clusterIds } }, select: { id: true, name: true } }) : [];
  const energyClusterIds = [...new Set(energy.map((e) => e.clusterId))];
  const energyClusters =
    energyClusterIds.length > 0 ? await db.cluster.findMany({ where: { id: { in: energyClusterIds } }, select: { id: true, name: true } }) : [];
  return {
    decisions,
    victimOf,
    preemptorOf,
    audit,
    events,
    shares,
    energy,
    clusterNames: new Map([...clusters, ...energyClusters].map((c) => [c.id, c.name])),
  };
}
