/**
 * What the coordinator sees at a decision: the job as a FleetJob and the fleet as a FleetSnapshot
 * built from the live simulated clusters at the current instant.
 */
import { HOUR_MS } from "../carbon/series";
import type { FleetCluster, FleetJob, FleetSnapshot, RunningJob, TenantUsage } from "../coordinator/types";
import { expectedEndMs } from "../coordinator/expected-end";
import type { SimClusterRun } from "./sim-cluster";
import { preemptionFacts } from "./sim-preempt";
import type { JobRec, SimState } from "./sim-state";

/**
 * The job as the coordinator sees it. Its deadline is passed only while it can still be met (and
 * not for `asap` re-decisions), so only then may the coordinator defer it.
 */
export function fleetJob(s: SimState, r: JobRec, asap: boolean): FleetJob {
  const j = r.job;
  const flexible = !asap && j.deadlineMs != null && s.now + r.estimateS * 1000 <= j.deadlineMs;
  return {
    id: j.id,
    tenant: j.tenant,
    kind: j.kind ?? "batch",
    cpuMilli: j.cpuMilli,
    memoryMib: j.memoryMib,
    gpuCount: j.gpuCount,
    gpuMilliPerGpu: j.gpuMilliPerGpu,
    allowedGpuModels: j.allowedGpuModels,
    gangSize: j.gangSize,
    estimatedDurationS: r.estimateS,
    gpuUtilization: j.gpuUtilization,
    earliestStartMs: j.arrivalMs,
    deadlineMs: flexible ? j.deadlineMs : null,
    allowedRegions: j.allowedRegions,
    allowSplit: false,
    // Class fields only for jobs with a class, so scenarios without classes decide exactly as before.
    ...(j.priorityClass !== undefined
      ? {
          priority: j.priority,
          priorityClass: j.priorityClass,
          mayPreempt: j.mayPreempt ?? false,
          checkpointIntervalS: j.checkpointIntervalS ?? null,
          checkpointedWorkS: r.savedWorkS,
        }
      : {}),
    // An elastic gang may start with fewer members when all of them do not fit as soon (the coordinator's variants).
    ...(j.minMembers != null && j.minMembers < j.gangSize ? { minMembers: j.minMembers } : {}),
  };
}

/** The static fields of a simulated cluster as a fleet cluster. */
function clusterBase(c: SimClusterRun, s: SimState) {
  return {
    id: c.sim.id,
    name: c.sim.name,
    region: c.sim.region,
    zone: c.sim.zone,
    tier: c.sim.tier,
    pue: c.sim.pue,
    status: "active" as const,
    ...forecastErrorOf(c, s),
  };
}

/** The forecast error the cluster's zone allows for: the replayed live error when given, else the method's own. */
function forecastErrorOf(c: SimClusterRun, s: SimState) {
  const byZone = s.input.forecast.errorByZone;
  const errors = byZone ? byZone[c.sim.zone] : s.book.errorFor(c.sim.zone);
  return errors?.length ? { forecastError: errors } : {};
}

/** Latest predicted end of any running job or reservation (at least now). */
function latestPlannedEnd(s: SimState): number {
  let maxEnd = s.now;
  for (const c of s.clusters) {
    for (const x of c.running.values()) if (x.endMs > maxEnd) maxEnd = x.endMs;
    for (const x of c.reservations.values()) if (x.endMs > maxEnd) maxEnd = x.endMs;
  }
  return maxEnd;
}

/**
 * One live cluster as the coordinator sees it. An unchanged cluster at the same instant yields the
 * same object, so the coordinator's per-cluster timeline and the placer's caches built for the
 * previous decision are reused.
 */
function liveFleetCluster(s: SimState, c: SimClusterRun, i: number, series: FleetCluster["series"]): FleetCluster {
  const hit = s.built[i];
  if (hit && hit.version === c.version && hit.atMs === s.now && hit.fleet.series === series) return hit.fleet;
  const running: RunningJob[] = [];
  for (const x of c.running.values()) {
    // A job past its predicted end is still running (expectedEndMs says for how long); only then is its start looked up.
    const endMs = x.endMs > s.now ? x.endMs : expectedEndMs(s.recById.get(x.jobId)?.runStartMs ?? s.now, x.endMs, s.now);
    // Checkpoint facts change with time, so they are filled at the decision instant.
    const preemption = preemptionFacts(s, x.jobId, x.endMs);
    running.push(preemption ? { ...x, endMs, preemption } : endMs === x.endMs ? x : { ...x, endMs });
  }
  const fleetCluster: FleetCluster = { ...clusterBase(c, s), state: c.state, running, reservations: [...c.reservations.values()], series };
  s.built[i] = { version: c.version, atMs: s.now, fleet: fleetCluster };
  return fleetCluster;
}

/**
 * The fleet at the current instant for deciding `r`. `idle` gives the clusters as configured, empty
 * and without tenant usage (used to tell whether a job could ever fit). The zone series cover the
 * job's run after everything planned ends, plus the longest deferral.
 */
export function buildSnapshot(s: SimState, r: JobRec, idle: boolean): FleetSnapshot {
  const maxEnd = idle ? s.now : latestPlannedEnd(s);
  const coverUntil = maxEnd + r.estimateS * 1000 + (s.simPolicy.policy.constraints.maxDeferralHours + 2) * HOUR_MS;
  const fleet: FleetCluster[] = s.clusters.map((c, i) => {
    const series = s.book.seriesAt(c.sim.zone, s.now, coverUntil);
    if (idle) return { ...clusterBase(c, s), state: c.sim.state, running: [], reservations: [], series };
    return liveFleetCluster(s, c, i, series);
  });
  const tenants: TenantUsage[] = idle
    ? []
    : s.input.tenants.map((t) => ({
        tenant: t.tenant,
        maxGpus: t.maxGpus,
        gpusInUse: s.usage.get(t.tenant) ?? 0,
        carbonBudgetKgPerMonth: null,
        carbonUsedKgThisMonth: 0,
      }));
  return { nowMs: s.now, clusters: fleet, links: [], gpuModels: s.input.gpuModels, tenants };
}
