/**
 * One scheduling cycle: load the fleet, ask the coordinator about each queued job (priority order),
 * and commit each outcome. Placements are applied to the in-memory snapshot as they commit so later
 * jobs in the same cycle see them; a placement that lost a race (job taken, capacity changed) is
 * skipped and seen afresh next cycle.
 */
import {
  allocate,
  buildTargetWorkload,
  createCoordinator,
  DEFAULT_COORDINATOR_POLICY,
  formatExplanation,
  mixSeed,
  parseCoordinatorPolicy,
  type CoordinatorDecision,
  type CoordinatorPolicy,
  type FleetSnapshot,
} from "../engine";
import type { Db } from "../db/client";
import { findQueuedJobs, findRecentJobShapes, findSchedulingContext } from "../repositories/fleet-repository";
import { commitPlacement, expireOverdueJobs, recordWaitingDecision, type NodeTake } from "../repositories/placement-repository";
import { loadFleetSnapshot, toFleetJob, type FleetIndex } from "./fleet-snapshot";

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
  decisionLatencyMs: number[];
}

function hashId(id: string): number {
  let h = 2166136261;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 16777619);
  return h >>> 0;
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

function takesOf(decision: CoordinatorDecision, index: FleetIndex): NodeTake[] {
  return decision.parts.flatMap((part) => {
    const ids = index.clusters.get(part.clusterId)!;
    return part.assignments.map((a) => ({
      clusterId: part.clusterId,
      nodeId: ids.nodeIds[a.nodeIndex]!,
      nodeName: ids.nodeNames[a.nodeIndex]!,
      gpuIds: a.gpuIndices.map((g) => ids.gpuIds[a.nodeIndex]![g]!),
      gpuIndices: [...a.gpuIndices],
      milliPerGpu: part.request.gpuCount > 0 ? part.request.gpuMilliPerGpu : 0,
      cpuMilli: part.request.cpuMilli,
      memoryMib: part.request.memoryMib,
    }));
  });
}

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
  };
}

/** Runs one cycle against the database; returns what happened. */
export async function runSchedulingCycle(db: Db, options: CycleOptions): Promise<CycleReport> {
  const nowMs = options.now.getTime();
  const timer = options.timer ?? (() => performance.now());
  const report: CycleReport = {
    considered: 0,
    placed: 0,
    deferred: 0,
    unschedulable: 0,
    conflicts: 0,
    expired: 0,
    skippedWaiting: 0,
    repeated: 0,
    decisionLatencyMs: [],
  };
  report.expired = await expireOverdueJobs(db, options.now);
  const queued = await findQueuedJobs(db, options.maxJobs);
  if (queued.length === 0) return report;
  const [{ snapshot: loaded, index }, { coordinator, policyId }] = await Promise.all([loadFleetSnapshot(db, nowMs), createFleetCoordinator(db)]);
  const reconsiderMs = options.reconsiderDeferredMs ?? 15 * 60_000;
  let snapshot = loaded;

  for (const row of queued) {
    const last = row.decisions[0];
    // A job deferred for carbon waits for its chosen start, but is reconsidered now and then (counted
    // from the last time the deferral was reached: a repeat bumps lastSeenAt, not createdAt).
    if (last?.outcome === "DEFERRED" && last.startAt && last.startAt.getTime() > nowMs && nowMs - last.lastSeenAt.getTime() < reconsiderMs) {
      report.skippedWaiting++;
      continue;
    }
    report.considered++;
    const started = timer();
    const fleetJob = toFleetJob(row);
    const seed = mixSeed(options.seed, hashId(row.id));
    const decision = coordinator.decide(snapshot, fleetJob, { seed });
    const latencyMs = timer() - started;
    report.decisionLatencyMs.push(latencyMs);
    const explanation = decision.explanation;
    // Unschedulable now and every cluster's verdict unresolvable: it is impossible, not waiting. The
    // agents record that while deciding (what an empty cluster would say), so nothing is decided twice.
    const impossible = decision.outcome === "unschedulable" && !decision.couldEverRun;
    const reasonSource = explanation;
    const record = {
      jobId: row.id,
      clusterId: decision.parts[0]?.clusterId ?? null,
      startAt: decision.startMs !== null ? new Date(decision.startMs) : null,
      policyId,
      explanationVersion: explanation.version,
      explanation: JSON.parse(JSON.stringify(explanation)),
      latencyMs,
      createdAt: options.now,
    };
    const outcome = decision.outcome === "placed" ? "PLACED" : decision.outcome === "deferred" ? "DEFERRED" : "UNSCHEDULABLE";
    const fingerprint = decisionFingerprint({
      outcome: impossible ? "IMPOSSIBLE" : outcome,
      clusterId: record.clusterId,
      startAt: record.startAt,
      policyId,
      reasonHistogram: reasonSource.reasonHistogram,
    });
    if (decision.outcome === "placed") {
      const result = await commitPlacement(db, { ...record, fingerprint, outcome: "PLACED" }, takesOf(decision, index), decision.energyKwh, decision.gCo2e);
      if (result.ok) {
        report.placed++;
        snapshot = applyToSnapshot(snapshot, decision, row.id);
      } else report.conflicts++;
    } else {
      const reason = formatExplanation(reasonSource).split("\n")[0] ?? reasonSource.summary;
      const written = await recordWaitingDecision(
        db,
        { ...record, fingerprint, outcome: outcome as "DEFERRED" | "UNSCHEDULABLE" },
        impossible ? `No cluster could ever hold this job, even empty: ${reason}` : reason,
        impossible ? "UNSCHEDULABLE" : null,
      );
      if (written === "repeat") report.repeated++;
      if (!written) report.conflicts++;
      else if (decision.outcome === "deferred") report.deferred++;
      else report.unschedulable++;
    }
  }
  return report;
}
