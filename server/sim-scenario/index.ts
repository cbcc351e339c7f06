/**
 * Scenario files for the simulator: the format (zod schema), the loader (files on disk or in memory
 * to SimInput) and its one error class.
 */
export { ScenarioError } from "./errors";
export { scenarioSchema, type Scenario } from "./schema";
export {
  loadScenario,
  loadScenarioFile,
  loadScenarioWithReport,
  loadScenarioFileWithReport,
  parseScenarioJson,
  type LoadScenarioOptions,
  type ScenarioReport,
} from "./load";
export type { FileSourceOptions } from "./files";
export type { PresetCatalog } from "./policies";
export type { WorkloadReport } from "./workload";
