/**
 * The policy presets a scenario may name. Placeholder until the simulator's presets land in the
 * engine: no preset is known yet, so scenarios must use inline policies.
 */
import type { PresetCatalog } from "./policies";

/** The engine's presets. */
export const ENGINE_PRESETS: PresetCatalog = { names: [], find: () => undefined };
