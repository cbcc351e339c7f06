/**
 * The rows of a replayed job that finished before "now", accounted with the same functions as the
 * live worker: per-hour energy by the node-share power model (PUE, measured hourly intensity), its decisions
 * and its savings-ledger entry against the capacity-weighted baseline.
 */
import { BASELINE_METHOD, estimateBaseline } from "../accounting/baseline";
import { accountJobHours, mergeHours, sumJobHours, type JobHour } from "../accounting/energy-hours";
import { jobPowerModel } from "../accounting/node-power-model";
import type { CoordinatorDecision } from "../engine";
import type { HistoryFleet } from "./demo-history-fleet";
import type { HistoryIntensity } from "./demo-history-intensity";
import type { Placed } from "./demo-history-replay";

/** The history's rows, table by table. */
export interface HistoryRows {
  jobs: Record<string, unknown>[];
  decisions: Record<string, unknown>[];
  energyHours: Record<string, unknown>[];
  savings: Record<string, unknown>[];
}

/**
 * The job's hours on every cluster it ran on, by the node-share power model the live runner accounts
 * with (GPUs, CPU, memory and the node's idle share; speed 1). The GPU-only model used before gave a
 * CPU-only job 0 g and every job less than the live worker and the ledger's shadow replay price it at.
 */
function jobHours(p: Placed, fleet: HistoryFleet, intensity: HistoryIntensity): (JobHour & { clusterId: string })[] {
  return p.parts.flatMap((part) => {
    const c = fleet.cluster(part.clusterId);
    const holdings = part.assignments.map((a) => {
      const node = c.state.nodes[a.nodeIndex]!;
      const model = fleet.modelOf(part.clusterId, a.nodeIndex);
      return {
        node: {
          cpuMilli: node.cpuMilliCapacity,
          memoryMib: node.memoryMibCapacity,
          gpuCount: node.gpuMilliFree.length,
          gpuIdleWatts: model?.idleWatts ?? 0,
          gpuMaxWatts: model?.maxWatts ?? 0,
        },
        held: { cpuMilli: part.request.cpuMilli, memoryMib: part.request.memoryMib, gpuMilli: a.gpuIndices.length * part.request.gpuMilliPerGpu },
      };
    });
    const power = jobPowerModel(holdings);
    return accountJobHours({
      runStartMs: p.startMs,
      runEndMs: p.endMs,
      workSpeed: 1,
      powerModelWatts: power.watts,
      unmeteredWatts: power.unmeteredWatts,
      energyMethod: power.method,
      samples: [],
      pue: c.meta.pue,
      intensity: intensity.intensityOf(c.meta.zoneId),
    }).map((h) => ({ ...h, clusterId: part.clusterId }));
  });
}

/** The decision rows of a job, as the scheduling cycle stores them. */
export function decisionRows(p: Placed, fleet: HistoryFleet, policyId: string) {
  return p.decisions.map((d, i) => ({
    id: `decision-${p.job.id}-${i}`,
    jobId: p.job.id,
    outcome: d.outcome,
    clusterId: d.decision.parts[0]?.clusterId ?? null,
    startAt: d.decision.startMs !== null ? new Date(d.decision.startMs) : null,
    policyId,
    explanationVersion: d.decision.explanation.version,
    explanation: JSON.parse(JSON.stringify(d.decision.explanation)),
    assignments: d.outcome === "PLACED" ? assignmentsOf(d.decision, fleet) : [],
    inputHash: d.inputHash,
    createdAt: new Date(d.atMs),
  }));
}

/** The stored assignments of a placement (node names, GPU indices, shares). */
function assignmentsOf(decision: CoordinatorDecision, fleet: HistoryFleet) {
  return decision.parts.flatMap((part) => {
    const c = fleet.cluster(part.clusterId);
    return part.assignments.map((a) => ({
      cluster: part.clusterId,
      node: c.state.nodes[a.nodeIndex]!.name,
      gpuIndices: [...a.gpuIndices],
      milliPerGpu: part.request.gpuCount > 0 ? part.request.gpuMilliPerGpu : 0,
      cpuMilli: part.request.cpuMilli,
      memoryMib: part.request.memoryMib,
    }));
  });
}

/** The savings-ledger entry of a job (the actual emissions when no cluster could have held it). */
function savingRow(p: Placed, hours: JobHour[], actual: number, intensity: HistoryIntensity) {
  const submittedAtMs = p.job.submittedAt.getTime();
  const estimate = estimateBaseline({ hours, runStartMs: p.startMs, submittedAtMs }, p.baseline, (zoneId) => intensity.intensityOf(zoneId));
  const baseline = estimate?.gCo2e ?? actual;
  const end = new Date(p.endMs);
  return {
    id: `saving-${p.job.id}`,
    jobId: p.job.id,
    tenantId: p.job.tenantId,
    clusterId: p.parts[0]!.clusterId,
    day: new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth(), end.getUTCDate())),
    actualGCo2e: actual,
    baselineGCo2e: baseline,
    savedGCo2e: baseline - actual,
    baselineClusterId: null,
    baselineStartAt: p.job.submittedAt,
    baselineMinGCo2e: estimate?.minGCo2e ?? null,
    baselineMaxGCo2e: estimate?.maxGCo2e ?? null,
    baselineCandidates: estimate?.candidates ?? null,
    baselineIntensitySource: estimate?.intensitySource ?? null,
    method: BASELINE_METHOD,
    createdAt: end,
  };
}

/** The rows of every job in `done`. */
export function historyRows(done: readonly Placed[], fleet: HistoryFleet, intensity: HistoryIntensity, policyId: string): HistoryRows {
  const out: HistoryRows = { jobs: [], decisions: [], energyHours: [], savings: [] };
  for (const p of done) {
    const hours = jobHours(p, fleet, intensity);
    const totals = sumJobHours(hours);
    const { tenantIndex: _t, ...jobFields } = p.job;
    out.jobs.push({
      ...jobFields,
      allowedRegions: [],
      status: "SUCCEEDED",
      placedAt: new Date(p.startMs),
      startedAt: new Date(p.startMs),
      finishedAt: new Date(p.endMs),
      energyKwh: totals.energyKwh,
      emissionsGCo2e: totals.emissionsGCo2e,
    });
    out.decisions.push(...decisionRows(p, fleet, policyId));
    for (const h of mergeHours(hours)) out.energyHours.push({ jobId: p.job.id, tenantId: p.job.tenantId, ...h });
    out.savings.push(savingRow(p, hours, totals.emissionsGCo2e, intensity));
  }
  return out;
}
