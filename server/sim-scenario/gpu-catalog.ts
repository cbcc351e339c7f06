/**
 * GPU model specs for a scenario: the demo catalog (openb codes G2, G3, T4, P100, V100M16, V100M32,
 * A10 plus A100, H800) with max power from the published TDP table, then the scenario's own
 * `gpuModels` entries added or overriding by id.
 */
import { resolve } from "node:path";
import type { GpuModelSpec } from "../engine";
import { CsvInputError } from "../data/openb-csv";
import { parseGpuTdpCsv, resolveDemoGpuModels } from "../data/gpu-models";
import { ScenarioError } from "./errors";
import type { LoadedText } from "./files";
import type { Scenario } from "./schema";

/** Where the GPU table is when a scenario names none: data/demo under the working directory (npm runs scripts from the repo root). */
export function defaultGpuCatalogPath(): string {
  return resolve(process.cwd(), "data/demo/gpu_tdp_published.csv");
}

/** Reads the catalog and applies the scenario's overrides. */
export async function loadGpuModels(
  scenario: Scenario,
  read: (path: string, field: string) => Promise<LoadedText>,
  defaultCatalog: string,
): Promise<GpuModelSpec[]> {
  const { text, display } = await read(scenario.gpuCatalog ?? defaultCatalog, "gpuCatalog");
  let resolved;
  try {
    resolved = resolveDemoGpuModels(parseGpuTdpCsv(text, display), display);
  } catch (error) {
    if (error instanceof CsvInputError) throw new ScenarioError("gpuCatalog", error.message, error.file, error.line);
    throw new ScenarioError("gpuCatalog", (error as Error).message, display);
  }
  const byId = new Map<string, GpuModelSpec>(
    resolved.map((m) => [m.id, { id: m.id, memoryGib: m.memoryGib, computeUnits: m.computeUnits, idleWatts: m.idleWatts, maxWatts: m.maxWatts }]),
  );
  scenario.gpuModels?.forEach((m, i) => {
    if (m.idleWatts > m.maxWatts) throw new ScenarioError(`gpuModels[${i}].idleWatts`, `must be <= maxWatts (${m.maxWatts})`);
    byId.set(m.id, { ...m });
  });
  return [...byId.values()];
}
