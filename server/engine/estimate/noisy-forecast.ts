/**
 * The "noisy-truth" forecast of the simulator: the measured value times (1 + e), where e is Gaussian
 * noise whose standard deviation grows with the horizon (sigma x sqrt(hours ahead / 24), so `sigma`
 * is the relative error at 24 h) and is correlated from hour to hour (AR(1), rho 0.9), as real
 * forecast errors are. Noise comes from the injected seeded Rng; values never go below 0.
 */

import type { Rng } from "../model/rng";

/** Standard normal draw (Box-Muller) from a seeded Rng. */
export function normalDraw(rng: Rng): number {
  const u = Math.max(rng.next(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
}

/** Per-hour correlation of the relative error. */
const RHO = 0.9;

/**
 * Forecast of `truth[firstIndex .. firstIndex + horizonHours)` issued just before hour `firstIndex`:
 * hour k ahead (k = 1 for the first) gets relative error sigma x sqrt(k / 24) x z_k, with z an AR(1)
 * standard-normal sequence. Hours beyond the truth are left out.
 */
export function noisyTruthForecast(truth: readonly number[], firstIndex: number, horizonHours: number, sigma: number, rng: Rng): number[] {
  const out: number[] = [];
  let z = normalDraw(rng);
  const innovation = Math.sqrt(1 - RHO * RHO);
  for (let k = 0; k < horizonHours && firstIndex + k < truth.length; k++) {
    if (k > 0) z = RHO * z + innovation * normalDraw(rng);
    const rel = sigma * Math.sqrt((k + 1) / 24) * z;
    out.push(Math.max(0, (truth[firstIndex + k] as number) * (1 + rel)));
  }
  return out;
}
