/**
 * A fleet snapshot after a preemption plan is carried out: the victims released (or shrunk) and the
 * preemptor holding its GPUs, so later decisions of the same cycle see both. Victims that are no
 * longer in the snapshot are skipped (the plan was made on it, so that means they were released already).
 */
import type { FleetSnapshot, RunningJob, TenantUsage } from "../coordinator/types";
import { allocate } from "../placement/allocate";
import { MILLI_GPU_PER_GPU } from "../model/units";
import type { PreemptionPlan } from "./plan-preemption";
import { releaseInSnapshot } from "./release-victims";

function charge(tenants: readonly TenantUsage[], tenant: string, gpus: number): TenantUsage[] {
  return tenants.map((t) => (t.tenant === tenant ? { ...t, gpusInUse: t.gpusInUse + gpus } : t));
}

/** The snapshot with the plan's victims released and its decision's parts allocated to the preemptor. */
export function applyPreemptionPlan(snapshot: FleetSnapshot, plan: PreemptionPlan, preemptor: { id: string; tenant: string }): FleetSnapshot {
  const cluster = snapshot.clusters.find((c) => c.id === plan.clusterId);
  if (!cluster) return snapshot;
  const byId = new Map(cluster.running.map((r) => [r.jobId, r]));
  const releases = plan.victims.flatMap((v) => {
    const running = byId.get(v.jobId);
    return running ? [{ running, shrinkTo: v.shrinkTo }] : [];
  });
  const released = releaseInSnapshot(snapshot, plan.clusterId, releases, false);
  let held = 0;
  const clusters = released.clusters.map((c) => {
    const parts = plan.decision.parts.filter((p) => p.clusterId === c.id);
    if (parts.length === 0) return c;
    let state = c.state;
    const running: RunningJob[] = [...c.running];
    for (const part of parts) {
      state = allocate(state, part.request, part.assignments);
      running.push({ jobId: preemptor.id, job: part.request, assignments: part.assignments, endMs: part.endMs });
      held += (part.request.gpuCount * part.request.gpuMilliPerGpu * (part.request.gangSize ?? 1)) / MILLI_GPU_PER_GPU;
    }
    return { ...c, state, running };
  });
  return { ...released, clusters, tenants: charge(released.tenants, preemptor.tenant, held) };
}
