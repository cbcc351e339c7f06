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
