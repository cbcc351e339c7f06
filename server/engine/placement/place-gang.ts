/**
 * Placing the members of one job one after another, each decision step on the state the previous
 * members left: all members or none. The first member fixes the topology group (rack, switch group
 * or pod) a confined gang must share.
 */
import type { MemberPlacement } from "../explain/schema";
import type { JobRequest } from "../model/job";
import type { ClusterState, NodeState } from "../model/node";
import type { Rng } from "../model/rng";
import type { TargetWorkload } from "../model/target-workload";
import { allocate, type PlacementAssignment } from "./allocate";
import type { RecordedStep } from "./build-explanation";
import { decideStep, type StepBuffers } from "./decide-step";
import { keyFactsFor } from "./evaluate-step";
import type { GroupIndex } from "./group-index";
import type { FragmentationCache } from "./placer-fragmentation";
import type { GpuSelection } from "./policy";
import { domainMemberCapacity, rackGpuMilli } from "./rack-capacity";
import type { ResolvedPolicy } from "./registry";
import type { ScoreMemo } from "./score-memo";
import type { DecisionContext, NodeFact } from "./types";
import { selectGpus } from "./gpu-select";
import { CONFINEMENT_LEVELS, domainOf, type ConfinementLevel } from "./topology";

/** What a placer keeps across jobs: its policy, workload, caches and buffers. */
export interface GangEnv {
  readonly resolved: ResolvedPolicy;
  readonly workload: TargetWorkload | null;
  readonly gpuSelection: GpuSelection;
  readonly frag: FragmentationCache;
  /** The group index (and score memo) for a set of group-key facts. */
  indexFor(facts: ReadonlySet<NodeFact>): { index: GroupIndex; memo: ScoreMemo };
  /** The widened fact set of a same-rack gang, kept stable so indexFor finds its index again. */
  readonly gangFacts: ReadonlySet<NodeFact>;
  readonly buffers: StepBuffers;
  /** Pressure per GPU model for a node list (empty without constrained shapes); a capacity change drops the score memos. */
  pressureFor(nodes: readonly NodeState[]): ReadonlyMap<string, number>;
}

/** The members placed (all of them when `placed`), the steps for the explanation and the state after. */
export interface GangResult {
  placed: boolean;
  assignments: PlacementAssignment[];
  placements: MemberPlacement[];
  steps: RecordedStep[];
  /** The state with the placed members allocated (the last member's allocation is made on first read: only the explanation reads it). */
  readonly after: ClusterState;
}

/** Where the gang stands before a member's step. */
interface GangProgress {
  member: number;
  gangRack: string | null;
}

/** The confinement of one attempt: a level and each of its groups' member capacity, or none (anywhere). */
interface Confinement {
  readonly level: ConfinementLevel;
  readonly capacity: ReadonlyMap<string, number>;
}

/** The decision context of one member's step on `nodes`. */
function contextFor(
  env: GangEnv,
  job: JobRequest,
  nodes: readonly NodeState[],
  progress: GangProgress,
  confinement: Confinement | null,
  rng: Rng,
): DecisionContext {
  const gangSize = job.gangSize ?? 1;
  return {
    workload: env.workload,
    fragmentationOf: env.frag.fragmentationOf,
    fragmentationOfState: env.frag.fragmentationOfState,
    modelPressure: env.pressureFor(nodes),
    rackGpuMilli: env.resolved.reads.has("rack") ? rackGpuMilli(nodes) : new Map(),
    gang: {
      remainingMembers: gangSize - progress.member,
      rack: progress.gangRack,
      sameRack: gangSize > 1 && confinement !== null,
      rackCapacity: confinement?.capacity ?? EMPTY,
      level: confinement?.level ?? "rack",
    },
    rng,
  };
}

const EMPTY: ReadonlyMap<string, number> = new Map();

/** Places every member of `job` on `state` under one confinement, or stops at the first member nothing can hold. */
function attempt(env: GangEnv, state: ClusterState, job: JobRequest, confinement: Confinement | null, rng: Rng): GangResult {
  // The state after the members placed so far; the latest member's allocation is applied when next read.
  let after = state;
  let pending: PlacementAssignment | null = null;
  const current = (): ClusterState => {
    if (pending) {
      after = allocate(after, job, [pending]);
      pending = null;
    }
    return after;
  };
  const result: GangResult = {
    placed: true,
    assignments: [],
    placements: [],
    steps: [],
    get after() {
      return current();
    },
  };
  const progress: GangProgress = { member: 0, gangRack: null };
  for (let member = 0; member < (job.gangSize ?? 1); member++) {
    progress.member = member;
    const nodes = current().nodes;
    const ctx = contextFor(env, job, nodes, progress, confinement, rng);
    const facts = keyFactsFor(job, env.resolved, ctx.gang.sameRack) === env.resolved.reads ? env.resolved.reads : env.gangFacts;
    const { index, memo } = env.indexFor(facts);
    const decision = decideStep(nodes, job, env.resolved, ctx, index, memo, env.buffers);
    result.steps.push({ nodes, decision, ctx });
    if (decision.nodeIndex < 0) {
      result.placed = false;
      break;
    }
    const node = nodes[decision.nodeIndex] as NodeState;
    const gpuIndices = selectGpus(node, job, env.gpuSelection, env.workload, env.frag.fragmentationOf(node));
    const assignment = { nodeIndex: decision.nodeIndex, gpuIndices };
    result.assignments.push(assignment);
    result.placements.push({
      member,
      nodeName: node.name,
      nodeIndex: assignment.nodeIndex,
      gpuIndices,
      gpuMilliPerGpu: job.gpuMilliPerGpu,
      cpuMilli: job.cpuMilli,
      memoryMib: job.memoryMib,
    });
    pending = assignment;
    if (member === 0 && confinement) progress.gangRack = domainOf(node, confinement.level);
  }
  return result;
}

/** A context for counting member capacity before any member is placed (labels filter only reads the job). */
function capacityContext(env: GangEnv, job: JobRequest, state: ClusterState, rng: Rng): DecisionContext {
  return contextFor(env, job, state.nodes, { member: 0, gangRack: null }, null, rng);
}

/**
 * Places every member of `job` on `state`, all or none. A gang that asks for one rack
 * (gangSameRack: true) is confined to one rack, a hard constraint. Any other gang is placed in the
 * tightest topology group that holds it: one rack if some rack can, else one switch group, else one
 * pod, else anywhere; a confined attempt that fails (capacity counts are an upper bound) falls back
 * to the next wider level, so topology is a preference with a stated cost (topology.ts), never a
 * reason to refuse a gang the cluster can hold.
 */
export function placeGang(env: GangEnv, state: ClusterState, job: JobRequest, rng: Rng): GangResult {
  const gangSize = job.gangSize ?? 1;
  if (gangSize <= 1) return attempt(env, state, job, null, rng);
  const capacity = domainMemberCapacity(state.nodes, job, capacityContext(env, job, state, rng));
  if (job.gangSameRack === true) return attempt(env, state, job, { level: "rack", capacity: capacity.rack }, rng);
  let groupsBefore = 0;
  for (const level of CONFINEMENT_LEVELS) {
    const groups = capacity[level];
    // Levels nest, so the same number of groups as the tighter level means the same partition: nothing new to try.
    if (groups.size === groupsBefore) continue;
    groupsBefore = groups.size;
    let fits = false;
    for (const c of groups.values()) if (c >= gangSize) fits = true;
    if (!fits) continue;
    const confined = attempt(env, state, job, { level, capacity: groups }, rng);
    if (confined.placed || groups.size === 1) return confined;
  }
  return attempt(env, state, job, null, rng);
}
