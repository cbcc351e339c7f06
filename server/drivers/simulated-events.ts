/**
 * The simulated cluster's own events about a job, in the shape Kubernetes reports them: each member
 * scheduled on its node and started when the run starts, then completed, failed or killed when it
 * stops. Derived from the job's state at the cluster's clock, so reading them twice gives the same keys.
 */
import { phaseAt, stoppedAt, type SimJob } from "./simulated-jobs";
import type { DriverJobEvent } from "./types";

/** The job's events up to `t`, oldest first. */
export function simulatedJobEvents(job: SimJob, t: number): DriverJobEvent[] {
  if (t < job.startMs) return [];
  const id = job.request.jobId;
  const run = `${id}@${job.startMs}`;
  const events: DriverJobEvent[] = [];
  job.request.assignments.forEach((a, i) => {
    const gpus = a.gpuIndices.length > 0 ? `, GPUs ${a.gpuIndices.join(", ")}` : "";
    events.push({
      key: `${run}/member-${i}/scheduled`,
      atMs: job.startMs,
      kind: "scheduled",
      object: `member ${i + 1}`,
      message: `Scheduled: member ${i + 1} assigned to node ${a.node}${gpus}`,
      warning: false,
    });
  });
  events.push({ key: `${run}/started`, atMs: job.startMs, kind: "started", object: `job ${id}`, message: "Started: all members running", warning: false });
  const phase = phaseAt(job, t);
  if (phase === "succeeded")
    events.push({
      key: `${run}/completed`,
      atMs: stoppedAt(job),
      kind: "completed",
      object: `job ${id}`,
      message: "Completed: every member exited 0",
      warning: false,
    });
  if ((phase === "failed" || phase === "cancelled") && job.stop) {
    const failed = phase === "failed";
    events.push({
      key: `${run}/${phase}`,
      atMs: job.stop.atMs,
      kind: failed ? "failed" : "killed",
      object: `job ${id}`,
      message: failed ? `Failed: ${job.stop.message}` : "Killing: stopped on request",
      warning: failed,
    });
  }
  return events;
}
