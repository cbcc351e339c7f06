/**
 * One scheduling cycle: load the fleet, ask the coordinator about each queued job (priority order),
 * and commit each outcome. Placements are applied to the in-memory snapshot as they commit so later
 * jobs in the same cycle see them; a placement that lost a race (job taken, capacity changed) is
 * skipped and seen afresh next cycle. Under the policy's backfill mode, a job that must wait for busy
 * nodes holds them as a reservation (scheduling-cycle/backfill-reservations.ts), and a job placed ahead
 * of one without delaying it is recorded as a backfill.
 */
import {
  allocate,
  buildTargetWorkload,
  createCoordinator,
  DEFAULT_COORDINATOR_POLICY,
  formatExplanation,
  isBackfillExplanation,
  mixSeed,
  parseCoordinatorPolicy,
  type CoordinatorDecision,
  type CoordinatorPolicy,
  type FleetSnapshot,
} from "../engine";
import type { Db } from "../db/client";
import { findQueuedJobs, findRecentJobShapes, findSchedulingContext, type QueuedJobRow } from "../repositories/fleet-repository";
import { commitPlacement, expireOverdueJobs, recordWaitingDecision } from "../repositories/placement-repository";
import { loadFleetSnapshot, toFleetJob, type FleetIndex } from "./fleet-snapshot";
import { chargeDecisionToCohort } from "./cohort-usage";
import { preemptForJob } from "./preemption-commit";
import { orderQueueByFairShare } from "./queue-order";
import { createInputEncodingCache, DECISION_INPUT_FORMAT, type DecisionEngineInput, type InputEncodingCache } from "./decision-input-codec";
import { engineBuild } from "./engine-build";
import { decisionInputWriter, type DecisionInputWriter } from "./decision-input-store";
import {
  blockIfStrictOrder,
  decideEarly,
  holdIfWaitingForCapacity,
  MAX_EARLY_DECISIONS,
  persistReservations,
  startBackfill,
  type BackfillRun,
  wouldHoldReservation,
} from "./scheduling-cycle/backfill-reservations";
import { findCapacityWaiters } from "../repositories/reservation-repository";
import { hashJobId, takesOf } from "./placement-takes";

/** Inputs of one cycle. */
export interface CycleOptions {
  now: Date;
  /** Base seed; each job's decision seed is derived from it and the job id. */
  seed: number;
  maxJobs: number;
  /** A deferred job is reconsidered after this long even if its chosen start is later. */
  reconsiderDeferredMs?: number;
  /** High-resolution timer for decision latency (the engine never reads clocks). */
  timer?: () => number;
}

/** What one cycle did, by outcome. */
export interface CycleReport {
  considered: number;
  placed: number;
  deferred: number;
  unschedulable: number;
  conflicts: number;
  expired: number;
  skippedWaiting: number;
  /** Waiting decisions equal to the job's latest one: counted on that row instead of stored again. */
  repeated: number;
  /** Jobs that hold a reservation on the nodes they wait for (backfill mode easy or conservative). */
  reserved: number;
  /** Jobs placed ahead of a reservation without delaying it. */
  backfilled: number;
  /** With backfill off: jobs not decided because a job ahead of them waits for busy nodes. */
  heldBehind: number;
  /** Decisions stored without their engine inputs (an input value JSON cannot carry; see inputsUnrecordedReason). */
  inputsUnrecorded: number;
  inputsUnrecordedReason?: string;
  decisionLatencyMs: number[];
}

/**
 * What makes two decisions about a job "the same": outcome, cluster, start hour, the reason codes
 * with how many clusters gave each, and the policy. The numbers inside the reasons (free GPUs, say)
 * may drift from cycle to cycle without making it a new decision.
 */
export function decisionFingerprint(d: {
  outcome: string;
  clusterId: string | null;
  startAt: Date | null;
  policyId: string;
  reasonHistogram: Record<string, number>;
}): string {
  const hour = d.startAt ? new Date(Math.floor(d.startAt.getTime() / 3_600_000) * 3_600_000).toISOString() : "-";
  const reasons = Object.entries(d.reasonHistogram)
    .map(([code, n]) => `${code}x${n}`)
    .sort()
    .join(",");
  return [d.outcome, d.clusterId ?? "-", hour, reasons, d.policyId].join("|");
}

/** The active policy row parsed, or the default policy when none is stored. */
function policyOf(row: { name: string; version: number; objectiveWeights: unknown; constraints: unknown } | null): CoordinatorPolicy {
  if (!row) return DEFAULT_COORDINATOR_POLICY;
  return parseCoordinatorPolicy({ name: row.name, version: row.version, objectiveWeights: row.objectiveWeights, constraints: row.constraints });
}

/** The coordinator for the active policy, with the target workload learned from recent job shapes. */
export async function createFleetCoordinator(db: Db) {
  const [context, shapes] = await Promise.all([findSchedulingContext(db), findRecentJobShapes(db, 5000)]);
  if (!context.policy) throw new Error("No active placement policy: an admin must activate one.");
  const workload = buildTargetWorkload(
    shapes
      .filter((s) => s.gpuCount > 0)
      .map((s) => ({ cpuMilli: s.cpuMilli, gpuCount: s.gpuCount, gpuMilliPerGpu: s.gpuMilli, allowedGpuModels: s.allowedGpuModels })),
  );
  const policy = policyOf(context.policy);
  return { coordinator: createCoordinator({ policy, workload }), policyId: context.policy.id, policy, workload };
}

/** The snapshot with a placement applied (allocations and a running job), so later jobs in the cycle see it. */
function applyToSnapshot(snapshot: FleetSnapshot, decision: CoordinatorDecision, jobId: string): FleetSnapshot {
  return {
    ...snapshot,
    clusters: snapshot.clusters.map((cluster) => {
      const parts = decision.parts.filter((p) => p.clusterId === cluster.id);
      if (!parts.length) return cluster;
      let state = cluster.state;
      const running = [...cluster.running];
      for (const part of parts) {
        state = allocate(state, part.request, part.assignments);
        running.push({ jobId, job: part.request, assignments: part.assignments, endMs: part.endMs });
      }
      return { ...cluster, state, running };
    }),
    tenants: chargeDecisionToCohort(withPlacementCharged(snapshot.tenants, decision), snapshot, decision),
  };
}

/** The placed job's tenant charged with its GPUs and its GPU-hours, so later jobs in the cycle see the quotas used. */
function withPlacementCharged(tenants: FleetSnapshot["tenants"], decision: CoordinatorDecision): FleetSnapshot["tenants"] {
  const gpus = decision.parts.map((p) => (p.request.gpuCount * p.request.gpuMilliPerGpu * (p.request.gangSize ?? 1)) / 1000);
  const hours = decision.parts.reduce((sum, p, i) => sum + ((gpus[i] ?? 0) * (p.endMs - p.startMs)) / 3_600_000, 0);
  const held = gpus.reduce((a, b) => a + b, 0);
  return tenants.map((t) =>
    t.tenant === decision.explanation.job.tenant ? { ...t, gpusInUse: t.gpusInUse + held, gpuHoursUsedThisMonth: (t.gpuHoursUsedThisMonth ?? 0) + hours } : t,
  );
}

/** A report with every count at zero. */
function emptyReport(): CycleReport {
  return {
    considered: 0,
    placed: 0,
    deferred: 0,
    unschedulable: 0,
    conflicts: 0,
    expired: 0,
    skippedWaiting: 0,
    repeated: 0,
    reserved: 0,
    heldBehind: 0,
    backfilled: 0,
    inputsUnrecorded: 0,
    decisionLatencyMs: [],
  };
}

/**
 * Whether a job deferred for carbon is still waiting for its chosen start. It is reconsidered now and
 * then, counted from the last time the deferral was reached (a repeat bumps lastSeenAt, not createdAt).
 */
function waitsForDeferral(row: QueuedJobRow, nowMs: number, reconsiderMs: number): boolean {
  const last = row.decisions[0];
  return last?.outcome === "DEFERRED" && !!last.startAt && last.startAt.getTime() > nowMs && nowMs - last.lastSeenAt.getTime() < reconsiderMs;
}

/** A coordinator for the active policy and its id. */
type FleetCoordinator = Awaited<ReturnType<typeof createFleetCoordinator>>;

/** What one cycle shares across its jobs: the coordinator, and the snapshot as placements are applied to it. */
interface CycleRun {
  readonly db: Db;
  readonly options: CycleOptions;
  readonly timer: () => number;
  readonly coordinator: FleetCoordinator["coordinator"];
  /** What the coordinator was created with, stored with each decision's inputs. */
  readonly coordinatorInput: DecisionEngineInput["coordinator"];
  /** Encodings of the cycle's snapshot objects, so unchanged clusters are hashed once per cycle. */
  readonly inputCache: InputEncodingCache;
  readonly policyId: string;
  readonly index: FleetIndex;
  readonly report: CycleReport;
  /** The backfill mode and the reservations held so far this cycle. */
  readonly backfill: BackfillRun;
  snapshot: FleetSnapshot;
}

/** The coordinator's decision about one job, timed (the engine never reads clocks), with a writer of exactly what it was given. */
function decideTimed(run: CycleRun, row: QueuedJobRow): { decision: CoordinatorDecision; latencyMs: number; writeInputs: DecisionInputWriter } {
  const started = run.timer();
  const seed = mixSeed(run.options.seed, hashJobId(row.id));
  const input: DecisionEngineInput = {
    v: DECISION_INPUT_FORMAT,
    coordinator: run.coordinatorInput,
    snapshot: run.snapshot,
    job: toFleetJob(row),
    seed,
    engineBuild: engineBuild(),
  };
  const decision = run.coordinator.decide(input.snapshot, input.job, { seed });
  const latencyMs = run.timer() - started;
  run.report.decisionLatencyMs.push(latencyMs);
  const writeInputs = decisionInputWriter(input, run.inputCache, (error) => {
    run.report.inputsUnrecorded++;
    run.report.inputsUnrecordedReason = error.message;
  });
  return { decision, latencyMs, writeInputs };
}

/** The decision row as stored, with its fingerprint; the outcome is set by the commit that writes it. */
function decisionRecord(run: CycleRun, row: QueuedJobRow, decision: CoordinatorDecision, latencyMs: number, impossible: boolean) {
  const explanation = decision.explanation;
  const record = {
    jobId: row.id,
    clusterId: decision.parts[0]?.clusterId ?? null,
    startAt: decision.startMs !== null ? new Date(decision.startMs) : null,
    policyId: run.policyId,
    explanationVersion: explanation.version,
    explanation: JSON.parse(JSON.stringify(explanation)),
    latencyMs,
    createdAt: run.options.now,
  };
  const fingerprint = decisionFingerprint({
    outcome: impossible ? "IMPOSSIBLE" : outcomeOf(decision),
    clusterId: record.clusterId,
    startAt: record.startAt,
    policyId: run.policyId,
    reasonHistogram: explanation.reasonHistogram,
  });
  return { ...record, fingerprint };
}

/** The stored outcome of a decision. */
function outcomeOf(decision: CoordinatorDecision): "PLACED" | "DEFERRED" | "UNSCHEDULABLE" {
  return decision.outcome === "placed" ? "PLACED" : decision.outcome === "deferred" ? "DEFERRED" : "UNSCHEDULABLE";
}

/**
 * Commits a placement; on success applies it to the cycle's snapshot so later jobs see it. A lost race
 * (job taken, capacity changed) counts as a conflict and the job is seen afresh next cycle.
 */
async function commitPlaced(
  run: CycleRun,
  row: QueuedJobRow,
  decision: CoordinatorDecision,
  record: ReturnType<typeof decisionRecord>,
  writeInputs: DecisionInputWriter,
): Promise<void> {
  const takes = takesOf(decision, run.index);
  // Placed while other jobs hold reservations on its cluster: the timeline let it start only because it delays none of them.
  const backfilled = isBackfillExplanation(decision.explanation);
  const result = await commitPlacement(run.db, { ...record, outcome: "PLACED", backfilled }, takes, decision.energyKwh, decision.gCo2e, writeInputs);
  if (result.ok) {
    run.report.placed++;
    if (backfilled) run.report.backfilled++;
    run.snapshot = applyToSnapshot(run.snapshot, decision, row.id);
  } else run.report.conflicts++;
}

/**
 * Records a deferred or unschedulable decision with the job's reason (the explanation's first line).
 * An impossible job leaves the queue as UNSCHEDULABLE; a repeat of the latest decision is counted on it.
 */
async function commitWaiting(
  run: CycleRun,
  decision: CoordinatorDecision,
  record: ReturnType<typeof decisionRecord>,
  impossible: boolean,
  writeInputs: DecisionInputWriter,
): Promise<void> {
  const explanation = decision.explanation;
  const reason = formatExplanation(explanation).split("\n")[0] ?? explanation.summary;
  const written = await recordWaitingDecision(
    run.db,
    { ...record, outcome: outcomeOf(decision) as "DEFERRED" | "UNSCHEDULABLE" },
    impossible ? `No cluster could ever hold this job, even empty: ${reason}` : reason,
    impossible ? "UNSCHEDULABLE" : null,
    writeInputs,
  );
  const { report } = run;
  if (written === "repeat") report.repeated++;
  if (!written) report.conflicts++;
  else if (decision.outcome === "deferred") report.deferred++;
  else report.unschedulable++;
}

/** Decides one queued job and commits the outcome. */
async function considerJob(run: CycleRun, row: QueuedJobRow): Promise<void> {
  run.report.considered++;
  const { decision, latencyMs, writeInputs } = decideTimed(run, row);
  // Unschedulable now and every cluster's verdict unresolvable: it is impossible, not waiting. The
  // agents record that while deciding (what an empty cluster would say), so nothing is decided twice.
  const impossible = decision.outcome === "unschedulable" && !decision.couldEverRun;
  const record = decisionRecord(run, row, decision, latencyMs, impossible);
  if (decision.outcome === "placed") await commitPlaced(run, row, decision, record, writeInputs);
  else await cannotStartNow(run, row, decision, record, impossible, writeInputs);
}

/**
 * A job that cannot start now: a job whose class may preempt takes GPUs from lower-priority or
 * borrowing jobs instead of waiting, and a job that would hold the reservation takes back GPUs from
 * backfilled jobs that overran their predicted end (policy permitting); otherwise, waiting for busy
 * nodes, it may hold them as a reservation (backfill mode permitting), and its waiting decision is recorded.
 */
async function cannotStartNow(
  run: CycleRun,
  row: QueuedJobRow,
  decision: CoordinatorDecision,
  record: ReturnType<typeof decisionRecord>,
  impossible: boolean,
  writeInputs: DecisionInputWriter,
): Promise<void> {
  if (impossible) return commitWaiting(run, decision, record, impossible, writeInputs);
  // Only the cycle's first hold takes back overrunning backfills (conservative backfill's later holds move with it).
  const firstHold = run.backfill.held.length === 0 && wouldHoldReservation(run.backfill, decision);
  if (await preemptForJob(run, row, run.timer, decision, firstHold)) return;
  if (holdIfWaitingForCapacity(run, row.id, decision)) run.report.reserved++;
  blockIfStrictOrder(run.backfill, row.id, decision);
  await commitWaiting(run, decision, record, impossible, writeInputs);
}

/** Runs one cycle against the database; returns what happened. */
export async function runSchedulingCycle(db: Db, options: CycleOptions): Promise<CycleReport> {
  const nowMs = options.now.getTime();
  const report = emptyReport();
  report.expired = await expireOverdueJobs(db, options.now);
  const reconsiderMs = options.reconsiderDeferredMs ?? 15 * 60_000;
  // Jobs waiting for capacity and out of the cycle's places come along, so a backfill hold can pass to them (decideEarly).
  const [due, waiters] = await Promise.all([
    findQueuedJobs(db, options.maxJobs, options.now, reconsiderMs),
    findCapacityWaiters(db, MAX_EARLY_DECISIONS, options.now, reconsiderMs),
  ]);
  if (due.length === 0) return report;
  const dueIds = new Set(due.map((row) => row.id));
  const queued = await orderQueueByFairShare(db, [...due, ...waiters.filter((row) => !dueIds.has(row.id))], options.now);
  const [{ snapshot, index }, { coordinator, policyId, policy, workload }] = await Promise.all([loadFleetSnapshot(db, nowMs), createFleetCoordinator(db)]);
  const timer = options.timer ?? (() => performance.now());
  const coordinatorInput = { policy, workload };
  // A job holding a reservation is decided every cycle (it starts as soon as its nodes free); others deferred to a later start wait for it.
  const { backfill, snapshot: open } = startBackfill(policy, snapshot, (held) =>
    queued.filter((row) => held.has(row.id) || !waitsForDeferral(row, nowMs, reconsiderMs)),
  );
  const run: CycleRun = {
    db,
    options,
    timer,
    coordinator,
    coordinatorInput,
    inputCache: createInputEncodingCache(),
    policyId,
    index,
    report,
    backfill,
    snapshot: open,
  };
  for (const row of queued) {
    if (backfill.blockedBy !== null) report.heldBehind++;
    else if (!backfill.decided.has(row.id) && !decideEarly(backfill, row.id)) report.skippedWaiting++;
    else await considerJob(run, row);
  }
  await persistReservations(db, backfill);
  return report;
}
