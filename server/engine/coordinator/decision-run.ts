/**
 * What one decision computed: the agents' bids, the split search and the scored candidates. The
 * explanation and the fix search read it; they never call back into the coordinator (the fix search
 * is handed a function that decides again on a changed input).
 */
import type { Placer } from "../placement/placer";
import type { AgentContext, ClusterBid } from "./agent-types";
import type { CoordinatorPolicy } from "./policy";
import type { SignalComparison } from "./signal-comparison";
import type { ObjectiveScore, RawObjectives } from "./scoring";
import type { SplitOption, SplitSearch } from "./split";
import type { FleetJob, FleetSnapshot } from "./types";

/** A scored candidate: a single-cluster bid or a split. */
export interface Candidate {
  readonly kind: "single" | "split";
  readonly bids: readonly ClusterBid[];
  readonly split: SplitOption | null;
  readonly raw: RawObjectives;
  scores: ObjectiveScore[];
  total: number;
}

/** The state of one decision (inputs, bids, candidates best first). */
export interface DecisionRun {
  readonly snapshot: FleetSnapshot;
  readonly job: FleetJob;
  readonly policy: CoordinatorPolicy;
  readonly seed: number;
  readonly placers: readonly Placer[];
  readonly ctx: AgentContext;
  readonly bids: readonly ClusterBid[];
  readonly candidates: readonly Candidate[];
  readonly splitSearch: SplitSearch | null;
  /** Set when the passing bids mixed carbon signals: the one compared on and the clusters left out. */
  readonly signalComparison?: SignalComparison | null;
}

/** Decides again with one thing changed (the job, the agents' context overrides, the policy). */
export type Rerun = (job: FleetJob, overrides?: Partial<AgentContext>, policy?: CoordinatorPolicy) => DecisionRun;

/** The raw objective value `name` of a candidate (0 when that objective is not registered). */
export function rawOf(c: Candidate, name: string): number {
  return c.raw[name] ?? 0;
}
