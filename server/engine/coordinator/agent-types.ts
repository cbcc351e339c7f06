/**
 * The shapes an agent works with: what the coordinator hands it, what each filter records, and the bid
 * it returns. Kept apart from the agent's flow so filters, objectives and the explanation can name
 * them without importing the flow.
 */
import type { BestStartResult } from "../carbon/best-start";
import type { Figure } from "../carbon/figure";
import type { WindowProvenance } from "../carbon/window";
import type { PlacementAssignment } from "../placement/allocate";
import type { PlacementDecision } from "../placement/placer";
import type { DeferralCheck } from "./deferral-check";
import type { CoordinatorPolicy } from "./policy";
import type { ClusterReason } from "./reasons";
import type { FleetCluster, GpuModelSpec, TenantUsage } from "./types";
import type { JobVariant } from "./variants";

/** What every agent gets from the coordinator for one decision. */
export interface AgentContext {
  readonly nowMs: number;
  readonly policy: CoordinatorPolicy;
  readonly catalog: ReadonlyMap<string, GpuModelSpec>;
  readonly tenant: TenantUsage | null;
  /** Every tenant's usage, for quotas shared by a cohort (absent = the tenant alone). */
  readonly cohort?: readonly TenantUsage[];
  readonly seed: number;
  /** Filters skipped by name, for counterfactual searches ("what if the deadline were later"). */
  readonly ignoreFilters?: ReadonlySet<string>;
  /**
   * Only a start now is searched, and an unfit capacity verdict is not diagnosed: for callers that act
   * only on a start now (a simulator's queued job that may not hold a reservation), where scanning the
   * cluster's future and explaining the shortfall would be thrown away. Verdicts and any start now are
   * those of the full search.
   */
  readonly startNowOnly?: boolean;
}

/**
 * A filter's verdict, as Kubernetes' scheduler framework has it: `unfit` may change as the fleet
 * changes (capacity frees, a cluster comes back); `unfit-unresolvable` cannot change without changing
 * the job, its tenant's limits or the fleet's hardware (it would fail on an empty cluster too).
 */
export type FilterVerdict = "pass" | "unfit" | "unfit-unresolvable";

/** One filter's verdict on a cluster, as recorded in the explanation. */
export interface FilterRecord {
  readonly filter: string;
  readonly verdict: FilterVerdict;
  readonly passed: boolean;
  readonly reasons: readonly ClusterReason[];
}

/** A feasible way to run the job on one cluster. */
export interface PlacementOption {
  readonly variant: JobVariant;
  readonly decision: PlacementDecision;
  readonly assignments: readonly PlacementAssignment[];
  readonly nodeNames: readonly string[];
  readonly gpuModels: readonly string[];
  readonly earliestStartMs: number;
  readonly startMs: number;
  readonly endMs: number;
  readonly startReason: "now" | "window" | "capacity" | "carbon";
  readonly fragmentationDeltaMilli: number;
  readonly gpuAllocationAfterPct: number;
  readonly energy: Figure;
  readonly emissions: Figure;
  readonly provenance: WindowProvenance;
  /** Curve considered (energy of the final placement), baseline = earliest feasible start. */
  readonly carbonSearch: BestStartResult;
  readonly earliestGCo2e: number;
  readonly savingGCo2e: number;
  /** Starts whose capacity check failed during the carbon shift. */
  readonly capacityRejectedStartsMs: readonly number[];
  /** Whether the best greener start was worth waiting for, with the thresholds and reasons. */
  readonly deferral: DeferralCheck;
}

/** An agent's answer for one cluster. */
export interface ClusterBid {
  readonly cluster: FleetCluster;
  readonly clusterIndex: number;
  readonly filters: readonly FilterRecord[];
  readonly passed: boolean;
  /** Unresolvable when every way to run the job here fails a filter that an empty cluster would fail too. */
  readonly verdict: FilterVerdict;
  readonly option: PlacementOption | null;
}
