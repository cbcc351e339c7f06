/** Cross-cluster coordinator: cluster agents, policy, scoring, split, backfill-aware timeline, explanations. */
export { createCoordinator, runDecision, decisionFromRun, type Coordinator, type CoordinatorOptions, type CoordinatorDecision, type DecisionPart } from "./coordinator";
export { bidForJob, jobWindow, type AgentContext, type ClusterBid, type PlacementOption, type FilterRecord } from "./agent";
export { coordinatorPolicySchema, objectiveWeightsSchema, policyConstraintsSchema, parseCoordinatorPolicy, DEFAULT_COORDINATOR_POLICY, type CoordinatorPolicy, type ObjectiveWeights, type PolicyConstraints } from "./policy";
export { OBJECTIVES, scoreCandidates, localityOf, type Objective, type ObjectiveScore } from "./scoring";
export { predictSplitSlowdownPct, SPLIT_BASE_SLOWDOWN_PCT } from "./split";
export { stateForWindow, capacityEventsMs } from "./timeline";
export { variantsFor, isComputeNative, type JobVariant } from "./variants";
export { CLUSTER_REASON_CODES, describeClusterReason, type ClusterReason, type ClusterReasonCode } from "./reasons";
export { COORDINATOR_EXPLANATION_VERSION, coordinatorExplanationSchema, parseCoordinatorExplanation, type CoordinatorExplanation, type ClusterConsideration, type FixSuggestion, type ChosenPart } from "./explanation-schema";
export { formatExplanation } from "./format";
export { reservationFromDecision } from "./reservation";
export type { FleetSnapshot, FleetCluster, FleetJob, ClusterLink, GpuModelSpec, TenantUsage, RunningJob, Reservation, ClusterTier, ClusterStatus } from "./types";
