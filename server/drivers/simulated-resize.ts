/**
 * Resizing a running simulated job (elastic training). Model: the job's work is fixed; its rate is
 * linear in members, so at a resize from m0 to m1 members the remaining time scales by m0 / m1 and the
 * work done so far is kept (progress does not jump). The new members are checked against the
 * cluster's capacity like a start.
 */
import { activeAt, workFractionAt, type SimJob } from "./simulated-jobs";
import { DriverError, type NodeAssignment } from "./types";

/** Gives `job` the members `assignments` at `t`, finishing its remaining work at the new rate. */
export function resizeSimJob(job: SimJob, assignments: NodeAssignment[], t: number): void {
  if (!activeAt(job, t))
    throw new DriverError("INVALID_REQUEST", `job ${job.request.jobId} is not running; only a running job can be resized`, { jobId: job.request.jobId });
  if (assignments.length === 0) throw new DriverError("INVALID_REQUEST", `job ${job.request.jobId}: assignments is empty`, { field: "assignments" });
  const before = job.request.assignments.length;
  const done = workFractionAt(job, t);
  job.endMs = t + Math.round(((job.endMs - t) * before) / assignments.length);
  job.resized = { atMs: t, workFraction: done };
  job.request = { ...job.request, assignments: structuredClone(assignments) };
}
