// The JSON a model sees for one decision: the typed explanation cut to what answers questions (the
// options weighed and why, the carbon of each, the counterfactuals and fixes, the waits), with
// instants as ISO text and waits as seconds, and with other tenants' jobs unnamed for a tenant.
// Pure: the explanation and a few names in, the context and the names it mentions out.
import { describeClusterReason, formatExplanation, type CoordinatorExplanation } from "../../engine";

/** Names the context needs that the explanation holds only as ids. */
export interface DecisionNames {
  decisionId: string;
  jobName: string;
  tenantName: string;
  /** Whether the viewer sees every tenant (operators, admins); tenants see other tenants' jobs unnamed. */
  seesAllTenants: boolean;
  /** Job names the viewer may see, by id (others are "another job"). */
  jobNames: ReadonlyMap<string, string>;
}

const iso = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : new Date(ms).toISOString());
const round = (v: number, digits = 2) => Number(v.toFixed(digits));

/** The decision's context for the model, and the clusters and GPU models it names. */
export function decisionContext(e: CoordinatorExplanation, names: DecisionNames) {
  const clusterName = (id: string) => e.clusters.find((c) => c.clusterId === id)?.name ?? id;
  const jobRef = (id: string) => names.jobNames.get(id) ?? "another job";
  const decidedAtMs = e.decidedAtMs;
  const context = {
    decision: {
      id: names.decisionId,
      outcome: e.outcome,
      decidedAt: iso(decidedAtMs),
      couldEverRun: e.couldEverRun,
      policy: { name: e.policy.name, version: e.policy.version, objectiveWeights: e.policy.objectiveWeights },
    },
    job: {
      name: names.jobName,
      tenant: names.tenantName,
      gpuCount: e.job.gpuCount,
      gangSize: e.job.gangSize,
      computeUnits: e.job.computeUnits,
      allowedGpuModels: e.job.allowedGpuModels,
      estimatedDurationS: e.job.estimatedDurationS,
      earliestStart: iso(e.job.earliestStartMs),
      deadline: iso(e.job.deadlineMs),
      allowSplit: e.job.allowSplit,
    },
    summary: e.summary,
    clusters: e.clusters.map((c) => ({
      name: c.name,
      region: c.region,
      zone: c.zone,
      tier: c.tier,
      verdict: c.verdict,
      rejectedBy: c.filters.filter((f) => !f.passed).map((f) => ({ filter: f.filter, why: f.reasons.map((r) => describeClusterReason(r, 1)) })),
      variant: c.variant,
      start: iso(c.startMs),
      startReason: c.startReason,
      waitS: c.startMs !== null ? Math.max(0, Math.round((c.startMs - decidedAtMs) / 1000)) : null,
      carbon: c.carbon
        ? {
            energyKwh: round(c.carbon.energy.value, 3),
            chosenGCo2e: round(c.carbon.chosenGCo2e),
            earliestGCo2e: round(c.carbon.earliestGCo2e),
            savingGCo2e: round(c.carbon.savingGCo2e),
            savingPct: round(c.carbon.savingPct),
          }
        : null,
      scores: c.scores.map((s) => ({
        objective: s.objective,
        raw: round(s.raw, 3),
        unit: s.unit,
        normalized: round(s.normalized),
        weighted: round(s.weighted, 3),
      })),
      total: c.total === null ? null : round(c.total, 3),
      rank: c.rank,
    })),
    chosen: e.chosen.map((p) => ({
      cluster: clusterName(p.clusterId),
      members: p.members,
      start: iso(p.startMs),
      end: iso(p.endMs),
      runS: Math.round((p.endMs - p.startMs) / 1000),
      gpuModels: p.gpuModels,
      zone: p.carbon.zone,
      energyKwh: round(p.carbon.energy.value, 3),
      emissionsGCo2e: round(p.carbon.chosenGCo2e),
      earliestStart: iso(p.carbon.earliestStartMs),
      earliestStartGCo2e: round(p.carbon.earliestGCo2e),
      savingGCo2e: round(p.carbon.savingGCo2e),
      savingPct: round(p.carbon.savingPct),
      waitForCleanerPowerS: Math.max(0, Math.round((p.carbon.chosenStartMs - p.carbon.earliestStartMs) / 1000)),
      intensity: { measuredHours: p.carbon.provenance.measuredHours, forecastHours: p.carbon.provenance.forecastHours, signal: p.carbon.provenance.signalType },
      deferral: p.carbon.deferral
        ? {
            worthWaiting: p.carbon.deferral.worthWaiting,
            savingGCo2e: round(p.carbon.deferral.savingGCo2e),
            savingPct: round(p.carbon.deferral.savingPct),
            minSavingPct: p.carbon.deferral.minSavingPct,
            minSavingGCo2e: p.carbon.deferral.minSavingGCo2e,
            forecastErrorGCo2e: round(p.carbon.deferral.forecastErrorGCo2e),
          }
        : null,
      topology: p.topology ? { level: p.topology.level, slowdownPct: round(p.topology.slowdownPct), racks: p.topology.racks } : null,
    })),
    counterfactuals: {
      runnerUp: e.counterfactuals.runnerUp
        ? {
            cluster: clusterName(e.counterfactuals.runnerUp.clusterId),
            total: round(e.counterfactuals.runnerUp.total, 3),
            deltaGCo2e: round(e.counterfactuals.runnerUp.deltaGCo2e),
            deltaWaitS: Math.round(e.counterfactuals.runnerUp.deltaWaitS),
          }
        : null,
      startNow: e.counterfactuals.startNow
        ? {
            start: iso(e.counterfactuals.startNow.startMs),
            gCo2e: round(e.counterfactuals.startNow.gCo2e),
            extraGCo2e: round(e.counterfactuals.startNow.extraGCo2e),
          }
        : null,
      fixes: e.counterfactuals.fixes.map((f) => ({
        change: f.change,
        description: f.description,
        cluster: clusterName(f.clusterId),
        start: iso(f.startMs),
        value: f.value ?? null,
      })),
    },
    split: e.split
      ? {
          clusters: e.split.clusterIds.map(clusterName),
          membersPerPart: e.split.membersPerPart,
          slowdownPct: round(e.split.slowdownPct),
          parallelism: e.split.parallelism,
        }
      : null,
    capacityWait: e.capacityWait
      ? {
          cluster: clusterName(e.capacityWait.clusterId),
          start: iso(e.capacityWait.startMs),
          end: iso(e.capacityWait.endMs),
          freedByJobs: e.capacityWait.freedByCount,
          freedBy: e.capacityWait.freedBy.map((f) => ({ job: jobRef(f.jobId), end: iso(f.endMs) })),
        }
      : null,
    backfill: e.backfill
      ? {
          end: iso(e.backfill.endMs),
          aheadOf: e.backfill.ahead.map((a) => ({ job: jobRef(a.jobId), cluster: clusterName(a.clusterId), start: iso(a.startMs) })),
        }
      : null,
    preemption: e.preemption
      ? {
          cluster: clusterName(e.preemption.clusterId),
          victims: e.preemption.victims.map((v) => ({
            job: names.seesAllTenants ? jobRef(v.jobId) : v.jobId,
            gpus: v.gpus,
            lostGpuHours: round(v.lostGpuHours, 3),
          })),
          lostGpuHours: round(e.preemption.lostGpuHours, 3),
        }
      : null,
    borrowing: e.borrowing ?? null,
    rejectedClustersByReason: e.reasonHistogram,
    consideredClusters: e.clusters.length,
    passedClusters: e.clusters.filter((c) => c.passed).length,
  };
  const models = [
    ...e.job.allowedGpuModels,
    ...e.clusters.flatMap((c) => (c.variant?.gpuModel ? [c.variant.gpuModel] : [])),
    ...e.chosen.flatMap((p) => p.gpuModels),
    ...(e.borrowing?.models.map((m) => m.gpuModel) ?? []),
  ];
  return {
    context,
    clusters: [...new Set(e.clusters.map((c) => c.name))],
    models: [...new Set(models)],
    templateText: formatExplanation(e),
  };
}
