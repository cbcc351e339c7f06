/**
 * Score plugin fgd (Fragmentation Gradient Descent, Weng et al. ATC'23).
 * raw = floor(100 * sigmoid(-delta / 1000)), delta = F_n(M) after - before in milli-GPU, 0..100,
 * higher = less added fragmentation. Not normalized further (the reference leaves it as is; its
 * coarse integer buckets plus node-order ties act as an implicit packing rule).
 */
import { EngineError } from "../../errors";
import type { ScorePlugin } from "../types";
import { evaluateFgd } from "./fgd-core";

/** The reference FGD score plugin. */
export const fgdScore: ScorePlugin = {
  name: "fgd",
  normalization: "none",
  cacheable: true,
  score: (node, job, ctx) => {
    if (!ctx.workload) throw new EngineError("UNKNOWN_PLUGIN", "fgd needs a target workload in the placer options");
    return evaluateFgd(node, job, ctx.workload, ctx.fragmentationOf(node), false, ctx.fragmentationOfState).integerScore;
  },
};

/**
 * Score plugin fgd-exact: raw = -delta in milli-GPU (exact, no integer buckets), min-max normalized.
 * Used as a secondary key by Verdant to break FGD integer-score ties.
 */
export const fgdExactScore: ScorePlugin = {
  name: "fgd-exact",
  normalization: "minmax-float",
  cacheable: true,
  score: (node, job, ctx) => {
    if (!ctx.workload) throw new EngineError("UNKNOWN_PLUGIN", "fgd-exact needs a target workload in the placer options");
    return -evaluateFgd(node, job, ctx.workload, ctx.fragmentationOf(node), true, ctx.fragmentationOfState).deltaMilli;
  },
};
