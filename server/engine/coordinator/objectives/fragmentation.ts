/**
 * Objective fragmentation: increase of FGD's expected fragmentation F(M) on the touched nodes caused
 * by the placement, summed over the parts, in milli-GPU. Lower is better; min-max.
 */
import type { ObjectivePlugin } from "./types";

/** Fragmentation increment (milli-GPU). */
export const fragmentationObjective: ObjectivePlugin = {
  name: "fragmentation",
  label: "Fragmentation / utilization",
  unit: "milliGpu",
  direction: "lower-better",
  normalization: "minmax",
  raw: (parts) => parts.reduce((sum, p) => sum + p.option.fragmentationDeltaMilli, 0),
};
