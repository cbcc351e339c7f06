/**
 * Placing the members of one job one after another, each decision step on the state the previous
 * members left: all members or none. The first member fixes the rack a same-rack gang must share.
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
import { rackGpuMilli, rackMemberCapacity } from "./rack-capacity";
import type { ResolvedPolicy } from "./registry";
import type { ScoreMemo } from "./score-memo";
import type { DecisionContext, NodeFact } from "./types";
import { selectGpus } from "./gpu-select";

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
}

/** The members placed (all of them when `placed`), the steps for the explanation and the state after. */
export interface GangResult {
  placed: boolean;
  assignments: PlacementAssignment[];
  placements: MemberPlacement[];
  steps: RecordedStep[];
  after: ClusterState;
}

/** Where the gang stands before a member's step. */
interface GangProgress {
  member: number;
  gangRack: string | null;
  rackCapacity: ReadonlyMap<string, number>;
}

/** The decision context of one member's step on `nodes`. */
function contextFor(env: GangEnv, job: JobRequest, nodes: readonly NodeState[], progress: GangProgress, rng: Rng): DecisionContext {
  const gangSize = job.gangSize ?? 1;
  const sameRack = gangSize > 1 && (job.gangSameRack ?? true);
  const makeContext = (capacity: ReadonlyMap<string, number>): DecisionContext => ({
    workload: env.workload,
    fragmentationOf: env.frag.fragmentationOf,
    fragmentationOfState: env.frag.fragmentationOfState,
    rackGpuMilli: env.resolved.reads.has("rack") ? rackGpuMilli(nodes) : new Map(),
    gang: { remainingMembers: gangSize - progress.member, rack: progress.gangRack, sameRack, rackCapacity: capacity },
    rng,
  });
  // Rack capacity is counted once, before the first member, against the untouched state.
  if (progress.member === 0 && sameRack) progress.rackCapacity = rackMemberCapacity(nodes, job, makeContext(progress.rackCapacity));
  return makeContext(progress.rackCapacity);
}

/** Places every member of `job` on `state`, or stops at the first member nothing can hold. */
export function placeGang(env: GangEnv, state: ClusterState, job: JobRequest, rng: Rng): GangResult {
  const result: GangResult = { placed: true, assignments: [], placements: [], steps: [], after: state };
  const progress: GangProgress = { member: 0, gangRack: null, rackCapacity: new Map() };
  for (let member = 0; member < (job.gangSize ?? 1); member++) {
    progress.member = member;
    const nodes = result.after.nodes;
    const ctx = contextFor(env, job, nodes, progress, rng);
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
    result.after = allocate(result.after, job, [assignment]);
    if (member === 0) progress.gangRack = node.rack;
  }
  return result;
}
