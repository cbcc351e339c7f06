/** Experiments: what the procedures accept and what they answer (both validated with zod). */
import { z } from "zod";
import { safeId, safeString } from "./safe-input";
import { scenarioFileName } from "./scenario-file-name";

export const EXPERIMENT_STATUSES = ["QUEUED", "RUNNING", "SUCCEEDED", "FAILED", "CANCELLED"] as const;

const MB = 1024 * 1024;
const policyName = safeString("Policy", 64).trim().min(1, "Name a policy.");

/** A scenario: a shipped example by file name, or an uploaded scenario JSON with optional CSV files. */
export const scenarioInputSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("example"), file: scenarioFileName("Example", 120).min(1, "Pick an example.") }),
  z.object({
    kind: z.literal("upload"),
    fileName: scenarioFileName("File name", 200).min(1, "Name the scenario file."),
    json: safeString("The scenario file", 2 * MB, "The scenario file is larger than 2 MB.").min(2, "The scenario file is empty."),
    files: z
      .array(
        z.object({
          path: scenarioFileName("CSV file name", 300).min(1, "Name the CSV file."),
          content: safeString("A CSV file", 16 * MB, "A CSV file is larger than 16 MB."),
        }),
      )
      .max(20, "At most 20 CSV files.")
      .default([])
      .refine((files) => files.reduce((s, f) => s + f.content.length, 0) <= 40 * MB, "The CSV files are larger than 40 MB together.")
      .refine((files) => new Set(files.map((f) => f.path)).size === files.length, "Two CSV files have the same name."),
  }),
]);
export type ScenarioInput = z.infer<typeof scenarioInputSchema>;

export const startExperimentSchema = z.object({
  name: safeString("Name", 120, "At most 120 characters.").trim().min(1, "Give the experiment a name."),
  scenario: scenarioInputSchema,
  policies: z
    .array(policyName)
    .min(1, "Choose at least one policy.")
    .max(12)
    .refine((p) => new Set(p).size === p.length, "A policy is listed twice."),
  baseline: policyName,
});
export type StartExperimentInput = z.infer<typeof startExperimentSchema>;

export const experimentIdSchema = z.object({ id: safeId("Experiment") });

export const listExperimentsSchema = z.object({ take: z.number().int().min(1).max(200).default(50) }).default({ take: 50 });

// ---- outputs ----

const num = z.number().nullable();

/** A shipped example scenario. */
export const exampleSchema = z.object({ file: z.string(), name: z.string(), description: z.string().nullable() });

/** What a scenario holds, after the loader resolved it (shown before starting). */
export const scenarioSummarySchema = z.object({
  name: z.string(),
  seed: z.number(),
  startMs: z.number(),
  endMs: z.number(),
  clusters: z.number().int(),
  gpus: z.number().int(),
  zones: z.array(z.string()),
  jobs: z.number().int(),
  policies: z.array(z.object({ name: z.string(), label: z.string() })),
  baseline: z.string(),
});

export const experimentSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(EXPERIMENT_STATUSES),
  progress: z.number(),
  progressNote: z.string().nullable(),
  policies: z.array(z.string()),
  baseline: z.string(),
  /** "example scenario-small.json" or "upload my-scenario.json". */
  source: z.string(),
  error: z.string().nullable(),
  cancelRequested: z.boolean(),
  wallMs: z.number().int().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.date(),
  startedAt: z.date().nullable(),
  finishedAt: z.date().nullable(),
});
export type ExperimentSummary = z.infer<typeof experimentSummarySchema>;

const waitPercentilesSchema = z.object({ jobs: num, p50S: num, p90S: num, p99S: num });

/** One policy's metrics (definitions in docs/ALGORITHMS.md); null where a figure is undefined. */
export const policyMetricsSchema = z.object({
  gar: num,
  garP50: num,
  sor: num,
  gfr: num,
  fragmentationRate: num,
  jwtdP50S: num,
  jwtdP90S: num,
  jwtdP99S: num,
  jwtdByClass: z.record(z.string(), waitPercentilesSchema).default({}),
  /** Waits censored at the end (jobs that never started); null in results stored before it was counted. */
  jwtdCensoredJobs: num.default(null),
  jttedMedianRelErr: num,
  jttedMedianSignedRelErr: num.default(null),
  jobsCompleted: num,
  jobsSkipped: num,
  deadlineMisses: num,
  meanJctS: num,
  p99JctS: num,
  energyKwh: num,
  itEnergyKwh: num,
  emissionsKg: num,
  jobEmissionsKg: num.default(null),
  allocatedGpuHours: num,
  emissionsPerGpuHourG: num,
  emissionsSavedPctVsBaseline: num,
  garDeltaPointsVsBaseline: num,
  meanWaitDeltaSVsBaseline: num,
  meanWaitS: num,
  decisions: num,
  events: num,
  wallMs: num,
});
export type PolicyMetrics = z.infer<typeof policyMetricsSchema>;

export const experimentResultsSchema = z.object({
  scenario: z.string(),
  seed: z.number(),
  baseline: z.string(),
  eventsPerSec: num,
  simWallMs: num,
  policies: z.record(z.string(), policyMetricsSchema),
});
export type ExperimentResults = z.infer<typeof experimentResultsSchema>;

/** Chart series of one policy (allocation downsampled for drawing). */
export const policySeriesSchema = z.object({
  allocation: z.array(z.object({ atMs: z.number(), gar: num, powerKw: num, queued: num })),
  waitCdf: z.array(z.object({ waitS: z.number(), share: z.number() })),
  emissionsPerDay: z.array(z.object({ day: z.string(), kg: num })),
});
export type PolicySeries = z.infer<typeof policySeriesSchema>;

export const experimentDetailSchema = experimentSummarySchema.extend({
  results: experimentResultsSchema.nullable(),
  series: z.record(z.string(), policySeriesSchema).nullable(),
});
export type ExperimentDetail = z.infer<typeof experimentDetailSchema>;
