/**
 * Experiments (simulations run from the app): start validates the scenario up-front through the
 * scenario loader and stores a queued row with its job on the experiment queue; an experiment runner
 * (server/experiments/runner.ts, its own process, any number of them) takes the job and does the run. Reads shape rows into the router's output schemas.
 */
import type { SimInput } from "../engine";
import type { Db } from "../db/client";
import type { SessionUser } from "../auth/session-user";
import type { ExperimentDetail, ExperimentSummary, PolicySeries, ScenarioInput, StartExperimentInput } from "../schemas/experiment";
import { experimentResultsSchema, policySeriesSchema } from "../schemas/experiment";
import {
  findExperimentDetail,
  findExperimentSummaries,
  insertExperiment,
  requestExperimentCancel,
  type ExperimentSummaryRow,
} from "../repositories/experiment-repository";
import { downsample } from "../experiments/results";
import { enqueueExperiment } from "../experiments/experiment-queue";
import { listExamples, loadForValidation, parseUploadedDocument, readExample } from "../experiments/scenario-source";
import type { StoredScenario } from "../repositories/stored-json";
import { DomainError, fieldError } from "./errors";
import { cachedExampleSummary } from "./example-summary-cache";

/** Points per allocation series sent to the browser. */
const MAX_CHART_POINTS = 600;

/** The scenario as it will be stored, from the form's input. */
async function storedScenarioOf(input: ScenarioInput): Promise<StoredScenario> {
  if (input.kind === "example") return { kind: "example", file: input.file, document: await readExample(input.file) };
  const files = Object.fromEntries(input.files.map((f) => [f.path, f.content]));
  return { kind: "upload", fileName: input.fileName, document: parseUploadedDocument(input.fileName, input.json), files };
}

function summaryOfInput(input: SimInput) {
  return {
    name: input.name,
    seed: input.seed,
    startMs: input.startMs,
    endMs: input.endMs,
    clusters: input.clusters.length,
    gpus: input.clusters.reduce((s, c) => s + c.state.nodes.reduce((n, node) => n + node.gpuMilliFree.length, 0), 0),
    zones: [...new Set(input.clusters.map((c) => c.zone))].sort(),
    jobs: input.jobs.length,
    policies: input.policies.map((p) => ({ name: p.name, label: p.label })),
    baseline: input.baseline,
  };
}

/** The shipped example scenarios. */
export const listExampleScenarios = () => listExamples();

/** Loads a scenario (nothing stored) and says what it holds, for the form. */
export async function inspectScenario(input: ScenarioInput) {
  const scenario = await storedScenarioOf(input);
  const summarize = async () => summaryOfInput(await loadForValidation(scenario));
  return scenario.kind === "example" ? cachedExampleSummary(scenario.file, scenario.document, summarize) : summarize();
}

/** Validates everything up-front, then stores the queued experiment; a bad scenario writes nothing. */
export async function startExperiment(db: Db, user: SessionUser, input: StartExperimentInput, now: Date) {
  const scenario = await storedScenarioOf(input.scenario);
  const loaded = await loadForValidation(scenario);
  const offered = loaded.policies.map((p) => p.name);
  const unknown = input.policies.find((p) => !offered.includes(p));
  if (unknown) throw fieldError("policies", `The scenario has no policy "${unknown}"; it offers ${offered.join(", ")}.`);
  if (!input.policies.includes(input.baseline)) throw fieldError("baseline", `The baseline "${input.baseline}" must be one of the chosen policies.`);
  const created = await insertExperiment(
    db,
    {
      name: input.name,
      scenario,
      policies: input.policies,
      baseline: input.baseline,
      createdById: user.id,
      at: now,
    },
    enqueueExperiment,
  );
  return { id: created.id };
}

function summaryOf(row: ExperimentSummaryRow): ExperimentSummary {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    progress: row.progress,
    progressNote: row.progressNote,
    policies: row.policies,
    baseline: row.baseline,
    source:
      row.sourceKind === "auto-tune"
        ? "auto-tune on the fleet's history"
        : row.sourceKind === "example"
          ? `example ${row.sourceFile ?? ""}`.trim()
          : `upload ${row.sourceFile ?? ""}`.trim(),
    error: row.error,
    cancelRequested: row.cancelRequested,
    wallMs: row.wallMs,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
  };
}

/** The newest experiments. */
export async function listExperiments(db: Db, take: number) {
  return (await findExperimentSummaries(db, take)).map(summaryOf);
}

/** Stored series per policy, with allocation downsampled for charts. */
function seriesOf(stored: unknown): Record<string, PolicySeries> | null {
  if (!stored || typeof stored !== "object") return null;
  const out: Record<string, PolicySeries> = {};
  for (const [name, value] of Object.entries(
    stored as Record<
      string,
      { samples?: { atMs: number; gar: number | null; powerKw: number | null; queued: number | null }[]; waitCdf?: unknown; emissionsPerDay?: unknown }
    >,
  )) {
    out[name] = policySeriesSchema.parse({
      allocation: downsample(value.samples ?? [], MAX_CHART_POINTS, ["gar", "powerKw", "queued"]),
      waitCdf: value.waitCdf ?? [],
      emissionsPerDay: value.emissionsPerDay ?? [],
    });
  }
  return out;
}

/** One experiment with its results and chart series. */
export async function getExperiment(db: Db, id: string): Promise<ExperimentDetail> {
  const row = await findExperimentDetail(db, id);
  if (!row) throw new DomainError("NOT_FOUND", "There is no such experiment.");
  // An auto-tune's results have their own shape (auto-tune-service.ts reads them).
  const results = row.results && row.sourceKind !== "auto-tune" ? experimentResultsSchema.parse(row.results) : null;
  return { ...summaryOf(row), results, series: seriesOf(row.timeSeries) };
}

/** Cancels a queued or running experiment (a finished one stays as it is). */
export async function cancelExperiment(db: Db, id: string, now: Date) {
  if (!(await requestExperimentCancel(db, id, now))) throw new DomainError("NOT_FOUND", "There is no such experiment.");
  return summaryOf((await findExperimentDetail(db, id))!);
}
