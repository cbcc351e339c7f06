/** The state of a running job across the clusters it runs on. */
import { DriverError, type DriverJobPhase } from "../../drivers";
import { assignmentsFor, type DriverEntry } from "../cluster-drivers";
import { runRequestWork } from "./resume-work";
import type { JobRow, RunnerCore } from "./runner-types";

/** A job's phase, with its wall-clock end once it has one. */
export interface PolledJob {
  phase: DriverJobPhase;
  finishedAtMs: number | null;
  message: string | null;
  /** The run's latest checkpoint as the driver reports it (driver clock); absent = not reported. */
  checkpoint?: { workS: number; atMs: number } | null;
}

/** Polls one cluster's part of the job; a simulated cluster that lost it re-attaches it first. */
async function pollPart(core: RunnerCore, entry: DriverEntry, job: JobRow): Promise<PolledJob> {
  const { guards, clock } = core;
  let p;
  try {
    p = await guards.callOn(entry, "poll job", () => entry.driver.pollJob(job.id));
  } catch (error) {
    // Another leader started it (this instance led before, then followed): re-attach to a simulated cluster.
    const sim = entry.driver as { restoreJob?: (r: unknown, startMs: number) => void };
    if (!(error instanceof DriverError && error.code === "UNKNOWN_JOB" && sim.restoreJob && job.startedAt)) throw error;
    sim.restoreJob(
      {
        jobId: job.id,
        tenantSlug: job.tenant.slug,
        ...runRequestWork(core, job),
        assignments: assignmentsFor(entry.clusterId, core.parts.partsOf(job)),
      },
      entry.clock() - (clock.wallMs - job.startedAt.getTime()) * entry.workSpeed,
    );
    p = await guards.callOn(entry, "poll job", () => entry.driver.pollJob(job.id));
  }
  return { phase: p.phase, finishedAtMs: p.finishedAtMs === null ? null : entry.toWallMs(p.finishedAtMs), message: p.message, checkpoint: p.checkpoint };
}

/** The job's phase: failed or cancelled if any part is, succeeded once every part has, else running. */
export async function pollJob(core: RunnerCore, job: JobRow): Promise<PolledJob> {
  const phases: PolledJob[] = [];
  for (const clusterId of core.parts.clustersOf(job)) phases.push(await pollPart(core, core.drivers.get(clusterId), job));
  const bad = phases.find((p) => p.phase === "failed" || p.phase === "cancelled");
  if (bad) return bad;
  if (phases.every((p) => p.phase === "succeeded"))
    return { phase: "succeeded", finishedAtMs: Math.max(...phases.map((p) => p.finishedAtMs ?? core.clock.wallMs)), message: null };
  return { phase: "running", finishedAtMs: null, message: null, checkpoint: phases[0]?.checkpoint };
}
