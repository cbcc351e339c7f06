/**
 * The cross-cluster coordinator: asks every cluster agent for its best bid, filters on hard constraints,
 * scores the feasible bids on the policy's weighted objectives, and returns the decision as data.
 * When no single cluster can take a gang that allows it, it tries a split across two linked clusters.
 * An unschedulable job is a normal result; its explanation lists the smallest changes that would help,
 * and whether any cluster could ever hold it (every filter's verdict says whether it is resolvable).
 * The explanation is recorded while deciding, from the agents' recorded verdicts.
 * Deterministic: same snapshot, job, policy and seed give a JSON-identical decision.
 */
import type { JobRequest } from "../model/job";
import type { TargetWorkload } from "../model/target-workload";
import type { PlacementAssignment } from "../placement/allocate";
import { findBuiltinPolicy, VERDANT_POLICY, type PlacementPolicy } from "../placement/policy";
import { createPlacer, createSharedScoreCaches, type Placer } from "../placement/placer";
import type { ReasonCode } from "../explain/reason-codes";
import { bidForJob } from "./agent";
import type { AgentContext, ClusterBid, FilterVerdict, PlacementOption } from "./agent-types";
import { buildCoordinatorExplanation } from "./build-explanation";
import type { Candidate, DecisionRun } from "./decision-run";
import type { CoordinatorExplanation } from "./explanation-schema";
import { findFixes } from "./fixes";
import { parseCoordinatorPolicy, type CoordinatorPolicy } from "./policy";
import type { ClusterReason } from "./reasons";
import { keepClearOfReservations } from "./reservation-clearance";
import { rawObjectives, scoreCandidates, type ObjectiveScore, type RawObjectives } from "./scoring";
import { excludeOtherSignals, signalKeyOf } from "./signal-comparison";
import { findSplits, splitAllowed, splitWhy, withinTenantLimits } from "./split";
import type { FleetJob, FleetSnapshot } from "./types";

export type { Candidate, DecisionRun } from "./decision-run";

/** One part of a decision: what to allocate on which cluster, and when. */
export interface DecisionPart {
  readonly clusterId: string;
  /** The concrete in-cluster request (compute-native jobs resolved to a model and count). */
  readonly request: JobRequest;
  readonly assignments: readonly PlacementAssignment[];
  readonly startMs: number;
  readonly endMs: number;
}

/** One cluster's verdict, with the codes of the reasons that can never change by waiting. */
export interface ClusterVerdict {
  readonly clusterId: string;
  readonly verdict: FilterVerdict;
  readonly unresolvableCodes: readonly ReasonCode[];
}

/** A cross-cluster decision without its explanation (what the simulator needs). */
export interface CoordinatorOutcome {
  /** placed = starts now; deferred = holds a later start (capacity or carbon); unschedulable. */
  readonly outcome: "placed" | "deferred" | "unschedulable";
  readonly split: boolean;
  readonly parts: readonly DecisionPart[];
  readonly startMs: number | null;
  readonly energyKwh: number | null;
  readonly gCo2e: number | null;
  /** Every cluster's verdict, in snapshot order. */
  readonly verdicts: readonly ClusterVerdict[];
  /**
   * False when no cluster could ever hold the job as submitted (every cluster unresolvable and no
   * split to try): it will not run by waiting.
   */
  readonly couldEverRun: boolean;
}

/** A cross-cluster decision with its explanation (recorded while deciding). */
export interface CoordinatorDecision extends CoordinatorOutcome {
  readonly explanation: CoordinatorExplanation;
}

/** Options of {@link createCoordinator}. */
export interface CoordinatorOptions {
  /** A policy object or its stored JSON (validated here). */
  readonly policy: CoordinatorPolicy | unknown;
  /** FGD target workload for the in-cluster placers and the fragmentation objective. */
  readonly workload?: TargetWorkload | null;
}

/** A coordinator bound to a policy; keeps one in-cluster placer per cluster id (caches only). */
export interface Coordinator {
  readonly policy: CoordinatorPolicy;
  /** Decides and explains (the fix search runs for an unschedulable job). */
  decide(snapshot: FleetSnapshot, job: FleetJob, options: { readonly seed: number }): CoordinatorDecision;
  /**
   * Decides the same way without building the explanation (for bulk replays such as the simulator).
   * With `startNowOnly` the caller acts only on a placement now: see {@link startNowOnlyApplies}.
   */
  decideUnexplained(snapshot: FleetSnapshot, job: FleetJob, options: { readonly seed: number; readonly startNowOnly?: boolean }): CoordinatorOutcome;
}

function partsOf(bids: readonly ClusterBid[]) {
  return bids.filter((b): b is ClusterBid & { option: PlacementOption } => b.option !== null).map((b) => ({ cluster: b.cluster, option: b.option }));
}

function rawOfBids(bids: readonly ClusterBid[], run: { snapshot: FleetSnapshot; job: FleetJob; policy: CoordinatorPolicy }): RawObjectives {
  return rawObjectives(partsOf(bids), { job: run.job, nowMs: run.snapshot.nowMs, constraints: run.policy.constraints });
}

/** Orders candidates: higher total, then fewer gCO2e, then earlier cluster in the snapshot. */
function compareCandidates(a: Candidate, b: Candidate): number {
  return (
    b.total - a.total ||
    (a.raw.carbon ?? 0) - (b.raw.carbon ?? 0) ||
    (a.bids[0]?.clusterIndex ?? 0) - (b.bids[0]?.clusterIndex ?? 0) ||
    (a.bids[1]?.clusterIndex ?? 0) - (b.bids[1]?.clusterIndex ?? 0)
  );
}

/**
 * A job without a window (no deadline) is never delayed for carbon, and that holds across clusters
 * too: a bid that could start it only later than another cluster's is rejected, so the objectives
 * cannot trade a capacity wait on a clean cluster for carbon (which would leave the other clusters'
 * free GPUs idle while the job queues).
 */
function holdToEarliestStart(bids: ClusterBid[], job: FleetJob, ctx: AgentContext): ClusterBid[] {
  if (job.deadlineMs != null) return bids;
  let earliest = Number.POSITIVE_INFINITY;
  for (const b of bids) if (b.passed && b.option && b.option.startMs < earliest) earliest = b.option.startMs;
  if (!Number.isFinite(earliest)) return bids;
  return bids.map((b) => {
    if (!b.passed || !b.option || b.option.startMs <= earliest) return b;
    const reason: ClusterReason = {
      code: "LATER_THAN_ANOTHER_CLUSTER",
      resource: "start",
      unit: "s",
      requested: (b.option.startMs - ctx.nowMs) / 1000,
      available: (earliest - ctx.nowMs) / 1000,
    };
    return {
      ...b,
      passed: false,
      verdict: "unfit" as const,
      filters: [...b.filters, { filter: "earliest-start", verdict: "unfit" as const, passed: false, reasons: [reason] }],
    };
  });
}

/** Runs agents, the split search and scoring; shared by decide and the fix search. */
export function runDecision(
  snapshot: FleetSnapshot,
  job: FleetJob,
  policy: CoordinatorPolicy,
  seed: number,
  placers: readonly Placer[],
  overrides: Partial<AgentContext> = {},
): DecisionRun {
  const catalog = new Map(snapshot.gpuModels.map((m) => [m.id, m]));
  const ctx: AgentContext = {
    nowMs: snapshot.nowMs,
    policy,
    catalog,
    tenant: snapshot.tenants.find((t) => t.tenant === job.tenant) ?? null,
    cohort: snapshot.tenants,
    seed,
    ...overrides,
  };
  const signals = excludeOtherSignals(snapshot.clusters.map((c, i) => bidForJob(placers[i] as Placer, c, i, job, ctx)));
  const bids = keepClearOfReservations(holdToEarliestStart(signals.bids, job, ctx), job, ctx);
  const base = { snapshot, job, policy };
  let candidates: Candidate[] = bids
    .filter((b) => b.passed)
    .map((b) => ({ kind: "single", bids: [b], split: null, raw: rawOfBids([b], base), scores: [], total: 0 }));
  let splitSearch: DecisionRun["splitSearch"] = null;
  const why = splitAllowed(snapshot, job, policy) && withinTenantLimits(job, ctx) ? splitWhy(candidates, job, ctx.nowMs) : null;
  if (why) {
    splitSearch = findSplits(snapshot, job, placers, ctx, why);
    const splits: Candidate[] = splitSearch.options.map((s) => ({
      kind: "split",
      bids: s.parts,
      split: s,
      raw: rawOfBids(s.parts, base),
      scores: [],
      total: 0,
    }));
    candidates = [...splits, ...candidates];
  }
  const { scores, totals } = scoreCandidates(
    candidates.map((c) => c.raw),
    policy.objectiveWeights,
  );
  candidates.forEach((c, i) => {
    c.scores = scores[i] as ObjectiveScore[];
    c.total = totals[i] as number;
  });
  // A worthwhile split goes ahead of every single-cluster candidate (they stay as runners-up).
  candidates.sort((a, b) => (a.kind === b.kind ? compareCandidates(a, b) : a.kind === "split" ? -1 : 1));
  return { snapshot, job, policy, seed, placers, ctx, bids, candidates, splitSearch, signalComparison: signals.comparison };
}

/**
 * Whether a start-now-only search gives the same placement now as the full search: the job has no
 * window (so no bid that starts later survives next to one that starts now, holdToEarliestStart), cannot
 * split (the split search looks at every candidate) and every cluster reports the same carbon signal
 * (the compared signal is chosen from all passing bids, later ones included). A job no cluster can
 * start now then comes back unschedulable rather than deferred, with the same unresolvable verdicts.
 */
export function startNowOnlyApplies(snapshot: FleetSnapshot, job: FleetJob, policy: CoordinatorPolicy): boolean {
  if (job.deadlineMs != null || splitAllowed(snapshot, job, policy)) return false;
  const first = snapshot.clusters[0];
  return !first || snapshot.clusters.every((c) => signalKeyOf(c) === signalKeyOf(first));
}

/** Whether a split could still be tried for the job (then an unschedulable job is not declared impossible). */
function splitPossible(run: DecisionRun): boolean {
  return splitAllowed(run.snapshot, run.job, run.policy);
}

/** The decision value of a run (no explanation). */
export function outcomeFromRun(run: DecisionRun): CoordinatorOutcome {
  const best = run.candidates[0];
  const parts: DecisionPart[] = best
    ? best.bids.map((b) => ({
        clusterId: b.cluster.id,
        request: b.option?.variant.request as JobRequest,
        assignments: b.option?.assignments ?? [],
        startMs: b.option?.startMs ?? 0,
        endMs: b.option?.endMs ?? 0,
      }))
    : [];
  const startMs = best ? Math.max(...parts.map((p) => p.startMs)) : null;
  const verdicts = run.bids.map((b) => ({
    clusterId: b.cluster.id,
    verdict: b.verdict,
    unresolvableCodes: [...new Set(b.filters.filter((f) => f.verdict === "unfit-unresolvable").flatMap((f) => f.reasons.map((r) => r.code)))],
  }));
  return {
    outcome: !best ? "unschedulable" : startMs === run.snapshot.nowMs ? "placed" : "deferred",
    split: best?.kind === "split",
    parts,
    startMs,
    energyKwh: best ? best.bids.reduce((a, b) => a + (b.option?.energy.value ?? 0), 0) : null,
    gCo2e: best ? best.bids.reduce((a, b) => a + (b.option?.emissions.value ?? 0), 0) : null,
    verdicts,
    couldEverRun: best !== undefined || !verdicts.every((v) => v.verdict === "unfit-unresolvable") || splitPossible(run),
  };
}

/**
 * The decision of a run with its explanation; the fix search decides again through `rerun`. The
 * explanation (with the fix search and the chosen placements' in-cluster explanations) is built on
 * first read and then kept, like the in-cluster placer's: it is a pure function of the run, whose
 * snapshot is immutable and whose placers keep only caches, so reading it later gives the same value,
 * and deciding does not pay for it (the fleet's decision latency is the decision alone).
 */
export function decisionFromRun(run: DecisionRun): CoordinatorDecision {
  const outcome = outcomeFromRun(run);
  let explanation: CoordinatorExplanation | null = null;
  return {
    ...outcome,
    get explanation(): CoordinatorExplanation {
      if (!explanation) {
        const rerun = (job: FleetJob, overrides: Partial<AgentContext> = {}, policy = run.policy) =>
          runDecision(run.snapshot, job, policy, run.seed, run.placers, overrides);
        const search = run.candidates.length > 0 ? { fixes: [], tried: [] } : findFixes(run, rerun);
        explanation = buildCoordinatorExplanation(run, { ...search, couldEverRun: outcome.couldEverRun });
      }
      return explanation;
    },
  };
}

/** Creates a coordinator. Throws a zod error for an invalid policy and UNKNOWN_POLICY for an unknown in-cluster policy. */
export function createCoordinator(options: CoordinatorOptions): Coordinator {
  const policy = parseCoordinatorPolicy(options.policy);
  const inCluster: PlacementPolicy = findBuiltinPolicy(policy.inClusterPolicy) ?? VERDANT_POLICY;
  const workload = options.workload ?? null;
  // FGD-based policies need a workload; without one fall back to best-fit so the coordinator still works.
  const effective = workload || !inCluster.gpuSelection.startsWith("fgd") ? inCluster : (findBuiltinPolicy("bestfit") as PlacementPolicy);
  const placers = new Map<string, Placer>();
  // One placer per cluster (its caches follow that cluster's nodes); node groups that look alike across clusters are scored once.
  const sharedScores = createSharedScoreCaches();
  const placerFor = (clusterId: string) => {
    let p = placers.get(clusterId);
    if (!p) {
      p = createPlacer({ policy: effective, workload, sharedScores });
      placers.set(clusterId, p);
    }
    return p;
  };
  return {
    policy,
    decide(snapshot, job, { seed }) {
      const run = runDecision(
        snapshot,
        job,
        policy,
        seed,
        snapshot.clusters.map((c) => placerFor(c.id)),
      );
      return decisionFromRun(run);
    },
    decideUnexplained(snapshot, job, { seed, startNowOnly }) {
      const overrides = startNowOnly && startNowOnlyApplies(snapshot, job, policy) ? { startNowOnly: true } : {};
      return outcomeFromRun(
        runDecision(
          snapshot,
          job,
          policy,
          seed,
          snapshot.clusters.map((c) => placerFor(c.id)),
          overrides,
        ),
      );
    },
  };
}
