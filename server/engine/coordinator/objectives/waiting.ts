/**
 * Objective waiting: seconds from now to the candidate's start (the latest part's start for a split,
 * which starts together). Lower is better; min-max.
 */
import type { ObjectivePlugin } from "./types";

/** Wait before the start (s). */
export const waitingObjective: ObjectivePlugin = {
  name: "waiting",
  label: "Waiting time",
  unit: "s",
  direction: "lower-better",
  normalization: "minmax",
  raw: (parts, ctx) => (Math.max(0, ...parts.map((p) => p.option.startMs)) - ctx.nowMs) / 1000,
};
