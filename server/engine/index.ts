/**
 * Public API of the placement engine. The rest of the app imports only from here. Everything is pure:
 * no wall clock, no global randomness, no I/O; randomness comes from a recorded seed.
 */
export { EngineError, type EngineErrorCode } from "./errors";
export { ENGINE_VERSION } from "./engine-version";
export { MILLI_CPU_PER_CORE, MILLI_GPU_PER_GPU } from "./model/units";
export {
  createNode,
  createCluster,
  totalGpuMilliFree,
  clusterGpuMilliCapacity,
  clusterGpuMilliAllocated,
  type NodeState,
  type NodeSpec,
  type ClusterState,
} from "./model/node";
export { assertValidJob, isSharingJob, jobGpuMilli, type JobRequest, type AffinityTerm } from "./model/job";
export { createRng, mixSeed, type Rng } from "./model/rng";
export {
  proposeWhatIfs,
  rankWhatIfs,
  WHAT_IF_WINDOW_WIDENING_MS,
  type WhatIfChange,
  type WhatIfKind,
  type WhatIfOutcome,
  type WhatIfPatch,
  type WhatIfSuggestion,
} from "./coordinator/what-ifs";
export { buildTargetWorkload, type TargetWorkload, type WorkloadShape } from "./model/target-workload";
export { createWorkloadLearner, DEFAULT_HALF_LIFE_JOBS, type WorkloadLearner, type WorkloadLearnerOptions } from "./model/workload-learner";
export { nodeFragmentation, shapeFragment, fgdIntegerScore } from "./placement/fragmentation";
export { capacityFragmentation } from "./placement/capacity-fragmentation";
export { allocate, release, type PlacementAssignment } from "./placement/allocate";
export {
  BUILTIN_POLICIES,
  VERDANT_POLICY,
  STANDARD_FILTERS,
  findBuiltinPolicy,
  type PlacementPolicy,
  type GpuSelection,
  type WeightedScore,
} from "./placement/policy";
export { createPluginRegistry, resolvePolicy, type PluginRegistry, type ResolvedPolicy } from "./placement/registry";
export type { FilterPlugin, ScorePlugin, FilterVerdict, DecisionContext, Normalization, NodeFact } from "./placement/types";
export { createPlacer, placeJob, applyDecision, type Placer, type PlacerOptions, type PlacementDecision } from "./placement/placer";
export {
  REASON_CODES,
  REASON_UNITS,
  REASON_RESOURCES,
  shortfallOf,
  type Reason,
  type ReasonCode,
  type ReasonUnit,
  type ReasonResource,
} from "./explain/reason-codes";
export { describeReason, type ReasonScope } from "./explain/render-reason";
export {
  EXPLANATION_VERSION,
  placementExplanationSchema,
  parseExplanation,
  type PlacementExplanation,
  type NodeGroupExplanation,
  type MemberStep,
  type MemberPlacement,
  type TieBreakRecord,
} from "./explain/schema";
export { summarizeStep, formatCount } from "./explain/summary";
export { formatCo2eMass } from "./carbon/format-mass";
export { buildArrivalSequence } from "./sim/arrival-workload";
// Carbon: intensity series with provenance, energy/emissions figures, best start search.
export {
  CarbonError,
  type CarbonErrorCode,
  figureSchema,
  formatNumber,
  type Figure,
  HOUR_MS,
  createIntensitySeries,
  assertComparableSeries,
  intensitySeriesSchema,
  meanIntensityGCo2ePerKwh,
  windowProvenance,
  estimateEnergyKwh,
  estimateNodeShareEnergyKwh,
  NODE_POWER_METHOD,
  nodeSharePowerWatts,
  sumNodeSharePower,
  INTENSITY_KINDS,
  type IntensityKind,
  type ProvenanceSource,
  type WindowProvenance,
  type NodePowerShape,
  type JobNodeHolding,
  type NodeSharePower,
  estimateEmissionsGCo2e,
  searchBestStart,
  type IntensitySeries,
  type HourProvenance,
  type SignalType,
  type EmissionFactorType,
  type BestStartResult,
  type StartCandidate,
} from "./carbon";
// Cross-cluster coordinator: agents, policy, scoring, split, backfill, explanations.
export {
  createCoordinator,
  bidForJob,
  CLUSTER_FILTERS,
  OBJECTIVES,
  OBJECTIVE_INFO,
  upgradeCoordinatorExplanation,
  summarizeClusters,
  bindingReason,
  FILTER_VERDICTS,
  coordinatorPolicySchema,
  parseCoordinatorPolicy,
  DEFAULT_COORDINATOR_POLICY,
  coordinatorExplanationSchema,
  parseCoordinatorExplanation,
  COORDINATOR_EXPLANATION_VERSION,
  formatExplanation,
  reservationFromDecision,
  expectedEndMs,
  stateForWindow,
  predictSplitSlowdownPct,
  SPLIT_BASE_SLOWDOWN_PCT,
  variantsFor,
  describeClusterReason,
  CLUSTER_REASON_CODES,
  type Coordinator,
  type CoordinatorDecision,
  type CoordinatorOutcome,
  type ClusterVerdict,
  type ClusterFilterPlugin,
  type FilterVerdict as ClusterFilterVerdict,
  type ObjectiveInfo,
  type ObjectivePlugin,
  type DecisionPart,
  type CoordinatorPolicy,
  type CoordinatorExplanation,
  type ClusterConsideration,
  type FixSuggestion,
  type ClusterReason,
  type FleetSnapshot,
  type FleetCluster,
  type FleetJob,
  type ClusterLink,
  type GpuModelSpec,
  type TenantUsage,
  type RunningJob,
  type Reservation,
  type ClusterTier,
  type ClusterStatus,
  DEFAULT_FORECAST_ERROR_PCT,
  type ForecastErrorBucket,
  type DeferralCheck,
  type SignalKey,
} from "./coordinator";
/** GPU utilization assumed for a job that states none (the power model and the accounting share it). */
export { DEFAULT_GPU_UTILIZATION } from "./coordinator/agent";
// Cohort quotas per GPU model with borrowing, and the fair-share queue order.
export {
  borrowedOf,
  chargeCohortQuota,
  checkCohortQuota,
  cohortConstrains,
  cohortStanding,
  lendableOf,
  decayedGpuHours,
  decayedUsageByTenant,
  FAIR_SHARE_HALF_LIFE_MS,
  fairShareOf,
  orderByFairShare,
  type CohortStanding,
  type CohortVerdict,
  type UsageInterval,
  type FairShareEntry,
} from "./fair-share";
export { borrowedGpusOfExplanation } from "./coordinator/borrowing-section";
export { elasticGrowthInput, type ElasticGrowthInput } from "./coordinator/elastic-growth";
// Reservations and backfill in the explanation (the live loop holds a capacity wait as the job's reservation).
export {
  isBackfillExplanation,
  capacityWaitSentence,
  backfillSentence,
  type BackfillSection,
  type CapacityWaitSection,
} from "./coordinator/reservation-section";
/** Most reservations conservative backfill holds at once (the simulator and the live loop share the bound). */
export { MAX_CONSERVATIVE_RESERVATIONS } from "./sim/sim-dispatch";
export type { TenantModelQuota } from "./coordinator/types";
// Data-driven estimates (REQ-02): duration predictor, zone carbon forecaster and its error.
export {
  quantile,
  quantileSorted,
  median,
  createDurationPredictor,
  durationShapeKey,
  forecastZoneIntensity,
  ZONE_FORECAST_MODEL,
  fitZoneBlend,
  forecastZoneBlend,
  ZONE_BLEND_FORECAST_MODEL,
  ZONE_BLEND_MIN_HISTORY_HOURS,
  type ZoneBlendModel,
  type ZoneBlendOptions,
  measureForecastError,
  backtestZoneForecast,
  noisyTruthForecast,
  type DurationPredictor,
  type DurationPredictorOptions,
  type DurationFeatures,
  type DurationPrediction,
  type PredictionSource,
  type ZoneForecastOptions,
  type ForecastError,
} from "./estimate";
// Discrete-event simulator: the same coordinator as production, policies compared on one scenario.
export {
  simulate,
  SimCancelledError,
  SimInputError,
  SIM_POLICY_PRESETS,
  SIM_PREEMPT_EXEMPT_MINUTES,
  type SimInput,
  type SimCluster,
  type SimZoneSeries,
  type SimJob,
  type SimCapacityEvent,
  type SimTenant,
  type SimPolicy,
  type SimForecastOptions,
  type WaitPercentiles,
  type SimPolicyMetrics,
  type SimTimeSeries,
  type SimResult,
  type SimHooks,
  type SimRunPart,
} from "./sim";
// Priority classes and preemption: which lower-priority, borrowing or overrunning backfilled jobs a job may stop to start now.
export {
  planPreemption,
  applyPreemptionPlan,
  shrinkText,
  preemptionReasonClause,
  DEFAULT_MAX_PREEMPTION_EVALUATIONS,
  PREEMPTION_REASONS,
  preemptionSectionSchema,
  type PreemptionPlan,
  type PreemptionOptions,
  type PreemptionReason,
  type PreemptionSection,
  type PreemptionVictim,
  type PreemptionAlternative,
} from "./preemption";
export type { RunningJobPreemption } from "./coordinator/types";
