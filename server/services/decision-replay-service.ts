/**
 * Replays stored decisions: loads the engine inputs a decision was made on, decides again through the
 * engine exactly as the scheduling cycle did (`createCoordinator(coordinator).decide(snapshot, job,
 * { seed })`, or the preemption planner for a decision it made), and compares outcome, cluster, start,
 * assignments, policy and explanation with the stored row as canonical JSON. Used by `npm run replay` and by the decision page.
 */
import diff from "microdiff";
import { createCoordinator, planPreemption, type CoordinatorDecision } from "../engine";
import type { Db } from "../db/client";
import type { SessionUser } from "../auth/session-user";
import { findDecisionsForReplay, type ReplayDecisionRow } from "../repositories/decision-input-repository";
import { canonicalJson } from "./canonical-json";
import type { DecisionEngineInput, InputProblem } from "./decision-input-codec";
import { loadDecisionInput } from "./decision-input-store";
import { engineBuild } from "./engine-build";
import { DomainError } from "./errors";

/** Version of the replay result's shape. */
export const REPLAY_RESULT_VERSION = 1;
export type { InputProblem } from "./decision-input-codec";
/** How many differing paths a result lists. */
const MAX_DIFFERENCES = 12;

/** One path where the replayed decision differs from the stored one (values as canonical JSON; absent = missing there). */
export interface ReplayDifference {
  readonly path: string;
  readonly stored?: string;
  readonly replayed?: string;
}

/** The engine build recorded with a decision's inputs and the one replaying it. */
export interface ReplayEngine {
  /** Null for inputs stored before the build was recorded. */
  readonly recorded: string | null;
  readonly current: string;
}

/**
 * The verdict on one decision: reproduced byte for byte; "engine-changed" when the replay differs but
 * the engine build is not the one that decided (an upgrade, not a wrong record); a mismatch (the
 * same build, or an unknown one, decides differently, or the stored inputs did not check out); or no
 * stored inputs.
 */
export interface ReplayResult {
  readonly version: typeof REPLAY_RESULT_VERSION;
  readonly decisionId: string;
  readonly status: "reproduced" | "mismatch" | "engine-changed" | "inputs-not-recorded";
  /** Absent when no inputs were recorded. */
  readonly engine?: ReplayEngine;
  /** Stored input parts that are missing or no longer match their hash. */
  readonly inputProblems: readonly InputProblem[];
  readonly differences: readonly ReplayDifference[];
  /** How many paths differ in all (differences lists the first few). */
  readonly differenceCount: number;
}

/** What replay compares: the stored columns of a decision. */
interface ComparedDecision {
  outcome: string;
  clusterId: string | null;
  startAt: string | null;
  assignments: unknown;
  policy: { name: string; version: number };
  explanation: unknown;
}

const STORED_OUTCOME = { placed: "PLACED", deferred: "DEFERRED", unschedulable: "UNSCHEDULABLE" } as const;

/** The stored assignments of a placed decision, by node name (as the placement commit writes them). */
function assignmentsOf(decision: CoordinatorDecision, input: DecisionEngineInput) {
  if (decision.outcome !== "placed") return [];
  return decision.parts.flatMap((part) => {
    const nodes = input.snapshot.clusters.find((c) => c.id === part.clusterId)?.state.nodes ?? [];
    return part.assignments.map((a) => ({
      cluster: part.clusterId,
      node: nodes[a.nodeIndex]?.name ?? null,
      gpuIndices: [...a.gpuIndices],
      milliPerGpu: part.request.gpuCount > 0 ? part.request.gpuMilliPerGpu : 0,
      cpuMilli: part.request.cpuMilli,
      memoryMib: part.request.memoryMib,
    }));
  });
}

/** Decides again on the stored input, shaped like the stored row. */
export function replayedDecision(input: DecisionEngineInput): ComparedDecision {
  const decision = redecide(input);
  if (decision === null) return { outcome: "NO_PREEMPTION_PLAN", clusterId: null, startAt: null, assignments: [], policy: policyOf(input), explanation: null };
  return {
    outcome: STORED_OUTCOME[decision.outcome],
    clusterId: decision.parts[0]?.clusterId ?? null,
    startAt: decision.startMs !== null ? new Date(decision.startMs).toISOString() : null,
    assignments: assignmentsOf(decision, input),
    policy: policyOf(input),
    explanation: decision.explanation,
  };
}

const policyOf = (input: DecisionEngineInput) => ({ name: input.coordinator.policy.name, version: input.coordinator.policy.version });

/** The engine's decision on the input: the coordinator's, or the preemption planner's plan (null when it finds none). */
function redecide(input: DecisionEngineInput): CoordinatorDecision | null {
  const coordinator = createCoordinator(input.coordinator);
  if (!input.preemption) return coordinator.decide(input.snapshot, input.job, { seed: input.seed });
  const plan = planPreemption(input.snapshot, input.job, coordinator.policy, {
    seed: input.seed,
    coordinator,
    maxEvaluations: input.preemption.maxEvaluations,
    holdsReservation: input.preemption.holdsReservation === true,
  });
  return plan?.decision ?? null;
}

function storedDecision(row: ReplayDecisionRow): ComparedDecision {
  return {
    outcome: row.outcome,
    clusterId: row.clusterId,
    startAt: row.startAt?.toISOString() ?? null,
    assignments: row.assignments,
    policy: row.policy,
    explanation: row.explanation,
  };
}

const pathText = (path: readonly (string | number)[]) =>
  path.map((p, i) => (typeof p === "number" ? `[${p}]` : i === 0 ? p : /^[A-Za-z_$][\w$]*$/.test(p) ? `.${p}` : `[${JSON.stringify(p)}]`)).join("");

/** The differing paths of two decisions compared as canonical JSON (equal text = reproduced). */
export function compareDecisions(stored: unknown, replayed: unknown): { equal: boolean; differences: ReplayDifference[]; count: number } {
  const a = canonicalJson(stored);
  const b = canonicalJson(replayed);
  if (a === b) return { equal: true, differences: [], count: 0 };
  const changes = diff(JSON.parse(a) as Record<string, unknown>, JSON.parse(b) as Record<string, unknown>);
  const differences = changes.slice(0, MAX_DIFFERENCES).map((c) => ({
    path: pathText(c.path),
    ...(c.type !== "CREATE" ? { stored: canonicalJson(c.oldValue) } : {}),
    ...(c.type !== "REMOVE" ? { replayed: canonicalJson(c.value) } : {}),
  }));
  return { equal: false, differences, count: Math.max(changes.length, 1) };
}

/** Tampered inputs are always a mismatch; a difference is the engine's only when a different build is on record. */
export function replayStatus(equal: boolean, inputProblems: boolean, engine: ReplayEngine): ReplayResult["status"] {
  if (inputProblems) return "mismatch";
  if (equal) return "reproduced";
  return engine.recorded !== null && engine.recorded !== engine.current ? "engine-changed" : "mismatch";
}

/** Replays one decision row. */
async function replayRow(db: Db, row: ReplayDecisionRow): Promise<ReplayResult> {
  const base = { version: REPLAY_RESULT_VERSION, decisionId: row.id } as const;
  if (!row.inputHash) return { ...base, status: "inputs-not-recorded", inputProblems: [], differences: [], differenceCount: 0 };
  const { input, problems } = await loadDecisionInput(db, row.inputHash);
  if (!input) return { ...base, status: "mismatch", inputProblems: problems, differences: [], differenceCount: 0 };
  const { equal, differences, count } = compareDecisions(storedDecision(row), replayedDecision(input));
  const engine = { recorded: input.engineBuild ?? null, current: engineBuild() };
  return { ...base, status: replayStatus(equal, problems.length > 0, engine), engine, inputProblems: problems, differences, differenceCount: count };
}

/** Replays one decision by id; NOT_FOUND when there is none. */
export async function replayDecision(db: Db, id: string): Promise<ReplayResult> {
  const [row] = await findDecisionsForReplay(db, { id }, 1);
  if (!row) throw new DomainError("NOT_FOUND", "No such decision.");
  return replayRow(db, row);
}

/** Replays one decision for a signed-in user: operators and admins only (a replay reads the whole fleet's inputs). */
export async function replayDecisionFor(db: Db, user: SessionUser, id: string): Promise<ReplayResult> {
  if (user.role !== "OPERATOR" && user.role !== "ADMIN") throw new DomainError("FORBIDDEN", "Only operators and admins can replay decisions.");
  return replayDecision(db, id);
}

/** Totals of a replay of every decision. */
export interface ReplaySummary {
  replayed: number;
  /** Decisions the engine build that made them no longer reproduces (or whose inputs did not check out). */
  mismatches: number;
  /** Decisions that differ after the engine changed since they were made (not counted in mismatches). */
  engineChanged: number;
  skipped: number;
}

/** Replays every stored decision, oldest first, in pages; `onResult` sees each verdict as it comes. */
export async function replayAllDecisions(db: Db, onResult: (result: ReplayResult) => void, pageSize = 100): Promise<ReplaySummary> {
  const summary: ReplaySummary = { replayed: 0, mismatches: 0, engineChanged: 0, skipped: 0 };
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const rows = await findDecisionsForReplay(db, { after }, pageSize);
    for (const row of rows) {
      const result = await replayRow(db, row);
      if (result.status === "inputs-not-recorded") summary.skipped++;
      else {
        summary.replayed++;
        if (result.status === "mismatch") summary.mismatches++;
        if (result.status === "engine-changed") summary.engineChanged++;
      }
      onResult(result);
    }
    if (rows.length < pageSize) return summary;
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.createdAt, id: last.id };
  }
}
