/**
 * Preemption in the live loop: a queued job whose class may preempt and that cannot start now asks
 * the engine's planner for victims; the plan is committed in one transaction (victims queued again
 * from their last checkpoint, the preemptor placed with a decision that explains the victims, the
 * work lost and the sets weighed, Preemption rows), and applied to the cycle's snapshot. An elastic
 * victim on a cluster whose driver can resize (the snapshot offers only those) sheds members instead
 * and keeps running. The runner stops the victims' runs on their clusters, or resizes the shrunk ones,
 * before the preemptor starts (job-runner/stop-preempted.ts).
 */
import {
  applyPreemptionPlan,
  mixSeed,
  planPreemption,
  preemptionReasonClause,
  type Coordinator,
  type CoordinatorDecision,
  type FleetSnapshot,
  type PreemptionPlan,
} from "../engine";
import type { Db } from "../db/client";
import type { QueuedJobRow } from "../repositories/fleet-repository";
import { commitPreemption, type VictimWrite } from "../repositories/preemption-repository";
import type { CanonicalJsonError } from "./canonical-json";
import { DECISION_INPUT_FORMAT, type DecisionEngineInput, type InputEncodingCache } from "./decision-input-codec";
import { decisionInputWriter } from "./decision-input-store";
import { engineBuild } from "./engine-build";
import { toFleetJob, type FleetIndex } from "./fleet-snapshot";
import { hashJobId, takesOf } from "./placement-takes";

/** Bound on the decisions one plan may run in the live loop (the cycle decides many jobs on two cores). */
const LIVE_MAX_EVALUATIONS = 60;
/**
 * Planner runs per cycle: the queue is walked in priority order, so the highest waiting jobs get them.
 * Most jobs are in a class that may preempt (standard is the default), and an unbounded number of
 * plans per cycle would stretch the cycle on a busy fleet.
 */
export const MAX_PLANS_PER_CYCLE = 8;
const plansRun = new WeakMap<object, number>();
/** Salt of a plan's seed, so its tie-breaks differ from the job's placement decision. */
const PREEMPT_SEED_SALT = 0x9e3779b1;

/** What a scheduling cycle shares with the preemption step; `snapshot` is replaced once a plan commits. */
export interface PreemptionCycle {
  readonly db: Db;
  readonly options: { readonly now: Date; readonly seed: number };
  readonly coordinator: Coordinator;
  /** What the coordinator was built from, stored with the plan's decision so it can be replayed. */
  readonly coordinatorInput: DecisionEngineInput["coordinator"];
  readonly inputCache: InputEncodingCache;
  readonly policyId: string;
  readonly index: FleetIndex;
  readonly report: { placed: number; conflicts: number; inputsUnrecorded: number; inputsUnrecordedReason?: string };
  snapshot: FleetSnapshot;
}

const hoursText = (h: number) => `${h < 0.1 ? h.toFixed(3) : h.toFixed(2)} GPU-h`;
function workText(s: number): string {
  const m = Math.round(s / 60);
  return m >= 60 ? `${Math.floor(m / 60)} h ${m % 60} min` : `${m} min`;
}

/**
 * The victim's status reason: who preempted it, where, the work it lost and what it resumes from. A
 * preemptor of another tenant is not named (tenants never see each other's jobs), only its class.
 */
export function preemptedReason(
  plan: PreemptionPlan,
  victim: PreemptionPlan["victims"][number],
  preemptor: { name: string; tenant: string; priorityClass: string | null },
  clusterName: string,
): string {
  const cls = preemptor.priorityClass ? ` (class ${preemptor.priorityClass}, priority ${plan.section.preemptor.priority})` : "";
  const who = victim.tenant === preemptor.tenant ? `job "${preemptor.name}"` : "a job of another tenant";
  const why = preemptionReasonClause(victim.reason);
  const resume =
    victim.resumeFromWorkS > 0 ? `resumes from ${workText(victim.resumeFromWorkS)} of checkpointed work` : "no checkpoint yet, restarts from the beginning";
  if (victim.shrinkTo !== null)
    return `Shrunk from ${victim.shrunkFrom ?? "more"} to ${victim.shrinkTo} members by ${who}${cls} on cluster ${clusterName} because ${why}: the shed members lost ${hoursText(victim.lostGpuHours)} since the last checkpoint; the run keeps its progress and continues with ${victim.shrinkTo}`;
  return `Preempted by ${who}${cls} on cluster ${clusterName} because ${why}: lost ${hoursText(victim.lostGpuHours)} since its last checkpoint; ${resume}`;
}

/** Whether some running job of the snapshot overran its backfill (a reservation holder may take it back). */
function someBackfillOverrun(snapshot: FleetSnapshot): boolean {
  return snapshot.clusters.some((c) => c.running.some((r) => r.preemption?.backfillOverrun === true && r.preemption.preemptible));
}

/**
 * Tries to start a job that cannot start now by preempting; true when a plan committed (the job is
 * PLACED and counted), false when the job may not preempt, no plan helps, or the plan lost a race.
 * A job whose class may not preempt still may when it would hold the cycle's reservation
 * (`holdsReservation`) and a backfilled job overran its predicted end.
 */
export async function preemptForJob(
  cycle: PreemptionCycle,
  row: QueuedJobRow,
  timer: () => number = () => performance.now(),
  waiting?: CoordinatorDecision,
  holdsReservation = false,
): Promise<boolean> {
  const job = toFleetJob(row);
  if (!cycle.coordinator.policy.constraints.preemption) return false;
  const reclaims = holdsReservation && someBackfillOverrun(cycle.snapshot);
  if (!job.mayPreempt && !reclaims) return false;
  // Waiting by choice (for cleaner power, or for its window to open) is not waiting for GPUs.
  const chosen = waiting?.explanation.clusters.find((c) => c.clusterId === waiting.parts[0]?.clusterId);
  if (waiting?.outcome === "deferred" && (chosen?.startReason === "carbon" || chosen?.startReason === "window")) return false;
  const runs = plansRun.get(cycle.report) ?? 0;
  if (runs >= MAX_PLANS_PER_CYCLE) return false;
  plansRun.set(cycle.report, runs + 1);
  const started = timer();
  const seed = mixSeed(cycle.options.seed, hashJobId(row.id) ^ PREEMPT_SEED_SALT);
  const input: DecisionEngineInput = {
    v: DECISION_INPUT_FORMAT,
    coordinator: cycle.coordinatorInput,
    snapshot: cycle.snapshot,
    job,
    seed,
    engineBuild: engineBuild(),
    preemption: { maxEvaluations: LIVE_MAX_EVALUATIONS, ...(reclaims ? { holdsReservation: true } : {}) },
  };
  const plan = planPreemption(input.snapshot, job, cycle.coordinator.policy, {
    seed,
    coordinator: cycle.coordinator,
    maxEvaluations: LIVE_MAX_EVALUATIONS,
    holdsReservation: reclaims,
  });
  // A shrink must know the members it sheds from; the planner always says (shrunkFrom).
  if (!plan || plan.victims.length === 0 || plan.victims.some((v) => v.shrinkTo !== null && v.shrunkFrom === undefined)) return false;
  const latencyMs = timer() - started;
  const { decision } = plan;
  const clusterName = cycle.snapshot.clusters.find((c) => c.id === plan.clusterId)?.name ?? plan.clusterId;
  const victims: VictimWrite[] = plan.victims.map((v) => ({
    jobId: v.jobId,
    clusterId: plan.clusterId,
    reason: v.reason,
    lostGpuHours: v.lostGpuHours,
    statusReason: preemptedReason(plan, v, { name: row.name, tenant: row.tenantId, priorityClass: job.priorityClass ?? null }, clusterName),
    ...(v.shrinkTo !== null && v.shrunkFrom !== undefined ? { shrink: { from: v.shrunkFrom, to: v.shrinkTo } } : {}),
  }));
  const result = await commitPreemption(cycle.db, {
    decision: {
      jobId: row.id,
      outcome: "PLACED",
      clusterId: decision.parts[0]?.clusterId ?? null,
      startAt: decision.startMs !== null ? new Date(decision.startMs) : null,
      policyId: cycle.policyId,
      explanationVersion: decision.explanation.version,
      explanation: JSON.parse(JSON.stringify(decision.explanation)),
      latencyMs,
      createdAt: cycle.options.now,
    },
    takes: takesOf(decision, cycle.index),
    energyKwh: decision.energyKwh,
    emissionsGCo2e: decision.gCo2e,
    victims,
    writeInputs: decisionInputWriter(input, cycle.inputCache, (error: CanonicalJsonError) => {
      cycle.report.inputsUnrecorded++;
      cycle.report.inputsUnrecordedReason = error.message;
    }),
  });
  if (!result.ok) {
    cycle.report.conflicts++;
    return false;
  }
  cycle.report.placed++;
  cycle.snapshot = applyPreemptionPlan(cycle.snapshot, plan, { id: row.id, tenant: row.tenantId });
  return true;
}
