/**
 * The fleet as it would be with a set of victims released: their GPU shares freed on the cluster (all
 * members, or the shed members of an elastic job), their running entries removed or shrunk, and their
 * tenants' usage lowered, so quota filters see the freed GPUs too.
 */
import type { FleetCluster, FleetSnapshot, RunningJob, TenantUsage } from "../coordinator/types";
import { applyChanges, type PlacementChange } from "../placement/allocate";
import { MILLI_GPU_PER_GPU } from "../model/units";

/** One release: the running job and the members it keeps (null = stopped). */
export interface Release {
  readonly running: RunningJob;
  readonly shrinkTo: number | null;
}

function shed(r: Release) {
  return r.shrinkTo === null ? r.running.assignments : r.running.assignments.slice(r.shrinkTo);
}

/** Tenants' usage minus the GPUs the releases free (per model from the nodes they held). */
function lowerUsage(tenants: readonly TenantUsage[], cluster: FleetCluster, releases: readonly Release[]): TenantUsage[] {
  const byTenant = new Map<string, Map<string, number>>();
  for (const r of releases) {
    const tenant = r.running.preemption?.tenant ?? r.running.job.tenant;
    if (!tenant) continue;
    const perMember = (r.running.job.gpuCount * r.running.job.gpuMilliPerGpu) / MILLI_GPU_PER_GPU;
    const models = byTenant.get(tenant) ?? new Map<string, number>();
    for (const a of shed(r)) {
      const model = cluster.state.nodes[a.nodeIndex]?.gpuModel ?? "";
      models.set(model, (models.get(model) ?? 0) + perMember);
    }
    byTenant.set(tenant, models);
  }
  return tenants.map((t) => {
    const freed = byTenant.get(t.tenant);
    if (!freed) return t;
    let total = 0;
    for (const g of freed.values()) total += g;
    return {
      ...t,
      gpusInUse: Math.max(0, t.gpusInUse - total),
      ...(t.modelQuotas ? { modelQuotas: t.modelQuotas.map((q) => ({ ...q, gpusInUse: Math.max(0, q.gpusInUse - (freed.get(q.gpuModel) ?? 0)) })) } : {}),
    };
  });
}

/** The cluster with the releases applied (a shrunk job keeps its first shrinkTo members). */
export function releaseOnCluster(cluster: FleetCluster, releases: readonly Release[]): FleetCluster {
  const changes: PlacementChange[] = releases.map((r) => ({ job: r.running.job, assignments: shed(r), sign: -1 }));
  const kept = new Map(releases.map((r) => [r.running.jobId, r.shrinkTo]));
  const running: RunningJob[] = [];
  for (const r of cluster.running) {
    if (!kept.has(r.jobId)) running.push(r);
    else {
      const to = kept.get(r.jobId);
      if (to != null) running.push({ ...r, job: { ...r.job, gangSize: to }, assignments: r.assignments.slice(0, to) });
    }
  }
  return { ...cluster, state: applyChanges(cluster.state, changes), running };
}

/** The snapshot with the releases applied on one cluster; `only` keeps just that cluster (the search decides on it alone). */
export function releaseInSnapshot(snapshot: FleetSnapshot, clusterId: string, releases: readonly Release[], only: boolean): FleetSnapshot {
  const target = snapshot.clusters.find((c) => c.id === clusterId) as FleetCluster;
  const released = releaseOnCluster(target, releases);
  return {
    ...snapshot,
    clusters: only ? [released] : snapshot.clusters.map((c) => (c.id === clusterId ? released : c)),
    tenants: lowerUsage(snapshot.tenants, target, releases),
  };
}
