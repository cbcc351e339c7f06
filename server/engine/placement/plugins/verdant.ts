/**
 * Score plugin verdant-frag: raw = floor(-cost / 100), cost = delta C_n(M) + 12 * delta F_n(M) in
 * milli-GPU (see verdant-core.ts), min-max normalized without rounding. The 100-milli buckets make
 * near-equal nodes tie so node order packs them, like FGD's integer score does. Default trace,
 * arrive-until 100, unallocated %: exact cost 4.34 (seeds 42-51); buckets of 100 / 150 / 200 milli
 * 4.20 / 4.26 / 4.23 (seeds 42-51); 5 / 20 / 50 / 300 / 500 milli 4.39 / 4.38 / 4.34 / 4.29 / 4.36
 * (seeds 42-47, where 100 gave 4.23).
 */
import { EngineError } from "../../errors";
import type { TargetWorkload } from "../../model/target-workload";
import { capacityFragmentation } from "../capacity-fragmentation";
import { nodeFragmentation } from "../fragmentation";
import { workloadForModel } from "../model-workload";
import type { ScorePlugin } from "../types";
import { evaluateVerdant, FGD_WEIGHT, type FragmentationMeasures } from "./verdant-core";

/** Width of a score bucket in milli-GPU of cost (tuned, see above). */
export const COST_BUCKET_MILLI = 100;

/**
 * The measures computed directly (the placer memoizes scores per node group, so no inner cache). Each is
 * taken against M as the node's GPU model sees it (the shapes it may host, see model-workload.ts);
 * `pressure` (per model, see modelPressure) prices the capacity a job takes from constrained jobs.
 */
export function verdantMeasures(workload: TargetWorkload, pressure?: ReadonlyMap<string, number>): FragmentationMeasures {
  return {
    fgd: (s) => nodeFragmentation(s, workloadForModel(workload, s.gpuModel)),
    capacity: (s) => capacityFragmentation(s, workloadForModel(workload, s.gpuModel)),
    reserve: pressure && pressure.size > 0 ? (model) => (model === null ? 0 : (pressure.get(model) ?? 0)) : undefined,
  };
}

/** Builds the plugin for a given FGD weight (the registry holds the default; other weights are for experiments). */
export function createVerdantFragScore(fgdWeight = FGD_WEIGHT, name = "verdant-frag", bucketMilli = COST_BUCKET_MILLI): ScorePlugin {
  return {
    name,
    normalization: "minmax-float",
    cacheable: true,
    score: (node, job, ctx) => {
      if (!ctx.workload) throw new EngineError("UNKNOWN_PLUGIN", `${name} needs a target workload in the placer options`);
      return Math.floor(-evaluateVerdant(node, job, verdantMeasures(ctx.workload, ctx.modelPressure), fgdWeight).costMilli / bucketMilli);
    },
  };
}

/** Verdant's default fragmentation score. */
export const verdantFragScore: ScorePlugin = createVerdantFragScore();
