/**
 * The placer: places one job (all gang members or none) on a cluster state under a policy and returns
 * the decision as data (placements + explanation). Pure with respect to its inputs: the only state it
 * keeps is caches keyed by immutable node objects, which change speed, never results.
 */
import { EngineError } from "../errors";
import type { MemberPlacement, PlacementExplanation } from "../explain/schema";
import { assertValidJob, type JobRequest } from "../model/job";
import type { ClusterState, NodeState } from "../model/node";
import { createRng } from "../model/rng";
import type { TargetWorkload } from "../model/target-workload";
import { allocate, type PlacementAssignment } from "./allocate";
import { buildExplanation, type RecordedStep } from "./build-explanation";
import { decideStep, StepBuffers } from "./decide-step";
import { keyFactsFor } from "./evaluate-step";
import { GroupIndex } from "./group-index";
import { nodeFragmentation, type FragmentationInput } from "./fragmentation";
import { selectGpus } from "./gpu-select";
import type { PlacementPolicy } from "./policy";
import { rackGpuMilli, rackMemberCapacity } from "./rack-capacity";
import { createPluginRegistry, resolvePolicy, type PluginRegistry } from "./registry";
import { ScoreMemo } from "./score-memo";
import type { DecisionContext, NodeFact } from "./types";

/** Options fixed for the lifetime of a placer. */
export interface PlacerOptions {
  readonly policy: PlacementPolicy;
  /** FGD's target workload M; required by fgd-based policies, optional otherwise (enables fragmentation reporting). */
  readonly workload?: TargetWorkload | null;
  readonly registry?: PluginRegistry;
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

/** Creates a placer for a policy (plugins resolved once; throws UNKNOWN_PLUGIN on a bad policy). */
export function createPlacer(options: PlacerOptions): Placer {
  const resolved = resolvePolicy(options.policy, options.registry ?? createPluginRegistry());
  const workload = options.workload ?? null;
  const needsWorkload =
    [...resolved.scores.map((s) => s.plugin.name), ...resolved.secondary.map((s) => s.name)].some((n) => n.startsWith("fgd") || n.startsWith("verdant")) ||
    (options.policy.gpuSelection !== "first-fit" && options.policy.gpuSelection !== "best-fit");
  if (needsWorkload && !workload) throw new EngineError("UNKNOWN_POLICY", `policy ${options.policy.name} needs a target workload (FGD)`);
  const fragCache = new WeakMap<NodeState, number>();
  // Hot-path state, one group index (+ its score memo) per set of group-key facts.
  const indexes = new Map<ReadonlySet<NodeFact>, { index: GroupIndex; memo: ScoreMemo }>();
  const indexFor = (facts: ReadonlySet<NodeFact>) => {
    let entry = indexes.get(facts);
    if (!entry) {
      entry = { index: new GroupIndex(facts), memo: new ScoreMemo() };
      indexes.set(facts, entry);
    }
    return entry;
  };
  const buffers = new StepBuffers();
  // keyFactsFor returns either resolved.reads or one widened set; keep that set stable for indexFor.
  const gangFacts: ReadonlySet<NodeFact> = new Set<NodeFact>([...resolved.reads, "rack"]);
  const fragmentationOf = (node: NodeState): number => {
    if (!workload) return 0;
    let f = fragCache.get(node);
    if (f === undefined) {
      f = nodeFragmentation(node, workload);
      fragCache.set(node, f);
    }
    return f;
  };
  const stateFragMemo = new Map<string, number>();
  const fragmentationOfState = (input: FragmentationInput): number => {
    if (!workload) return 0;
    const gpus = Array.from(input.gpuMilliFree).sort((a, b) => a - b);
    const key = `${input.gpuModel ?? "-"}|${input.cpuMilliFree}|${gpus.join(",")}`;
    let f = stateFragMemo.get(key);
    if (f === undefined) {
      f = nodeFragmentation(input, workload);
      // Bounded so a long simulation keeps flat memory; clearing only costs recomputation.
      if (stateFragMemo.size >= 200_000) stateFragMemo.clear();
      stateFragMemo.set(key, f);
    }
    return f;
  };
  const clusterFragmentation = (state: ClusterState): number => {
    let sum = 0;
    for (const node of state.nodes) sum += fragmentationOf(node);
    return sum;
  };

  const place = (state: ClusterState, job: JobRequest, { seed }: { readonly seed: number }): PlacementDecision => {
    assertValidJob(job);
    if (!Number.isInteger(seed)) throw new EngineError("INVALID_JOB", `seed must be an integer, got ${seed}`);
    const rng = createRng(seed);
    const gangSize = job.gangSize ?? 1;
    const sameRack = gangSize > 1 && (job.gangSameRack ?? true);
    const needRacks = resolved.reads.has("rack");
    let working = state;
    const assignments: PlacementAssignment[] = [];
    const placements: MemberPlacement[] = [];
    const steps: RecordedStep[] = [];
    let gangRack: string | null = null;
    let rackCapacity: ReadonlyMap<string, number> = new Map();
    let placed = true;

    for (let member = 0; member < gangSize; member++) {
      const nodes = working.nodes;
      const makeContext = (capacity: ReadonlyMap<string, number>): DecisionContext => ({
        workload,
        fragmentationOf,
        fragmentationOfState,
        rackGpuMilli: needRacks ? rackGpuMilli(nodes) : new Map(),
        gang: { remainingMembers: gangSize - member, rack: gangRack, sameRack, rackCapacity: capacity },
        rng,
      });
      // Rack capacity is counted once, before the first member, against the untouched state.
      if (member === 0 && sameRack) rackCapacity = rackMemberCapacity(nodes, job, makeContext(rackCapacity));
      const ctx = makeContext(rackCapacity);
      const facts = keyFactsFor(job, resolved, ctx.gang.sameRack) === resolved.reads ? resolved.reads : gangFacts;
      const { index, memo } = indexFor(facts);
      const decision = decideStep(nodes, job, resolved, ctx, index, memo, buffers);
      steps.push({ nodes, decision, ctx });
      if (decision.nodeIndex < 0) {
        placed = false;
        break;
      }
      const node = nodes[decision.nodeIndex] as NodeState;
      const gpuIndices = selectGpus(node, job, options.policy.gpuSelection, workload, fragmentationOf(node));
      const assignment = { nodeIndex: decision.nodeIndex, gpuIndices };
      assignments.push(assignment);
      placements.push({
        member,
        nodeName: node.name,
        nodeIndex: assignment.nodeIndex,
        gpuIndices,
        gpuMilliPerGpu: job.gpuMilliPerGpu,
        cpuMilli: job.cpuMilli,
        memoryMib: job.memoryMib,
      });
      working = allocate(working, job, [assignment]);
      if (member === 0) gangRack = node.rack;
    }

    const after = working;
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
          after,
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
