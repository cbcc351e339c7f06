/**
 * Plugin framework types (after the Kubernetes scheduler framework): a plugin is a name plus a filter
 * or a score function. Plugins are pure: they see one representative node of a group of identical
 * nodes, the job, and read-only per-decision context. The runtime, not the plugin, records which
 * plugin said what, normalizes scores and applies the policy's weights.
 */
import type { JobRequest } from "../model/job";
import type { NodeState } from "../model/node";
import type { Rng } from "../model/rng";
import type { TargetWorkload } from "../model/target-workload";
import type { Reason } from "../explain/reason-codes";
import type { FragmentationInput } from "./fragmentation";
import type { ConfinementLevel } from "./topology";

/** A filter's verdict: passed, or failed with at least one reason carrying numbers. */
export interface FilterVerdict {
  readonly passed: boolean;
  readonly reasons: readonly Reason[];
}

/** Facts about the whole cluster a plugin may need, computed once per decision step. */
export interface DecisionContext {
  readonly workload: TargetWorkload | null;
  /** Fragmentation F_n(M) of a node, cached by node identity (0 when there is no workload). */
  readonly fragmentationOf: (node: NodeState) => number;
  /** F_n(M) of any node state (e.g. "after" states), memoized by (model, CPU free, GPU free multiset). */
  readonly fragmentationOfState: (state: FragmentationInput) => number;
  /**
   * Per GPU model: pressure of the workload's model-constrained jobs on its capacity (model-workload.ts);
   * absent or empty when M has no constrained shapes. Fixed while the cluster's GPUs per model are.
   */
  readonly modelPressure?: ReadonlyMap<string, number>;
  /** Per rack: [allocated, capacity] milli-GPU, for topology-aware plugins. */
  readonly rackGpuMilli: ReadonlyMap<string, readonly [number, number]>;
  /**
   * Gang context: members still to place and, when the gang is confined to one group of a topology
   * level (`sameRack`; the level is `level`, absent = rack), each group's member capacity and, once
   * the first member is placed, the group they must share (`rack` holds that group's name).
   */
  readonly gang: {
    readonly remainingMembers: number;
    readonly rack: string | null;
    readonly sameRack: boolean;
    readonly rackCapacity: ReadonlyMap<string, number>;
    readonly level?: ConfinementLevel;
  };
  readonly rng: Rng;
}

/** Which node facts a plugin reads; the runtime groups nodes only by the facts the policy reads. */
export type NodeFact = "rack" | "hostedGpuShares";

/** A filter plugin. */
export interface FilterPlugin {
  readonly name: string;
  readonly reads?: readonly NodeFact[];
  filter(node: NodeState, job: JobRequest, ctx: DecisionContext): FilterVerdict;
  /**
   * Optional allocation-free fast path; must equal `filter(...).passed`. The runtime uses it while
   * deciding and calls `filter` only when an explanation is materialized.
   */
  passes?(node: NodeState, job: JobRequest, ctx: DecisionContext): boolean;
  /**
   * True when the verdict depends only on what the group key holds of the node and on the job's shape
   * (CPU, memory, GPU count and share, allowed models), never on the context or other job fields: the
   * runtime may then keep each node group's verdict per job shape (the GPU fit of a group is the same
   * in every cluster and every decision).
   */
  readonly cacheable?: boolean;
}

/**
 * How raw scores become 0..100: "none" = raw must already be 0..100 (an integer-scored plugin);
 * "minmax" = (raw - min) / (max - min) * 100 over the feasible candidates, integer division like the
 * reference; "minmax-float" = the same without rounding.
 */
export type Normalization = "none" | "minmax" | "minmax-float";

/** A score plugin: higher raw score = better node. Must return a finite number. */
export interface ScorePlugin {
  readonly name: string;
  readonly normalization: Normalization;
  readonly reads?: readonly NodeFact[];
  /**
   * True when the raw score depends only on the node facts in the group key and the job's shape
   * (not on cluster-wide context or randomness); the runtime then memoizes it across decisions.
   */
  readonly cacheable?: boolean;
  score(node: NodeState, job: JobRequest, ctx: DecisionContext): number;
}

/** Pass verdict singleton (no reasons). */
export const PASS: FilterVerdict = Object.freeze({ passed: true, reasons: Object.freeze([]) as readonly Reason[] });

/** Builds a failing verdict with one reason. */
export function fail(reason: Reason): FilterVerdict {
  return { passed: false, reasons: [reason] };
}
