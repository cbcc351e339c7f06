/**
 * Score normalization to 0..100 across the feasible candidates of one decision step.
 *   none:         raw must already be within 0..100 (else INVALID_SCORE)
 *   minmax:       floor((raw - min) * 100 / (max - min)), all 0 when max == min (reference rule)
 *   minmax-float: (raw - min) * 100 / (max - min), all 0 when max == min
 */
import { EngineError } from "../errors";
import type { Normalization } from "./types";

/**
 * Normalizes the first `count` raw scores into `out` (count defaults to all, so callers can reuse
 * oversized buffers); throws INVALID_SCORE for NaN/infinite/out-of-range raws.
 */
export function normalizeScores(plugin: string, mode: Normalization, raw: Float64Array, out: Float64Array, count = raw.length): void {
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < count; i++) {
    const v = raw[i] as number;
    if (!Number.isFinite(v)) throw new EngineError("INVALID_SCORE", `score plugin ${plugin} returned ${v}`, { plugin, raw: v });
    if (mode === "none" && (v < 0 || v > 100)) {
      throw new EngineError("INVALID_SCORE", `score plugin ${plugin} returned ${v}, outside 0..100`, { plugin, raw: v });
    }
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const range = max - min;
  for (let i = 0; i < count; i++) {
    const v = raw[i] as number;
    if (mode === "none") out[i] = v;
    else if (range === 0) out[i] = 0;
    else if (mode === "minmax") out[i] = Math.floor(((v - min) * 100) / range);
    else out[i] = ((v - min) * 100) / range;
  }
}
