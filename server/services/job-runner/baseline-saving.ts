/**
 * The savings-ledger entry of a finished job: its actual emissions against the capacity-weighted
 * baseline (server/accounting/baseline.ts): the same run started at submission on every active
 * cluster that could hold the job on an idle fleet, weighted by the capacity it could use there,
 * never by what Verdant had allocated.
 */
import { BASELINE_METHOD, estimateBaseline, usableCapacity, type BaselineCandidate } from "../../accounting/baseline";
import type { IntensityLookup, JobHour } from "../../accounting/energy-hours";
import type { JobAccountingRows } from "../../repositories/control-loop-repository";
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
    const active = new Set(snapshot.clusters.filter((c) => c.status === "active").map((c) => c.id));
    return { coordinator, empty: emptyFleet(snapshot, { keepQuotas: false }), active };
  }

  /** The clusters the carbon-agnostic policy could have chosen for the job, with their capacity weights. */
  async function baselineCandidates(job: JobRow): Promise<BaselineCandidate[]> {
    if (!context || clock.wallMs - context.atMs > BASELINE_CONTEXT_TTL_MS) context = { atMs: clock.wallMs, value: await buildContext(clock.wallMs) };
    const { coordinator, empty, active } = context.value;
    const fleetJob = { ...toFleetJob(job), earliestStartMs: null, deadlineMs: null };
    const { clusterIds } = clustersThatCouldHold(coordinator, { ...empty, nowMs: clock.wallMs }, fleetJob, core.seed);
    const nodesOf = new Map(empty.clusters.map((c) => [c.id, c.state.nodes]));
    return drivers
      .all()
      .filter((e) => clusterIds.has(e.clusterId) && active.has(e.clusterId))
      .map((e) => ({
        clusterId: e.clusterId,
        zoneId: e.zoneId,
        pue: e.pue,
        capacity: usableCapacity(
          (nodesOf.get(e.clusterId) ?? []).map((n) => ({ gpuModel: n.gpuModel, gpus: n.gpuMilliFree.length, cpuMilli: n.cpuMilliCapacity })),
          fleetJob,
        ),
      }));
  }

  /** Intensity lookups of the candidates' zones over the shifted run. */
  async function zoneLookups(candidates: readonly BaselineCandidate[], fromMs: number, toMs: number): Promise<Map<string, IntensityLookup>> {
    // One zone at a time: many jobs may finish in one cycle, and each would otherwise hold a
    // connection per zone at once and starve the pool.
    const lookups = new Map<string, IntensityLookup>();
    for (const zoneId of new Set(candidates.map((c) => c.zoneId))) lookups.set(zoneId, await intensityLookup(db, zoneId, fromMs, toMs));
    return lookups;
  }

  return {
    /** The savings-ledger row of a finished run. */
    async savingOf(run: FinishedRun): Promise<JobAccountingRows["saving"]> {
      const { job, hours, startedAtMs, endedAtMs, actualGCo2e: actual } = run;
      const candidates = await baselineCandidates(job);
      const submittedMs = job.submittedAt.getTime();
      const lookups = await zoneLookups(candidates, submittedMs, submittedMs + (endedAtMs - startedAtMs));
      const estimate = estimateBaseline({ hours, runStartMs: startedAtMs, submittedAtMs: submittedMs }, candidates, (zoneId) => lookups.get(zoneId)!);
      // No cluster could have held it (the fleet changed since): the baseline is the job itself.
      const baseline = estimate?.gCo2e ?? actual;
      const end = new Date(endedAtMs);
      const clusterId = core.parts.clustersOf(job)[0]!;
      return {
        tenantId: job.tenantId,
        clusterId,
        workSpeed: drivers.get(clusterId).workSpeed,
        day: new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth(), end.getUTCDate())),
        actualGCo2e: actual,
        baselineGCo2e: baseline,
        savedGCo2e: baseline - actual,
        baselineClusterId: null,
        baselineStartAt: job.submittedAt,
        baselineMinGCo2e: estimate?.minGCo2e ?? null,
        baselineMaxGCo2e: estimate?.maxGCo2e ?? null,
        baselineCandidates: estimate?.candidates ?? null,
        baselineIntensitySource: estimate?.intensitySource ?? null,
        method: BASELINE_METHOD,
        createdAt: end,
      };
    },
  };
}
