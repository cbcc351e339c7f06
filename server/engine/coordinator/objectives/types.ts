/**
 * Cross-cluster objective plugins. A candidate (one cluster, or two for a split) gets a raw value per
 * objective from its parts; raw values become 0..100 (100 = best) by the objective's normalization,
 * are multiplied by the policy's weight for that objective's name and summed.
 */
import type { ClusterTier, FleetCluster, FleetJob } from "../types";

/** What an objective may read of a part's placement (a subset of the agent's placement option). */
export interface ObjectiveOption {
  readonly emissions: { readonly value: number };
  readonly fragmentationDeltaMilli: number;
  readonly startMs: number;
  readonly gpuAllocationAfterPct: number;
}

/** One part of a candidate: the cluster and how the job (or its share of a split) would run there. */
export interface CandidatePart {
  readonly cluster: FleetCluster;
  readonly option: ObjectiveOption;
}

/** The policy constraints an objective may read. */
export interface ObjectiveConstraints {
  readonly tierPreference: Readonly<Record<ClusterTier, number>>;
}

/** What an objective may read besides the parts. */
export interface ObjectiveContext {
  readonly job: FleetJob;
  readonly nowMs: number;
  readonly constraints: ObjectiveConstraints;
}

/**
 * How raw values become 0..100: "minmax" over the candidates of one decision (all equal gives 100 to
 * each: the objective does not separate them), oriented by `direction`; "absolute" = the raw value is
 * already a 0..100 score (clamped).
 */
export type ObjectiveNormalization = "minmax" | "absolute";

/** An objective plugin. */
export interface ObjectivePlugin {
  /** The name policies store weights under. */
  readonly name: string;
  /** Short label for forms and charts. */
  readonly label: string;
  /** Unit of the raw value. */
  readonly unit: string;
  readonly direction: "lower-better" | "higher-better";
  readonly normalization: ObjectiveNormalization;
  /** Raw value of a candidate. Must be finite. */
  raw(parts: readonly CandidatePart[], ctx: ObjectiveContext): number;
}

/** The metadata of an objective (what forms, editors and charts show), without its function. */
export type ObjectiveInfo = Omit<ObjectivePlugin, "raw">;
