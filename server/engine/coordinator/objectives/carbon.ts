/**
 * Objective carbon: emissions of the job over its chosen run window, summed over the parts,
 * gCO2e = facility energy (kWh) x mean intensity (gCO2e/kWh) over [start, start + run time).
 * Lower is better; min-max over the candidates.
 */
import type { ObjectivePlugin } from "./types";

/** Emissions (gCO2e). */
export const carbonObjective: ObjectivePlugin = {
  name: "carbon",
  label: "Carbon (gCO2e of the job)",
  unit: "gCO2e",
  direction: "lower-better",
  normalization: "minmax",
  raw: (parts) => parts.reduce((sum, p) => sum + p.option.emissions.value, 0),
};
