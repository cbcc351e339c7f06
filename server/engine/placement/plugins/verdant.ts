/**
 * Score plugin verdant-frag: raw = -cost, cost = delta C_n(M) + 12 * delta F_n(M) in milli-GPU (see
 * verdant-core.ts), min-max normalized without rounding. Exact (no integer buckets): unlike FGD's
 * exact delta, the capacity term already keeps the choice compact, and bucketing measured no better.
 */
import { EngineError } from "../../errors";
import type { TargetWorkload } from "../../model/target-workload";
import { capacityFragmentation } from "../capacity-fragmentation";
import { nodeFragmentation } from "../fragmentation";
import type { ScorePlugin } from "../types";
import { evaluateVerdant, FGD_WEIGHT, type FragmentationMeasures } from "./verdant-core";

/** The two measures computed directly (the placer memoizes scores per node group, so no inner cache). */
export function verdantMeasures(workload: TargetWorkload): FragmentationMeasures {
  return { fgd: (s) => nodeFragmentation(s, workload), capacity: (s) => capacityFragmentation(s, workload) };
}

/** Builds the plugin for a given FGD weight (the registry holds the default; other weights are for experiments). */
export function createVerdantFragScore(fgdWeight = FGD_WEIGHT, name = "verdant-frag"): ScorePlugin {
  return {
    name,
    normalization: "minmax-float",
    cacheable: true,
    score: (node, job, ctx) => {
      if (!ctx.workload) throw new EngineError("UNKNOWN_PLUGIN", `${name} needs a target workload in the placer options`);
      return -evaluateVerdant(node, job, verdantMeasures(ctx.workload), fgdWeight).costMilli;
    },
  };
}

/** Verdant's default fragmentation score. */
export const verdantFragScore: ScorePlugin = createVerdantFragScore();
