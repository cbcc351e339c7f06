/**
 * Loads a scenario: validates the JSON against the schema, checks cross-references (zones, policies,
 * baseline, capacity events), reads every file it names and returns the simulator's SimInput plus a
 * report of what was kept. Nothing is half-loaded: the first problem throws a ScenarioError naming
 * the field, or the file and line.
 */
import { readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { HOUR_MS } from "../engine";
import type { SimCapacityEvent, SimCluster, SimInput, SimZoneSeries } from "../engine";
import { buildZoneSeries, zoneFiles } from "./carbon";
import { scenarioErrorFromZod, ScenarioError } from "./errors";
import { createFileReader, type FileSourceOptions } from "./files";
import { buildCluster } from "./fleet";
import { defaultGpuCatalogPath, loadGpuModels } from "./gpu-catalog";
import { resolvePolicies, type PresetCatalog } from "./policies";
import { ENGINE_PRESETS } from "./presets";
import { scenarioSchema, type Scenario } from "./schema";
import { buildJobs, type WorkloadReport } from "./workload";

/** Options of {@link loadScenario}. */
export interface LoadScenarioOptions extends FileSourceOptions {
  /** Policy presets (default: the engine's). */
  presets?: PresetCatalog;
  /** Replaces the scenario's seed (node and workload sampling and the simulation itself). */
  seed?: number;
  /** GPU table used when the scenario names none (default: data/demo/gpu_tdp_published.csv under the working directory). */
  defaultGpuCatalog?: string;
}

/** What the loader kept: per cluster nodes and GPUs, per zone hours and mean intensity, and the workload's fate. */
export interface ScenarioReport {
  clusters: { name: string; zone: string; nodes: number; gpus: number }[];
  zones: { zone: string; hours: number; meanGCo2ePerKwhInPeriod: number }[];
  workload: WorkloadReport;
}

const DAY_MS = 24 * HOUR_MS;

function unique(names: readonly string[], field: (i: number) => string, what: string): void {
  const seen = new Set<string>();
  names.forEach((name, i) => {
    if (seen.has(name)) throw new ScenarioError(field(i), `${what} "${name}" is used twice`);
    seen.add(name);
  });
}

/** Checks that need no file: names, zones, time alignment, capacity events. */
function checkReferences(s: Scenario, startMs: number): void {
  if (startMs % HOUR_MS !== 0) throw new ScenarioError("start", "must be on an hour boundary (the carbon data is hourly)");
  unique(
    s.clusters.map((c) => c.name),
    (i) => `clusters[${i}].name`,
    "the cluster name",
  );
  unique(
    s.workload.tenants.map((t) => t.name),
    (i) => `workload.tenants[${i}].name`,
    "the tenant name",
  );
  s.clusters.forEach((c, i) => {
    if (!(c.zone in s.carbon.zones))
      throw new ScenarioError(
        `clusters[${i}].zone`,
        `"${c.zone}" has no carbon data; add it under carbon.zones (zones there: ${Object.keys(s.carbon.zones).join(", ") || "none"})`,
      );
  });
  const regions = new Set(s.clusters.map((c) => c.region));
  s.workload.tenants.forEach((t, i) =>
    t.allowedRegions?.forEach((r, k) => {
      if (!regions.has(r))
        throw new ScenarioError(`workload.tenants[${i}].allowedRegions[${k}]`, `no cluster is in region "${r}" (regions: ${[...regions].join(", ")})`);
    }),
  );
  s.capacityEvents.forEach((e, i) => {
    if (!s.clusters.some((c) => c.name === e.cluster)) throw new ScenarioError(`capacityEvents[${i}].cluster`, `no cluster is named "${e.cluster}"`);
    if (e.atHours >= s.durationDays * 24)
      throw new ScenarioError(`capacityEvents[${i}].atHours`, `must be < ${s.durationDays * 24} (the scenario's length in hours)`);
  });
}

/** Loads a parsed scenario document; `baseDir` is the folder its relative paths start from. */
export async function loadScenarioWithReport(json: unknown, options: LoadScenarioOptions): Promise<{ input: SimInput; report: ScenarioReport }> {
  const parsed = scenarioSchema.safeParse(json, { reportInput: true });
  if (!parsed.success) throw scenarioErrorFromZod(parsed.error);
  const s = options.seed === undefined ? parsed.data : { ...parsed.data, seed: options.seed };
  const startMs = Date.parse(s.start);
  const endMs = startMs + Math.round(s.durationDays * DAY_MS);
  checkReferences(s, startMs);
  const policies = resolvePolicies(s, options.presets ?? ENGINE_PRESETS);

  const read = createFileReader(options);
  const gpuModels = await loadGpuModels(s, read, options.defaultGpuCatalog ?? defaultGpuCatalogPath());
  const clusters: SimCluster[] = [];
  for (const [i, c] of s.clusters.entries()) clusters.push(buildCluster(c, i, await read(c.nodes, `clusters[${i}].nodes`), s.seed, gpuModels));

  const capacityEvents: SimCapacityEvent[] = s.capacityEvents.map((e, i) => {
    const cluster = clusters.find((c) => c.name === e.cluster);
    if (!cluster?.state.nodes.some((n) => n.name === e.node))
      throw new ScenarioError(`capacityEvents[${i}].node`, `cluster "${e.cluster}" has no node "${e.node}" (after its filter and sample)`);
    return { atMs: startMs + Math.round(e.atHours * HOUR_MS), clusterId: cluster.id, nodeName: e.node, up: e.up };
  });

  const zones: SimZoneSeries[] = [];
  for (const zone of [...new Set(s.clusters.map((c) => c.zone))]) {
    const { files, column, field } = zoneFiles(s, zone);
    const inputs = [];
    for (const [i, file] of files.entries()) inputs.push({ loaded: await read(file, field(i)), field: field(i) });
    zones.push(buildZoneSeries(zone, column, inputs, startMs, endMs));
  }

  const { jobs, report: workload } = buildJobs(s.workload, await read(s.workload.pods, "workload.pods"), s.seed, startMs, endMs);

  const input: SimInput = {
    name: s.name,
    seed: s.seed,
    startMs,
    endMs,
    clusters,
    zones,
    gpuModels,
    tenants: s.workload.tenants.map((t) => ({ tenant: t.name, maxGpus: t.maxGpus })),
    jobs,
    capacityEvents,
    policies,
    baseline: s.baseline,
    forecast: s.forecast,
    sampleEveryS: s.sampleEveryS,
  };
  const report: ScenarioReport = {
    clusters: clusters.map((c) => ({
      name: c.name,
      zone: c.zone,
      nodes: c.state.nodes.length,
      gpus: c.state.nodes.reduce((sum, n) => sum + n.gpuMilliFree.length, 0),
    })),
    zones: zones.map((z) => {
      const first = (Math.floor(startMs / HOUR_MS) * HOUR_MS - z.startMs) / HOUR_MS;
      const period = z.gCo2ePerKwh.slice(first, first + Math.ceil((endMs - startMs) / HOUR_MS));
      return { zone: z.zone, hours: z.gCo2ePerKwh.length, meanGCo2ePerKwhInPeriod: period.reduce((a, b) => a + b, 0) / Math.max(1, period.length) };
    }),
    workload,
  };
  return { input, report };
}

/** Loads a parsed scenario document into the simulator's input. */
export async function loadScenario(json: unknown, options: LoadScenarioOptions): Promise<SimInput> {
  return (await loadScenarioWithReport(json, options)).input;
}

/** Parses JSON text, naming the line of a syntax error. */
export function parseScenarioJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    const position = /position (\d+)/.exec(message);
    const line = position ? text.slice(0, Number(position[1])).split("\n").length : null;
    throw new ScenarioError("", `${file}${line ? `:${line}` : ""}: not valid JSON (${message})`, file, line);
  }
}

/** Reads a scenario file from disk; its relative paths start from the file's folder. */
export async function loadScenarioFileWithReport(
  path: string,
  options: Partial<LoadScenarioOptions> = {},
): Promise<{ input: SimInput; report: ScenarioReport }> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ScenarioError("", `${code === "ENOENT" ? "scenario file not found" : `cannot read the scenario file (${code})`}: ${path}`, path);
  }
  return loadScenarioWithReport(parseScenarioJson(text, path), { baseDir: dirname(resolve(path)), ...options });
}

/** Reads a scenario file from disk into the simulator's input. */
export async function loadScenarioFile(path: string, options: Partial<LoadScenarioOptions> = {}): Promise<SimInput> {
  return (await loadScenarioFileWithReport(path, options)).input;
}
