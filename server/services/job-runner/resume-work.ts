/**
 * The work of a job's run when it resumes from a checkpoint, and the checkpoints it saves while it
 * runs. A run after a preemption (or any requeue) starts from the work saved at the last checkpoint
 * and does only the rest. While it runs, each checkpoint the runner sees raises checkpointedWorkS and
 * lastCheckpointAt, so the database always knows what a stop now would keep.
 */
import type { JobProgress } from "../../drivers";
import { recordCheckpoint } from "../../repositories/preemption-repository";
import type { JobRow, RunnerCore } from "./runner-types";

/** Seconds of work per wall second on the job's (first) cluster: simulated clusters run faster. */
function workSpeedOf(core: RunnerCore, job: JobRow): number {
  const entry = core.drivers.all().find((e) => e.clusterId === core.parts.clustersOf(job)[0]);
  return entry?.workSpeed ?? 1;
}

/**
 * The work saved before the current run began: checkpointedWorkS, less the checkpoints this run has
 * already recorded (those after its start, one per interval of its work).
 */
export function runBaseWorkS(job: JobRow, workSpeed: number): number {
  const interval = job.checkpointIntervalS;
  const saved = job.checkpointedWorkS;
  if (!interval || !job.startedAt || !job.lastCheckpointAt || job.lastCheckpointAt.getTime() < job.startedAt.getTime()) return saved;
  const intervals = Math.round(((job.lastCheckpointAt.getTime() - job.startedAt.getTime()) / 1000) * (workSpeed / interval));
  return Math.max(0, saved - intervals * interval);
}

/**
 * What a driver is asked to run: the rest of the work after the run's base, from that checkpoint. An
 * elastic job placed with fewer than its most members runs proportionally longer (its estimate is for
 * maxMembers; work rate linear in members, docs/topology.md).
 */
export function runRequestWork(core: RunnerCore, job: JobRow): { estimatedDurationS: number; resumeFromWorkS: number; checkpointIntervalS: number | null } {
  const base = Math.min(runBaseWorkS(job, workSpeedOf(core, job)), job.estimatedDurationS - 1);
  const scale = job.maxMembers && job.gangSize > 0 && job.gangSize < job.maxMembers ? job.maxMembers / job.gangSize : 1;
  const rest = job.estimatedDurationS - Math.max(0, base);
  return { estimatedDurationS: Math.round(rest * scale), resumeFromWorkS: Math.max(0, base), checkpointIntervalS: job.checkpointIntervalS };
}

/**
 * The latest checkpoint of a running job as of `now`: the driver's when it reports one (converted to
 * wall time), else one per interval of work since the run started (a Kubernetes workload saves its
 * own checkpoints, which the cluster does not show).
 */
export function latestCheckpoint(
  core: RunnerCore,
  job: JobRow,
  reported: JobProgress["checkpoint"] | undefined,
  now: Date,
): { workS: number; at: Date } | null {
  const interval = job.checkpointIntervalS;
  if (!interval || !job.startedAt) return null;
  const speed = workSpeedOf(core, job);
  if (reported) {
    const entry = core.drivers.all().find((e) => e.clusterId === core.parts.clustersOf(job)[0]);
    return { workS: reported.workS, at: new Date(entry ? entry.toWallMs(reported.atMs) : now.getTime()) };
  }
  const ranS = ((now.getTime() - job.startedAt.getTime()) / 1000) * speed;
  const k = Math.floor(ranS / interval);
  if (k <= 0) return null;
  const base = runBaseWorkS(job, speed);
  return { workS: Math.min(job.estimatedDurationS, base + k * interval), at: new Date(job.startedAt.getTime() + (k * interval * 1000) / speed) };
}

/** Stores a newer checkpoint of a running job (and keeps the row in step); false when there is none. */
export async function saveCheckpoint(core: RunnerCore, job: JobRow, reported: JobProgress["checkpoint"] | undefined, now: Date): Promise<boolean> {
  const seen = latestCheckpoint(core, job, reported, now);
  if (!seen || seen.workS <= job.checkpointedWorkS) return false;
  if (!(await recordCheckpoint(core.db, job.id, seen.workS, seen.at))) return false;
  job.checkpointedWorkS = seen.workS;
  job.lastCheckpointAt = seen.at;
  return true;
}
