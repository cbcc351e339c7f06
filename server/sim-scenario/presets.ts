/** The policy presets a scenario may name: the simulator's five (baseline, fgd, carbon-greedy, time-shift, verdant). */
import { SIM_POLICY_PRESETS } from "../engine";
import type { PresetCatalog } from "./policies";

/** The engine's presets. */
export const ENGINE_PRESETS: PresetCatalog = {
  names: SIM_POLICY_PRESETS.map((p) => p.name),
  find: (name) => SIM_POLICY_PRESETS.find((p) => p.name === name),
};
