/**
 * The savings-ledger entry of a finished job: its actual emissions against those of the baseline
 * (the least-loaded cluster that could have held it, starting at submission).
 */
import { BASELINE_METHOD, baselineEmissions, chooseBaselineCluster } from "../../accounting/baseline";
import type { JobHour } from "../../accounting/energy-hours";
import { findAllocationAt, type JobAccountingRows } from "../../repositories/control-loop-repository";
import { clustersThatCouldHold, emptyFleet } from "../fleet-feasibility";
import { loadFleetSnapshot, toFleetJob } from "../fleet-snapshot";
import { createFleetCoordinator } from "../scheduling-cycle";
import { intensityLookup } from "./intensity-lookup";
import type { JobRow, RunnerCore } from "./runner-types";

/** How long one coordinator and empty fleet serve the baseline before they are rebuilt. */
const BASELINE_CONTEXT_TTL_MS = 10 * 60_000;

/** One finished run of a job, with its hours and actual emissions. */
export interface FinishedRun {
  job: JobRow;
  hours: JobHour[];
  startedAtMs: number;
  endedAtMs: number;
  actualGCo2e: number;
}

/** Computes a job's savings entry; `savingOf` keeps its coordinator and empty fleet for a while. */
export function createBaselineSaving(core: RunnerCore) {
  const { db, drivers, clock } = core;
  let context: { atMs: number; value: Awaited<ReturnType<typeof buildContext>> } | null = null;

  async function buildContext(nowMs: number) {
    const [{ snapshot }, { coordinator }] = await Promise.all([loadFleetSnapshot(db, nowMs), createFleetCoordinator(db)]);
    return { coordinator, empty: emptyFleet(snapshot, { keepQuotas: false }) };
  }

  /** The baseline cluster the job would have had at submission, or null when none could hold it. */
  async function baselineChoice(job: JobRow) {
    if (!context || clock.wallMs - context.atMs > BASELINE_CONTEXT_TTL_MS) context = { atMs: clock.wallMs, value: await buildContext(clock.wallMs) };
    const { coordinator, empty } = context.value;
    const fleetJob = { ...toFleetJob(job), earliestStartMs: null, deadlineMs: null };
    const { clusterIds } = clustersThatCouldHold(coordinator, { ...empty, nowMs: clock.wallMs }, fleetJob, core.seed);
    const ratios = await findAllocationAt(db, job.submittedAt);
    return chooseBaselineCluster(
      drivers.all().map((e) => ({
        clusterId: e.clusterId,
        zoneId: e.zoneId,
        pue: e.pue,
        feasible: clusterIds.has(e.clusterId),
        allocationRatio: ratios.get(e.clusterId) ?? 0,
      })),
    );
  }

  return {
    /** The savings-ledger row of a finished run. */
    async savingOf(run: FinishedRun): Promise<JobAccountingRows["saving"]> {
      const { job, hours, startedAtMs, endedAtMs, actualGCo2e: actual } = run;
      const choice = await baselineChoice(job);
      const submittedMs = job.submittedAt.getTime();
      const baseline = choice
        ? baselineEmissions({
            hours,
            runStartMs: startedAtMs,
            submittedAtMs: submittedMs,
            pue: choice.pue,
            intensity: await intensityLookup(db, choice.zoneId, submittedMs, submittedMs + (endedAtMs - startedAtMs)),
          })
        : actual;
      const end = new Date(endedAtMs);
      return {
        tenantId: job.tenantId,
        clusterId: core.parts.clustersOf(job)[0]!,
        day: new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth(), end.getUTCDate())),
        actualGCo2e: actual,
        baselineGCo2e: baseline,
        savedGCo2e: baseline - actual,
        baselineClusterId: choice?.clusterId ?? null,
        baselineStartAt: job.submittedAt,
        method: BASELINE_METHOD,
        createdAt: end,
      };
    },
  };
}
