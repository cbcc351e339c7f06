/**
 * The objectives, in report order. Adding an objective is one file and one line here: policies
 * validate their weights against these names, and the policy form, editor and charts list them from
 * OBJECTIVE_INFO.
 */
import { carbonObjective } from "./carbon";
import { fragmentationObjective } from "./fragmentation";
import { kindObjective } from "./kind";
import { loadObjective } from "./load";
import { localityObjective } from "./locality";
import type { ObjectiveInfo, ObjectivePlugin } from "./types";
import { waitingObjective } from "./waiting";

/** Built-in objectives in report order. */
export const OBJECTIVE_PLUGINS: readonly ObjectivePlugin[] = [
  carbonObjective,
  fragmentationObjective,
  waitingObjective,
  localityObjective,
  loadObjective,
  kindObjective,
];

/** Objective names in report order. */
export const OBJECTIVES: readonly string[] = OBJECTIVE_PLUGINS.map((o) => o.name);

/** Metadata of every objective (name, label, unit, direction, normalization), for forms and charts. */
export const OBJECTIVE_INFO: readonly ObjectiveInfo[] = OBJECTIVE_PLUGINS.map(({ name, label, unit, direction, normalization }) => ({
  name,
  label,
  unit,
  direction,
  normalization,
}));
