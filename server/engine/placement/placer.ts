/**
 * The placer: places one job (all gang members or none) on a cluster state under a policy and returns
 * the decision as data (placements + explanation). Pure with respect to its inputs: the only state it
 * keeps is caches keyed by immutable node objects, which change speed, never results.
 */
import { EngineError } from "../errors";
import type { PlacementExplanation } from "../explain/schema";
import { assertValidJob, type JobRequest } from "../model/job";
import type { ClusterState, NodeState } from "../model/node";
import { createRng } from "../model/rng";
import type { TargetWorkload } from "../model/target-workload";
import { allocate, type PlacementAssignment } from "./allocate";
import { buildExplanation } from "./build-explanation";
import { StepBuffers } from "./decide-step";
import { GroupIndex, KeyInterner } from "./group-index";
import { placeGang, type GangEnv } from "./place-gang";
import { createFragmentationCache } from "./placer-fragmentation";
import type { PlacementPolicy } from "./policy";
import { createPluginRegistry, resolvePolicy, type PluginRegistry, type ResolvedPolicy } from "./registry";
import { hasModelConstraints, modelGpuCapacity, modelPressure } from "./model-workload";
import { ScoreMemo } from "./score-memo";
import type { NodeFact } from "./types";

/** Options fixed for the lifetime of a placer. */
export interface PlacerOptions {
  readonly policy: PlacementPolicy;
  /** FGD's target workload M; required by fgd-based policies, optional otherwise (enables fragmentation reporting). */
  readonly workload?: TargetWorkload | null;
  readonly registry?: PluginRegistry;
  /**
   * Score memos shared with other placers (see {@link createSharedScoreCaches}): used only by placers
   * with the same policy object and workload as the first placer that used them, so a shared score is
   * always one this placer would have computed itself.
   */
  readonly sharedScores?: SharedScoreCaches;
}

/** Score memos (and the group-key ids they are indexed by) shared by the placers of one fleet. */
export interface SharedScoreCaches {
  /** The policy and workload of the placers that share them (set by the first placer). */
  owner: { readonly policy: PlacementPolicy; readonly workload: TargetWorkload | null } | null;
  /** Per set of group-key facts (sorted, joined): the interner and the memo. */
  readonly byFacts: Map<string, { interner: KeyInterner; memo: ScoreMemo }>;
}

/**
 * Creates score memos for several placers of the same policy and workload, e.g. one per cluster of a
 * fleet: a node group seen in several clusters (same key) is scored once per job shape. Results never
 * depend on it; only the work does.
 */
export function createSharedScoreCaches(): SharedScoreCaches {
  return { owner: null, byFacts: new Map() };
}

/** The shared interner and memo for a set of facts, or null when this placer does not share. */
function sharedFor(shared: SharedScoreCaches | null, facts: ReadonlySet<NodeFact>): { interner: KeyInterner; memo: ScoreMemo } | null {
  if (!shared) return null;
  const key = [...facts].sort().join(",");
  let entry = shared.byFacts.get(key);
  if (!entry) {
    entry = { interner: new KeyInterner(0), memo: new ScoreMemo() };
    shared.byFacts.set(key, entry);
  }
  return entry;
}

/** A placement decision: data, never an exception, also when nothing fits. */
export interface PlacementDecision {
  readonly outcome: "placed" | "unschedulable";
  /** One assignment per member (empty when unschedulable); feed to {@link applyDecision}. */
  readonly assignments: readonly PlacementAssignment[];
  /** The full explanation; materialized on first access from the grouped evaluation. */
  readonly explanation: PlacementExplanation;
}

/** A reusable placer bound to one policy and workload. */
export interface Placer {
  readonly policy: PlacementPolicy;
  /** Decides where `job` goes on `state`; `seed` drives every random choice and is recorded. */
  place(state: ClusterState, job: JobRequest, options: { readonly seed: number }): PlacementDecision;
  /** F_n(M) of one node in milli-GPU (0 without a workload), cached by node identity. */
  fragmentationOf(node: NodeState): number;
  /** Sum of F_n(M) over the cluster, milli-GPU. */
  clusterFragmentation(state: ClusterState): number;
}

/** Whether the policy's plugins or GPU selection read the target workload (FGD and Verdant's own). */
function needsWorkload(policy: PlacementPolicy, resolved: ResolvedPolicy): boolean {
  const names = [...resolved.scores.map((s) => s.plugin.name), ...resolved.secondary.map((s) => s.name)];
  return names.some((n) => n.startsWith("fgd") || n.startsWith("verdant")) || (policy.gpuSelection !== "first-fit" && policy.gpuSelection !== "best-fit");
}

/** The hot-path state of a placer: one group index (+ its score memo) per set of group-key facts, and step buffers. */
function createGangEnv(options: PlacerOptions, resolved: ResolvedPolicy, workload: TargetWorkload | null): GangEnv {
  const indexes = new Map<ReadonlySet<NodeFact>, { index: GroupIndex; memo: ScoreMemo }>();
  let shared = options.sharedScores ?? null;
  if (shared) {
    shared.owner ??= { policy: options.policy, workload };
    if (shared.owner.policy !== options.policy || shared.owner.workload !== workload) shared = null;
  }
  return {
    resolved,
    workload,
    gpuSelection: options.policy.gpuSelection,
    frag: createFragmentationCache(workload),
    indexFor(facts) {
      let entry = indexes.get(facts);
      if (!entry) {
        const common = sharedFor(shared, facts);
        common?.interner.reserve();
        entry = common
          ? { index: new GroupIndex(facts, undefined, common.interner), memo: common.memo }
          : { index: new GroupIndex(facts), memo: new ScoreMemo() };
        indexes.set(facts, entry);
      }
      return entry;
    },
    // keyFactsFor returns either resolved.reads or one widened set; keep that set stable for indexFor.
    gangFacts: new Set<NodeFact>([...resolved.reads, "rack"]),
    buffers: new StepBuffers(),
    pressureFor: createPressureCache(workload, () => indexes.clear()),
  };
}

const NO_PRESSURE: ReadonlyMap<string, number> = new Map();

/**
 * Model pressure for the placer's workload, recomputed only when the cluster's GPUs per model change
 * (then `onChange` drops memoized scores that priced the old capacity). Without constrained shapes in M
 * it is always empty and costs nothing per decision.
 */
function createPressureCache(workload: TargetWorkload | null, onChange: () => void): (nodes: readonly NodeState[]) => ReadonlyMap<string, number> {
  if (!workload || !hasModelConstraints(workload)) return () => NO_PRESSURE;
  let signature = "";
  let pressure: ReadonlyMap<string, number> = NO_PRESSURE;
  // The same node list (an unchanged cluster asked again) has the same capacity: no pass over its nodes.
  let lastNodes: readonly NodeState[] | null = null;
  return (nodes) => {
    if (nodes === lastNodes) return pressure;
    lastNodes = nodes;
    const capacity = modelGpuCapacity(nodes);
    const key = [...capacity].map(([m, c]) => `${m}:${c}`).join(",");
    if (key !== signature) {
      if (signature !== "") onChange();
      signature = key;
      pressure = modelPressure(workload, capacity);
    }
    return pressure;
  };
}

/** Creates a placer for a policy (plugins resolved once; throws UNKNOWN_PLUGIN on a bad policy). */
export function createPlacer(options: PlacerOptions): Placer {
  const resolved = resolvePolicy(options.policy, options.registry ?? createPluginRegistry());
  const workload = options.workload ?? null;
  if (needsWorkload(options.policy, resolved) && !workload)
    throw new EngineError("UNKNOWN_POLICY", `policy ${options.policy.name} needs a target workload (FGD)`);
  const env = createGangEnv(options, resolved, workload);
  const { fragmentationOf, clusterFragmentation } = env.frag;

  const place = (state: ClusterState, job: JobRequest, { seed }: { readonly seed: number }): PlacementDecision => {
    assertValidJob(job);
    if (!Number.isInteger(seed)) throw new EngineError("INVALID_JOB", `seed must be an integer, got ${seed}`);
    const gang = placeGang(env, state, job, createRng(seed));
    // The state after is read only by the explanation (reading it allocates the last member).
    const { placed, assignments, placements, steps } = gang;
    let explanation: PlacementExplanation | null = null;
    return {
      outcome: placed ? "placed" : "unschedulable",
      assignments: placed ? assignments : [],
      // Built on first read (and then kept): deciding stays fast, reading it costs one pass over the groups.
      get explanation(): PlacementExplanation {
        explanation ??= buildExplanation({
          resolved,
          job,
          seed,
          steps,
          placements,
          placed,
          before: state,
          after: gang.after,
          fragmentationOf: workload ? fragmentationOf : null,
        });
        return explanation;
      },
    };
  };

  return { policy: options.policy, place, fragmentationOf, clusterFragmentation };
}

/** One-shot convenience: builds a placer and places a single job. */
export function placeJob(state: ClusterState, job: JobRequest, options: PlacerOptions & { readonly seed: number }): PlacementDecision {
  return createPlacer(options).place(state, job, { seed: options.seed });
}

/** Applies a decision to the state (no-op for an unschedulable decision). */
export function applyDecision(state: ClusterState, job: JobRequest, decision: PlacementDecision): ClusterState {
  return decision.outcome === "placed" ? allocate(state, job, decision.assignments) : state;
}
