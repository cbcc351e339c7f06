/**
 * Preemption in the simulator: a job whose class may preempt, or that would hold the backfill
 * reservation, and that cannot start now asks the engine's preemption planner (the same one the live loop uses) which running jobs to stop. The
 * simulator then stops them, each losing the work since its last checkpoint, queues them again with
 * only their remaining work, and starts the preemptor on the freed capacity. An elastic gang the plan
 * shrinks sheds its last members instead and runs on at the rate of the members left.
 */
import type { FleetJob, FleetSnapshot, RunningJobPreemption } from "../coordinator/types";
import { mixSeed } from "../model/rng";
import { planPreemption } from "../preemption";
import type { SimClusterRun } from "./sim-cluster";
import { decide, startJob } from "./sim-decide";
import { addUsage, enqueue, gauge } from "./sim-queue";
import { P, type JobRec, type SimState } from "./sim-state";

/** Seed salt of preemption plans, so a plan's tie-breaks differ from the placement decision's. */
const PREEMPT_SEED_SALT = 0x9e3779b1;

/**
 * Work (s) the current run of a job has saved by checkpoints: whole checkpoint intervals of run time
 * since this run started (0 without checkpoints). A resumed run checkpoints again from its own start.
 */
export function savedThisRunS(r: JobRec, nowMs: number): number {
  const interval = r.job.checkpointIntervalS;
  if (!interval || interval <= 0 || !Number.isFinite(r.runStartMs)) return 0;
  const ranS = Math.max(0, (nowMs - r.runStartMs) / 1000);
  return Math.floor(ranS / interval) * interval;
}

/** Whether a running job was backfilled and is past the end it was started on (a reservation may take it back). */
function overranBackfill(r: JobRec, predictedEndMs: number, nowMs: number): boolean {
  return r.backfilled && nowMs > predictedEndMs;
}

/**
 * What the planner needs to know of a running job, or undefined for jobs without a class (they are
 * never victims, as before classes existed). `predictedEndMs` is the end the job was started on.
 */
export function preemptionFacts(s: SimState, jobId: string, predictedEndMs: number): RunningJobPreemption | undefined {
  const r = s.recById.get(jobId);
  if (!r || r.job.preemptible === undefined) return undefined;
  const saved = savedThisRunS(r, s.now);
  return {
    ...(overranBackfill(r, predictedEndMs, s.now) ? { backfillOverrun: true } : {}),
    tenant: r.job.tenant,
    priority: r.job.priority,
    preemptible: r.job.preemptible,
    startedAtMs: r.runStartMs,
    lastCheckpointMs: saved > 0 ? r.runStartMs + saved * 1000 : null,
    borrowedGpus: 0,
    minMembers: r.job.minMembers ?? null,
  };
}

/**
 * Whether asking the planner can help: the policy allows preemption and some running preemptible job
 * is eligible, by a lower priority (the job's class may preempt) or by having overrun its backfill
 * (the job holds a reservation). A cheap check that spares most planner calls.
 */
export function mayPreemptNow(s: SimState, r: JobRec, holdsReservation = false): boolean {
  const byClass = r.job.mayPreempt === true;
  if ((!byClass && !holdsReservation) || s.simPolicy.policy.constraints.preemption === false) return false;
  for (const c of s.clusters)
    for (const [id, run] of c.running) {
      const v = s.recById.get(id);
      if (!v?.job.preemptible) continue;
      if (byClass && v.job.priority < r.job.priority) return true;
      if (holdsReservation && overranBackfill(v, run.endMs, s.now)) return true;
    }
  return false;
}

/**
 * Stops a victim now: its GPUs are freed, the work since its last checkpoint is lost (counted in the
 * metrics), the saved work is kept and the job waits again for only the rest.
 */
function stopVictim(s: SimState, v: JobRec): void {
  const c = s.clusters[v.clusterIndex] as SimClusterRun;
  const saved = savedThisRunS(v, s.now);
  gauge(s);
  c.finish(s.now, v.job.id);
  s.acc.runPreempted(v.job.id, s.now, v.runStartMs + saved * 1000);
  addUsage(s, v.job, -1);
  v.savedWorkS += saved;
  v.runStartMs = Number.NaN;
  v.token++;
  enqueue(s, v);
}

/**
 * Sheds an elastic victim's last members now, as the simulated driver resizes a run: its progress is
 * kept and the rest of its work runs at the rate of the members left, so it ends later; the shed
 * members' work since the last checkpoint is counted lost. The tenant's usage keeps the gang's full
 * size until it ends (quota stays conservative).
 */
function shrinkVictim(s: SimState, v: JobRec, keep: number): boolean {
  const c = s.clusters[v.clusterIndex] as SimClusterRun;
  const running = c.running.get(v.job.id);
  const members = running?.assignments.length ?? 0;
  if (!running || keep < 1 || keep >= members || v.runEndMs === undefined) return false;
  const saved = savedThisRunS(v, s.now);
  const scale = members / keep;
  gauge(s);
  c.finish(s.now, v.job.id);
  const endMs = s.now + (running.endMs - s.now) * scale;
  c.start(
    s.now,
    { ...running, job: { ...running.job, gangSize: keep }, assignments: running.assignments.slice(0, keep), endMs },
    v.job.gpuUtilization,
    v.job.powerScale,
  );
  s.acc.runShrunk(v.job.id, s.now, v.runStartMs + saved * 1000, running.job.gpuCount * running.job.gpuMilliPerGpu * (members - keep));
  v.runEndMs = s.now + (v.runEndMs - s.now) * scale;
  v.token++;
  s.queue.push(v.runEndMs, P.complete, { k: "complete", r: v, token: v.token });
  return true;
}

/**
 * Asks the planner for victims that let the job start now; when it finds some, stops them and starts
 * the job on the plan's nodes (or, should those no longer fit, wherever the freed cluster has room).
 * Returns whether the job started.
 */
export function preemptFor(s: SimState, r: JobRec, fj: FleetJob, snapshot: FleetSnapshot, holdsReservation = false): boolean {
  const plan = planPreemption(snapshot, fj, s.simPolicy.policy, {
    seed: mixSeed(mixSeed(s.input.seed, r.idx), r.redecisions ^ PREEMPT_SEED_SALT),
    coordinator: s.coordinator,
    workload: s.ctx.workload,
    holdsReservation,
  });
  if (!plan || plan.victims.length === 0) return false;
  const ci = s.input.clusters.findIndex((c) => c.id === plan.clusterId);
  if (ci < 0) return false;
  const victims = plan.victims.map((v) => s.recById.get(v.jobId));
  // A plan naming a job that is not running here would mean the snapshot and the live state disagree.
  if (victims.some((v) => !v || v.status !== "running" || v.clusterIndex !== ci)) {
    s.acc.conflicts++;
    return false;
  }
  plan.victims.forEach((pv, i) => {
    const v = victims[i] as JobRec;
    if (pv.shrinkTo === null || !shrinkVictim(s, v, pv.shrinkTo)) stopVictim(s, v);
  });
  const part = plan.decision.parts.find((p) => p.clusterId === plan.clusterId);
  if (part && startJob(s, r, ci, part, true)) return true;
  if (decide(s, r, "none", ci) === "started") return true;
  // The victims were stopped for nothing: the plan and the live state disagree (should not happen).
  s.acc.conflicts++;
  return false;
}
