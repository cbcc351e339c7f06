/**
 * The scenario file: a JSON document naming the fleet, the workload, the carbon data and the policies
 * of one simulator run. This zod schema is the format's single definition; examples/README.md
 * documents it field by field. Objects are strict so a misspelt field is an error, not a silent
 * default. Paths are relative to the scenario file.
 */
import { z } from "zod";

const path = z.string().min(1);
const positive = z.number().positive();
const share = z.number().min(0).max(1);

/** Which nodes of the node CSV a cluster keeps. */
export const nodeFilterSchema = z.strictObject({
  /** Keep GPU nodes only (drop CPU-only nodes). */
  gpuOnly: z.boolean().default(false),
  /** Keep nodes whose GPU model is one of these (CPU-only nodes are kept unless gpuOnly). */
  gpuModels: z.array(z.string().min(1)).min(1).optional(),
});

/** A seeded random subset of the (filtered, sliced) nodes: a count or a share. */
export const sampleSchema = z.union([z.strictObject({ count: z.number().int().positive() }), z.strictObject({ share: z.number().gt(0).max(1) })]);

/** One cluster of the simulated fleet. */
export const clusterSchema = z.strictObject({
  /** Unique name; also the cluster id in results. */
  name: z.string().min(1).max(64),
  /** Region label (data-sovereignty constraints and locality). */
  region: z.string().min(1).default("default"),
  /** Grid zone id; must be a key of `carbon.zones`. */
  zone: z.string().min(1),
  tier: z.enum(["hub", "regional", "edge"]).default("regional"),
  /** Power usage effectiveness (facility / IT energy). */
  pue: z.number().min(1).max(3),
  /** Node list CSV in openb format (`sn,cpu_milli,memory_mib,gpu,model`). */
  nodes: path,
  filter: nodeFilterSchema.optional(),
  /** Deal the filtered nodes round-robin over `of` clusters and keep deal `index` (no node in two clusters). */
  slice: z
    .strictObject({ index: z.number().int().min(0), of: z.number().int().min(1) })
    .refine((s) => s.index < s.of, { message: "index must be below of", path: ["index"] })
    .optional(),
  sample: sampleSchema.optional(),
  /** Nodes per synthetic rack (openb has no topology): consecutive nodes share a rack. */
  nodesPerRack: z.number().int().positive().default(16),
});

/** Durations sampled when the trace has none (or always, with source "distribution"). */
export const durationDistributionSchema = z.discriminatedUnion("kind", [
  /** Resample the trace's own observed durations. */
  z.strictObject({ kind: z.literal("empirical") }),
  z.strictObject({ kind: z.literal("lognormal"), medianS: positive, sigma: z.number().min(0).max(5) }),
  z.strictObject({ kind: z.literal("exponential"), meanS: positive }),
]);

export const durationSchema = z
  .strictObject({
    /** "trace": deletion_time - scheduled_time; "distribution": always sampled. */
    source: z.enum(["trace", "distribution"]).default("trace"),
    /** Pods without both times (e.g. never scheduled): sample a duration or drop the pod. */
    whenMissing: z.enum(["sample", "skip"]).default("sample"),
    distribution: durationDistributionSchema.default({ kind: "empirical" }),
    minS: positive.default(1),
    maxS: positive.optional(),
  })
  .refine((d) => d.maxS === undefined || d.maxS >= d.minS, { message: "must be >= minS", path: ["maxS"] });

/** The part of the trace replayed and how its clock maps onto the simulation. */
export const windowSchema = z.strictObject({
  /** Skip this much trace time from the trace's clock 0 (creation_time seconds). */
  offsetDays: z.number().min(0).default(0),
  /** Keep pods created within this many days after the offset (default: all). */
  lengthDays: positive.optional(),
  /** Pods created before the offset and still running then: drop them, or start them at the offset with their remaining time. */
  inFlight: z.enum(["drop", "at-start"]).default("drop"),
});

export const userEstimateSchema = z.strictObject({
  /** Share of jobs whose submitter states a run time (the rest have none). */
  share: share.default(1),
  /** Log-normal noise: estimate = true x exp(N(0, sigma)) x pad. */
  noiseSigma: z.number().min(0).max(3).default(0.5),
  /** Users pad their guesses; 1 = unbiased. */
  pad: positive.default(1.5),
  /** Round estimates up to a multiple of this many seconds (e.g. 900 for quarter hours). */
  roundUpToS: positive.default(60),
});

export const flexibilitySchema = z.strictObject({
  /** Share of (eligible) jobs that accept a deadline instead of "as soon as possible". */
  share: share.default(0.5),
  /** Slack = true duration x windowShare, clamped to [minSlackHours, maxSlackHours]; deadline = arrival + duration + slack. */
  windowShare: z.number().min(0).default(1),
  minSlackHours: z.number().min(0).default(0),
  maxSlackHours: positive.optional(),
  /** Only pods of these QoS classes may be flexible (default: any). */
  qos: z.array(z.string().min(1)).min(1).optional(),
});

export const tenantSchema = z.strictObject({
  name: z.string().min(1),
  /** Relative share of the jobs assigned to this tenant. */
  weight: positive,
  /** GPU quota (whole-GPU equivalents held at once). */
  maxGpus: z.number().int().positive(),
  /** Data sovereignty: the tenant's jobs may run only in these cluster regions (default: anywhere). */
  allowedRegions: z.array(z.string().min(1)).optional(),
});

const utilization = z.number().gt(0).max(1);

export const workloadSchema = z.strictObject({
  /** Pod list CSV in openb format (`name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec,qos,pod_phase,creation_time,deletion_time,scheduled_time`). */
  pods: path,
  window: windowSchema.prefault({}),
  /** Arrival = start + (creation_time - offset) x arrivalTimeScale; below 1 compresses arrivals (more load). Durations are not scaled. */
  arrivalTimeScale: positive.default(1),
  /** Keep a seeded random subset of the pods (after the window). */
  sample: sampleSchema.optional(),
  /** Drop CPU-only pods. */
  gpuOnly: z.boolean().default(false),
  duration: durationSchema.prefault({}),
  userEstimate: userEstimateSchema.prefault({}),
  flexibility: flexibilitySchema.prefault({}),
  /** Mean GPU utilization of a job: one number, or a seeded uniform draw per job. */
  gpuUtilization: z
    .union([utilization, z.strictObject({ min: utilization, max: utilization }).refine((u) => u.max >= u.min, { message: "must be >= min", path: ["max"] })])
    .default(0.8),
  /** Queue priority per QoS class (higher runs first); classes not listed get `defaultPriority`. */
  priorityByQos: z.record(z.string(), z.number().int()).optional(),
  defaultPriority: z.number().int().default(1),
  tenants: z.array(tenantSchema).min(1),
});

/** Carbon files of one zone: a path, several paths (e.g. consecutive years), or paths with a column override. */
export const zoneCarbonSchema = z.union([
  path,
  z.array(path).min(1),
  z.strictObject({ files: z.array(path).min(1), column: z.enum(["lifecycle", "direct"]).optional() }),
]);

export const carbonSchema = z.strictObject({
  /** Which Electricity Maps intensity column to read: "lifecycle" (LCA) or "direct" (combustion only). */
  column: z.enum(["lifecycle", "direct"]).default("lifecycle"),
  /** Zone id -> hourly Electricity Maps CSV file(s), plain or gzip (.gz). */
  zones: z.record(z.string().min(1), zoneCarbonSchema),
});

export const forecastSchema = z.strictObject({
  method: z.enum(["noisy-truth", "forecaster"]).default("noisy-truth"),
  noiseSigma: z.number().min(0).max(2).default(0.1),
  horizonHours: z
    .number()
    .int()
    .min(1)
    .max(24 * 14)
    .default(48),
});

/** A policy: a preset name, or an object with a name and either a preset or an inline coordinator policy. */
export const policySpecSchema = z.union([
  z.string().min(1),
  z.strictObject({
    name: z.string().min(1),
    label: z.string().min(1).optional(),
    /** A preset to start from. */
    preset: z.string().min(1).optional(),
    /** A coordinator policy object (objectiveWeights, constraints, inClusterPolicy), as stored in the Policy table. */
    policy: z.unknown().optional(),
  }),
]);

export const capacityEventSchema = z.strictObject({
  /** Hours after the scenario start. */
  atHours: z.number().min(0),
  cluster: z.string().min(1),
  node: z.string().min(1),
  up: z.boolean(),
});

export const gpuModelSchema = z.strictObject({
  id: z.string().min(1),
  memoryGib: positive,
  computeUnits: positive,
  idleWatts: z.number().min(0),
  maxWatts: positive,
});

/** The whole scenario file. */
export const scenarioSchema = z.strictObject({
  /** Optional JSON-schema hint for editors; ignored. */
  $schema: z.string().optional(),
  name: z.string().min(1).max(120),
  description: z.string().optional(),
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 32 - 1),
  /** Simulation start (UTC, ISO 8601, on an hour boundary). */
  start: z.iso.datetime({ offset: true }),
  durationDays: z
    .number()
    .gt(0)
    .max(366 * 3),
  sampleEveryS: z.number().int().min(60).default(3600),
  /** GPU power/memory table (gpu_tdp_published.csv format); default data/demo/gpu_tdp_published.csv under the working directory. */
  gpuCatalog: path.optional(),
  /** Extra or overriding GPU model specs, e.g. for a node list with models the catalog lacks. */
  gpuModels: z.array(gpuModelSchema).optional(),
  clusters: z.array(clusterSchema).min(1).max(64),
  workload: workloadSchema,
  carbon: carbonSchema,
  forecast: forecastSchema.prefault({}),
  policies: z.array(policySpecSchema).min(1).max(16),
  /** Name of the policy every saving is measured against; must be in `policies`. */
  baseline: z.string().min(1),
  capacityEvents: z.array(capacityEventSchema).default([]),
});

/** A parsed scenario (defaults applied). */
export type Scenario = z.infer<typeof scenarioSchema>;
export type ScenarioCluster = z.infer<typeof clusterSchema>;
export type ScenarioWorkload = z.infer<typeof workloadSchema>;
export type ScenarioPolicySpec = z.infer<typeof policySpecSchema>;
export type ScenarioSample = z.infer<typeof sampleSchema>;
