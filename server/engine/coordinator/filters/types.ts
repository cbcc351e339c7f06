/**
 * Cluster filter plugins: a name plus a function returning a verdict and reasons, in the shape of
 * Karmada's cross-cluster scheduler framework. Each filter runs at one stage of the agent's flow and
 * sees only what that stage knows:
 * - cluster: the cluster, the job and the variants it would run as (status, location, models);
 * - variant: one variant and its window on the clock (quota, deadline, carbon data);
 * - placement: the earliest placement found for the variant, or null (capacity);
 * - option: the chosen start's emissions (carbon budget).
 * A filter returns null when it does not apply (nothing is recorded, so explanations of jobs without
 * that constraint keep their shape).
 */
import type { ClusterState } from "../../model/node";
import type { PlacementDecision, Placer } from "../../placement/placer";
import type { AgentContext, FilterVerdict } from "../agent-types";
import type { JobWindow } from "../job-window";
import type { ClusterReason } from "../reasons";
import type { FleetCluster, FleetJob } from "../types";
import type { JobVariant } from "../variants";

/** What a filter decided and why. */
export interface FilterResult {
  readonly verdict: FilterVerdict;
  readonly reasons: readonly ClusterReason[];
}

/** Input of a cluster-stage filter. */
export interface ClusterStageInput {
  readonly cluster: FleetCluster;
  readonly job: FleetJob;
  readonly ctx: AgentContext;
  readonly variants: readonly JobVariant[];
}

/** Input of a variant-stage filter. */
export interface VariantStageInput {
  readonly cluster: FleetCluster;
  readonly job: FleetJob;
  readonly ctx: AgentContext;
  readonly variant: JobVariant;
  readonly window: JobWindow;
}

/** The earliest start where the in-cluster placer found room. */
export interface EarliestPlacement {
  readonly startMs: number;
  readonly state: ClusterState;
  readonly decision: PlacementDecision;
}

/** Input of a placement-stage filter. */
export interface PlacementStageInput extends VariantStageInput {
  readonly placement: EarliestPlacement | null;
  /** This cluster's placer and the seed it places with (for the in-cluster view of a failure). */
  readonly placer: Placer;
  readonly seed: number;
}

/** Input of an option-stage filter. */
export interface OptionStageInput extends VariantStageInput {
  /** Emissions of the chosen start, kgCO2e. */
  readonly emissionsKg: number;
}

/** What every cluster filter has. */
interface FilterBase {
  readonly name: string;
  /** When this filter fails, the later stages are not run (nothing could be placed: no accepted hardware). */
  readonly gate?: boolean;
}

/** A cluster filter plugin; `check` returns null when the filter does not apply. */
export type ClusterFilterPlugin =
  | (FilterBase & { readonly stage: "cluster"; check(input: ClusterStageInput): FilterResult | null })
  | (FilterBase & { readonly stage: "variant"; check(input: VariantStageInput): FilterResult | null })
  | (FilterBase & { readonly stage: "placement"; check(input: PlacementStageInput): FilterResult | null })
  | (FilterBase & { readonly stage: "option"; check(input: OptionStageInput): FilterResult | null });

/** The passing result (no reasons). */
export const PASS: FilterResult = Object.freeze({ verdict: "pass", reasons: Object.freeze([]) as readonly ClusterReason[] });

/** A failing result that may change as the fleet changes. */
export function unfit(...reasons: ClusterReason[]): FilterResult {
  return { verdict: "unfit", reasons };
}

/** A failing result that only a change to the job, its limits or the fleet's hardware can lift. */
export function unresolvable(...reasons: ClusterReason[]): FilterResult {
  return { verdict: "unfit-unresolvable", reasons };
}
