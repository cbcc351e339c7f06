/** Cross-cluster coordinator: cluster agents, filter and objective plugins, policy, split, backfill-aware timeline, explanations. */
export {
  createCoordinator,
  runDecision,
  decisionFromRun,
  outcomeFromRun,
  type Coordinator,
  type CoordinatorOptions,
  type CoordinatorDecision,
  type CoordinatorOutcome,
  type ClusterVerdict,
  type DecisionPart,
} from "./coordinator";
export { bidForJob, jobWindow, type AgentContext, type ClusterBid, type PlacementOption, type FilterRecord, type FilterVerdict } from "./agent";
export { CLUSTER_FILTERS, filtersOfStage } from "./filters/registry";
export type { ClusterFilterPlugin, FilterResult } from "./filters/types";
export {
  coordinatorPolicySchema,
  objectiveWeightsSchema,
  policyConstraintsSchema,
  parseCoordinatorPolicy,
  DEFAULT_COORDINATOR_POLICY,
  type CoordinatorPolicy,
  type ObjectiveWeights,
  type PolicyConstraints,
} from "./policy";
export { OBJECTIVES, scoreCandidates, localityOf, type Objective, type ObjectiveScore } from "./scoring";
export { OBJECTIVE_PLUGINS, OBJECTIVE_INFO } from "./objectives/registry";
export type { ObjectivePlugin, ObjectiveInfo } from "./objectives/types";
export { predictSplitSlowdownPct, SPLIT_BASE_SLOWDOWN_PCT } from "./split";
export { stateForWindow, capacityEventsMs } from "./timeline";
export { variantsFor, isComputeNative, type JobVariant } from "./variants";
export { CLUSTER_REASON_CODES, describeClusterReason, type ClusterReason, type ClusterReasonCode } from "./reasons";
export {
  COORDINATOR_EXPLANATION_VERSION,
  FILTER_VERDICTS,
  FIX_KINDS,
  coordinatorExplanationSchema,
  type CoordinatorExplanation,
  type ClusterConsideration,
  type FixSuggestion,
  type ChosenPart,
} from "./explanation-schema";
export { parseCoordinatorExplanation, upgradeCoordinatorExplanation } from "./explanation-upgrade";
export { summarizeClusters, bindingReason } from "./summary";
export { formatExplanation } from "./format";
export { reservationFromDecision } from "./reservation";
export { expectedEndMs } from "./expected-end";
export type {
  FleetSnapshot,
  FleetCluster,
  FleetJob,
  ClusterLink,
  GpuModelSpec,
  TenantUsage,
  RunningJob,
  Reservation,
  ClusterTier,
  ClusterStatus,
} from "./types";
export { DEFAULT_FORECAST_ERROR_PCT, checkDeferral, type ForecastErrorBucket, type DeferralCheck } from "./deferral-check";
export { signalKeyOf, type SignalKey, type SignalComparison } from "./signal-comparison";
