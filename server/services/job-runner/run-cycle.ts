/**
 * One cycle of the runner: the jobs to drive are grouped per cluster (a split job forms a group of
 * its clusters), each group runs in parallel under its clusters' guards, and the cycle waits for
 * every group except one stuck on a hung API, which finishes in the background and sits out the
 * next cycles until it has.
 */
import { insertClusterSamples } from "../../repositories/control-loop-repository";
import { prepareCycle, runCluster } from "./cluster-cycle";
import { createJobDriver } from "./drive-job";
import { stopPreemptedRuns } from "./stop-preempted";
import { emptyReport, type CycleContext, type JobRow, type RunnerCore, type RunnerReport } from "./runner-types";
import { eachLimited, settleUnlessStuck, type ClusterTask } from "./settle-tasks";

const SAMPLE_EVERY_MS = 60_000;

/** The cycle loop of one runner; keeps the groups still busy from earlier cycles. */
export function createCycleRunner(core: RunnerCore) {
  const { db, drivers, guards, parts, clock } = core;
  const jobDriver = createJobDriver(core);
  let lastSampleMs = -Infinity;
  /** Each cluster group's unfinished work; the group sits out cycles until it is done. */
  const busy = new Map<string, Promise<void>>();
  let backgroundError: unknown = null;

  /** Throws a database failure left by work that outlived its cycle. */
  function rethrowBackgroundError(): void {
    if (!backgroundError) return;
    const error = backgroundError;
    backgroundError = null;
    throw error;
  }

  /** One group per cluster key; every cluster gets one for its probe and telemetry. */
  function groupJobs(jobs: JobRow[]): Map<string, JobRow[]> {
    const groups = new Map<string, JobRow[]>(drivers.all().map((e) => [e.clusterId, []]));
    for (const job of jobs) {
      const key = parts.clustersOf(job).sort().join("+");
      const group = groups.get(key);
      if (group) group.push(job);
      else groups.set(key, [job]);
    }
    return groups;
  }

  /** Starts one group's work, marking it busy until it is done. */
  function launchGroup(key: string, group: JobRow[], ctx: CycleContext): ClusterTask {
    const entry = drivers.all().find((e) => e.clusterId === key);
    const groupEntries = drivers.all().filter((e) => key.split("+").includes(e.clusterId));
    let finished = false;
    const done = (entry ? runCluster(core, jobDriver, entry, group, ctx) : eachLimited(group, 1, (job) => jobDriver.driveJob(job, ctx.now, ctx.report)))
      .catch((error: unknown) => void (backgroundError ??= error))
      .finally(() => {
        finished = true;
        busy.delete(key);
      });
    busy.set(key, done);
    return { done, finished: () => finished, stuck: () => groupEntries.some((e) => guards.guardOf(e).oldestCallMs() > core.cycleBudgetMs) };
  }

  return {
    /** Advances every placed and running job to `now`. */
    async advance(now: Date): Promise<RunnerReport> {
      clock.wallMs = now.getTime();
      const report = emptyReport();
      // A database failure in work left running by an earlier cycle: report it now.
      rethrowBackgroundError();
      // Preempted runs leave their clusters before anything starts, so a victim placed again restarts from its checkpoint.
      await stopPreemptedRuns(core, now);
      const ctx = await prepareCycle(core, now, report, clock.wallMs - lastSampleMs >= SAMPLE_EVERY_MS);
      const tasks: ClusterTask[] = [];
      for (const [key, group] of groupJobs(ctx.jobs)) {
        if (busy.has(key)) report.skippedBusy++;
        else tasks.push(launchGroup(key, group, ctx));
      }
      await settleUnlessStuck(tasks);
      rethrowBackgroundError();
      await guards.persistReachability(now);
      report.unreachableClusters = guards.unreachableCount();
      if (ctx.sampleDue) {
        await insertClusterSamples(db, ctx.sampleRows);
        lastSampleMs = clock.wallMs;
      }
      return report;
    },
  };
}
