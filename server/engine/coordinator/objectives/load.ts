/**
 * Objective load: the cluster's GPU allocation after the placement (% of its GPU capacity), the
 * highest over the parts; spreading to the least-loaded cluster, the carbon-agnostic baseline's rule.
 * Lower is better; min-max. Weight 0 unless the policy sets it.
 */
import type { ObjectivePlugin } from "./types";

/** GPU allocation after the placement (%). */
export const loadObjective: ObjectivePlugin = {
  name: "load",
  label: "Least-loaded cluster",
  unit: "pct",
  direction: "lower-better",
  normalization: "minmax",
  raw: (parts) => Math.max(0, ...parts.map((p) => p.option.gpuAllocationAfterPct)),
};
