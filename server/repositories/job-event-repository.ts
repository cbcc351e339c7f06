/** The run events of jobs (JobEvent): written by the runner as drivers report them, read by the job page. */
import type { Db } from "../db/client";

/** Kinds of run event, in the words the runner writes them. */
export type JobEventKind = "started" | "start-failed" | "stopped" | "resized" | "run-failed" | "succeeded" | "failed" | "cancelled";

/** One event to record. */
export interface JobEventInput {
  jobId: string;
  at: Date;
  kind: JobEventKind;
  /** "runner", or the driver kind that reported it. */
  source: string;
  clusterId?: string | null;
  message: string;
}

/**
 * Records run events. The log is a record of what happened, not a state the loop relies on, so a write
 * that fails (the job deleted meanwhile) is dropped rather than failing the runner's cycle.
 */
export async function recordJobEvents(db: Db, events: readonly JobEventInput[]): Promise<void> {
  if (events.length === 0) return;
  try {
    await db.jobEvent.createMany({ data: events.map((e) => ({ ...e, clusterId: e.clusterId ?? null, message: e.message.slice(0, 2000) })) });
  } catch {
    // A job removed between its run ending and this write: nothing left to show the events on.
  }
}

/** A job's run events, oldest first. */
export function findJobEvents(db: Db, jobId: string) {
  return db.jobEvent.findMany({ where: { jobId }, orderBy: [{ at: "asc" }, { createdAt: "asc" }], take: 500 });
}

/** One cluster event to record for a job: the driver's key makes a repeat read a no-op. */
export interface ClusterEventInput {
  key: string;
  at: Date;
  /** The driver's kind ("scheduled", "oom-killed", ...); stored as "cluster-<kind>". */
  kind: string;
  message: string;
}

/**
 * Records what a cluster reported about a job's run; an event already stored (same job and key) is
 * skipped by the unique index, so polling the events API every cycle stores each event once. Dropped,
 * like the runner's events, when the job is gone. Returns how many were new.
 */
export async function recordClusterEvents(db: Db, jobId: string, clusterId: string, source: string, events: readonly ClusterEventInput[]): Promise<number> {
  if (events.length === 0) return 0;
  try {
    const { count } = await db.jobEvent.createMany({
      data: events.map((e) => ({
        jobId,
        clusterId,
        source,
        at: e.at,
        kind: `cluster-${e.kind}`,
        message: e.message.slice(0, 2000),
        externalKey: e.key.slice(0, 300),
      })),
      skipDuplicates: true,
    });
    return count;
  } catch {
    return 0;
  }
}
