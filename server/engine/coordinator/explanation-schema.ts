/**
 * The coordinator's explanation: one typed, versioned structure per cross-cluster decision, stored
 * with the decision (JSONB) and validated by this schema when read back (older versions are upgraded
 * first, see explanation-upgrade.ts). Text is rendered from it by formatExplanation(). The chosen
 * cluster's in-cluster explanation is nested unchanged.
 */
import { z } from "zod";
import { preemptionSectionSchema } from "../preemption/preemption-section";
import { figureSchema } from "../carbon/figure";
import { INTENSITY_KINDS } from "../carbon/series";
import { placementExplanationSchema } from "../explain/schema";
import { clusterReasonSchema } from "./reasons";
import { backfillSectionSchema, capacityWaitSectionSchema } from "./reservation-section";

/**
 * Current coordinator explanation version. Bump when a field changes meaning.
 * 2: one reason shape for both levels; each filter and cluster has a verdict (pass, unfit,
 * unfit-unresolvable); `couldEverRun`; fix kinds tried; objectives by registered name.
 */
export const COORDINATOR_EXPLANATION_VERSION = 2 as const;

/** Filter verdicts. */
export const FILTER_VERDICTS = ["pass", "unfit", "unfit-unresolvable"] as const;

/** Kinds of change the fix search may try, in its order. */
export const FIX_KINDS = [
  "wider-window",
  "other-model",
  "smaller-request",
  "fewer-gpus",
  "fewer-members",
  "gang-across-racks",
  "less-compute",
  "allow-split",
  "other-region",
  "raise-quota",
  "shorter-run",
  "month-rollover",
] as const;

const filterSchema = z.object({ filter: z.string(), verdict: z.enum(FILTER_VERDICTS), passed: z.boolean(), reasons: z.array(clusterReasonSchema) });
const scoreSchema = z.object({
  objective: z.string(),
  raw: z.number(),
  unit: z.string(),
  normalized: z.number().min(0).max(100),
  weight: z.number(),
  weighted: z.number(),
});
/** Hours of one kind from one source (forecasts with model and issue time). */
export const provenanceSourceSchema = z.object({
  kind: z.enum(INTENSITY_KINDS),
  hours: z.number().int(),
  provider: z.string(),
  model: z.string().optional(),
  forecastIssuedAtMs: z.number().optional(),
  synthetic: z.boolean().optional(),
});
/**
 * Where the window's intensity came from. `forecastHours` counts every hour not measured (so it
 * means the same in explanations stored before `sources`); `sources` splits the hours by kind
 * (measured, provider forecast, Verdant forecast, annual average) and is absent in older ones.
 */
const provenanceSchema = z.object({
  measuredHours: z.number().int(),
  forecastHours: z.number().int(),
  providers: z.array(z.string()),
  signalType: z.enum(["average", "marginal"]),
  emissionFactorType: z.enum(["lifecycle", "direct"]),
  sources: z.array(provenanceSourceSchema).optional(),
});
/**
 * The deferral check of coordinator/deferral-check.ts: the best saving against the policy's minimums
 * and the forecast's error (gCO2e; the relative error in % for a horizon in hours), and the reasons
 * (DEFERRAL_BELOW_MINIMUM_SAVING, DEFERRAL_WITHIN_FORECAST_ERROR) when it started early anyway.
 */
export const deferralSchema = z.object({
  savingGCo2e: z.number(),
  savingPct: z.number(),
  minSavingPct: z.number(),
  minSavingGCo2e: z.number(),
  forecastErrorGCo2e: z.number(),
  relativeErrorPct: z.number(),
  horizonHours: z.number(),
  errorBasis: z.enum(["measured", "default", "none"]),
  worthWaiting: z.boolean(),
  reasons: z.array(clusterReasonSchema),
});
const curvePointSchema = z.object({ startMs: z.number(), meanGCo2ePerKwh: z.number(), gCo2e: z.number() });

/** The carbon side of one option: figures with units and inputs, the start curve and the saving. */
export const carbonDetailSchema = z.object({
  zone: z.string(),
  energy: figureSchema,
  emissions: figureSchema,
  provenance: provenanceSchema,
  earliestStartMs: z.number(),
  chosenStartMs: z.number(),
  /** Emissions at the earliest feasible start (the carbon-agnostic choice). */
  earliestGCo2e: z.number(),
  chosenGCo2e: z.number(),
  savingGCo2e: z.number(),
  savingPct: z.number(),
  curve: z.array(curvePointSchema),
  capacityRejectedStartsMs: z.array(z.number()),
  /** Whether waiting was worth it (absent in explanations stored before the check existed). */
  deferral: deferralSchema.optional(),
});

/** One cluster as the coordinator considered it. */
export const clusterConsiderationSchema = z.object({
  clusterId: z.string(),
  name: z.string(),
  region: z.string(),
  zone: z.string(),
  tier: z.enum(["hub", "regional", "edge"]),
  filters: z.array(filterSchema),
  passed: z.boolean(),
  verdict: z.enum(FILTER_VERDICTS),
  /** The variant it would run (model, GPUs, duration) when it passed. */
  variant: z
    .object({
      gpuModel: z.string().nullable(),
      gpuCountPerMember: z.number(),
      members: z.number().int(),
      gpusTotal: z.number(),
      durationS: z.number(),
      computeUnitsProvided: z.number().nullable(),
    })
    .nullable(),
  startMs: z.number().nullable(),
  startReason: z.enum(["now", "window", "capacity", "carbon"]).nullable(),
  fragmentationDeltaMilli: z.number().nullable(),
  gpuAllocationAfterPct: z.number().nullable(),
  carbon: carbonDetailSchema.nullable(),
  scores: z.array(scoreSchema),
  total: z.number().nullable(),
  rank: z.number().int().nullable(),
});

/** One chosen part (a whole job, or one side of a split). */
export const chosenPartSchema = z.object({
  clusterId: z.string(),
  members: z.number().int(),
  startMs: z.number(),
  endMs: z.number(),
  gpuModels: z.array(z.string()),
  carbon: carbonDetailSchema,
  placements: z.array(z.object({ member: z.number().int(), nodeName: z.string(), nodeIndex: z.number().int(), gpuIndices: z.array(z.number().int()) })),
  inCluster: placementExplanationSchema,
  /**
   * A gang's spread over the topology and its predicted cost (placement/topology.ts): the widest level
   * it spans, the throughput loss for it, and that loss in GPU-hours over the run. Absent for single
   * members and on explanations stored before topology was stated.
   */
  topology: z
    .object({
      members: z.number().int(),
      nodes: z.number().int(),
      racks: z.number().int(),
      switches: z.number().int(),
      pods: z.number().int(),
      level: z.enum(["node", "rack", "switch", "pod", "fleet"]),
      slowdownPct: z.number(),
      extraGpuHours: z.number(),
      rackKnown: z.boolean(),
      /** False when some member's switch group is unknown: a span across racks is then stated as a lower bound. */
      switchKnown: z.boolean().optional(),
    })
    .optional(),
  /**
   * An elastic gang's member range and the count it runs with (absent for fixed-size jobs); grownFrom
   * when this decision grew a running job (members is then the count after the growth).
   */
  elastic: z
    .object({
      minMembers: z.number().int(),
      maxMembers: z.number().int(),
      members: z.number().int(),
      grownFrom: z.number().int().optional(),
      /** Shed members to let a higher-priority job start (its decision records the smaller placement). */
      shrunkFrom: z.number().int().optional(),
    })
    .optional(),
});

/** A change that would let an unschedulable job run. */
export const fixSchema = z.object({
  change: z.enum(FIX_KINDS),
  description: z.string(),
  clusterId: z.string(),
  startMs: z.number(),
  value: z.number().optional(),
});

/** Split details when the job was split. */
export const splitSchema = z.object({
  clusterIds: z.tuple([z.string(), z.string()]),
  membersPerPart: z.tuple([z.number().int(), z.number().int()]),
  bandwidthGbps: z.number(),
  distanceKm: z.number(),
  parallelism: z.enum(["data", "pipeline"]),
  slowdownPct: z.number(),
  /** Older explanations stored the formula as text; it is now rendered from the numbers below. */
  formula: z.string().optional(),
  /** The link's measured one-way latency (ms), null when unknown. */
  latencyMs: z.number().nullable().optional(),
  /** The distance the penalty is computed for: the link's length, or what its latency implies when worse (km). */
  effectiveDistanceKm: z.number().optional(),
  /** The policy's penalty threshold (%). */
  maxSlowdownPct: z.number().optional(),
  /** The job's run time stretched by the penalty (s). */
  durationS: z.number().optional(),
  /** Why the job was split: no single cluster can take it, or the split finishes before the best single-cluster run. */
  why: z
    .discriminatedUnion("kind", [
      z.object({ kind: z.literal("no-whole-cluster") }),
      z.object({ kind: z.literal("finishes-sooner"), wholeStartMs: z.number(), wholeEndMs: z.number() }),
    ])
    .optional(),
  scores: z.array(scoreSchema),
  total: z.number(),
  /** Split candidates that qualified (pairs and member counts), best first. */
  candidates: z.number().int(),
});

/** The full coordinator explanation. */
export const coordinatorExplanationSchema = z.object({
  version: z.literal(COORDINATOR_EXPLANATION_VERSION),
  policy: z.object({ name: z.string(), version: z.number().int(), objectiveWeights: z.record(z.string(), z.number()) }),
  seed: z.number().int(),
  decidedAtMs: z.number(),
  job: z.object({
    id: z.string(),
    tenant: z.string(),
    gpuCount: z.number(),
    gpuMilliPerGpu: z.number(),
    gangSize: z.number().int(),
    computeUnits: z.number().nullable(),
    allowedGpuModels: z.array(z.string()),
    estimatedDurationS: z.number(),
    earliestStartMs: z.number().nullable(),
    deadlineMs: z.number().nullable(),
    allowSplit: z.boolean(),
  }),
  outcome: z.enum(["placed", "deferred", "unschedulable"]),
  /** False when every cluster is unresolvable for the job as submitted (and no split is left to try). */
  couldEverRun: z.boolean(),
  split: splitSchema.nullable(),
  clusters: z.array(clusterConsiderationSchema),
  chosen: z.array(chosenPartSchema),
  /** Clusters rejected, counted by their binding reason code (the first unresolvable one, else the first failing). */
  reasonHistogram: z.record(z.string(), z.number()),
  summary: z.string(),
  counterfactuals: z.object({
    runnerUp: z
      .object({ clusterId: z.string(), total: z.number(), deltaGCo2e: z.number(), deltaWaitS: z.number(), deltaFragmentationMilli: z.number() })
      .nullable(),
    startNow: z.object({ startMs: z.number(), gCo2e: z.number(), extraGCo2e: z.number() }).nullable(),
    fixes: z.array(fixSchema),
    /** The kinds of change the fix search tried (empty unless unschedulable). */
    fixesTried: z.array(z.enum(FIX_KINDS)),
  }),
  links: z.array(
    z.object({
      a: z.string(),
      b: z.string(),
      ok: z.boolean(),
      slowdownPct: z.number(),
      /** Older explanations stored failed checks as text; none recorded a link (links were never loaded then). */
      problems: z.array(z.string()).optional(),
      /** Each policy check of the link: its value against the limit (a minimum for bandwidth, a maximum otherwise). */
      checks: z.array(z.object({ check: z.enum(["bandwidth", "distance", "slowdown"]), value: z.number(), limit: z.number(), ok: z.boolean() })).optional(),
    }),
  ),
  /**
   * Present when the passing clusters reported different carbon signals: the "signal/factor" the job
   * was decided on (the most common; ties to average) and the clusters left out with
   * SIGNAL_TYPE_NOT_COMPARED.
   */
  signalComparison: z
    .object({ decidedOn: z.enum(["average/lifecycle", "average/direct", "marginal/lifecycle", "marginal/direct"]), excludedClusterIds: z.array(z.string()) })
    .optional(),
  /**
   * Present when the chosen placement runs on GPUs borrowed from other tenants' idle quota: how many
   * (above the tenant's nominal quota), per model with the tenant's borrowing limit (null = none).
   */
  borrowing: z
    .object({ gpus: z.number(), models: z.array(z.object({ gpuModel: z.string(), gpus: z.number(), borrowingLimitGpus: z.number().nullable() })) })
    .optional(),
  /** Present when the job started by preempting running jobs: the victims, the work each loses and the sets weighed. */
  preemption: preemptionSectionSchema.optional(),
  /** Present when the job must wait for busy nodes: where and from when it would start, and which running jobs' ends free them (its reservation). */
  capacityWait: capacityWaitSectionSchema.optional(),
  /** Present when the job started ahead of reservations on its cluster without delaying them (a backfill). */
  backfill: backfillSectionSchema.optional(),
});

/** A coordinator explanation (derived from the schema so they cannot drift). */
export type CoordinatorExplanation = z.infer<typeof coordinatorExplanationSchema>;
/** One considered cluster. */
export type ClusterConsideration = z.infer<typeof clusterConsiderationSchema>;
/** A fix for an unschedulable job. */
export type FixSuggestion = z.infer<typeof fixSchema>;
/** One chosen part. */
export type ChosenPart = z.infer<typeof chosenPartSchema>;

/** One cluster filter's record. */
export type FilterRecordData = z.infer<typeof filterSchema>;
