/**
 * Seeded draws used while building a scenario (subsets, normal noise). Every draw comes from the
 * engine's Rng, so the same scenario and seed always produce the same input.
 */
import { createRng, mixSeed, type Rng } from "../engine";
import type { ScenarioSample } from "./schema";

/** Purposes get their own streams, so changing one option (e.g. the flexible share) leaves the others' draws alone. */
export const STREAM = { nodes: 1, pods: 2, tenant: 3, estimate: 4, flexibility: 5, utilization: 6, duration: 7 } as const;

/** An Rng for one purpose (and optionally one item, e.g. a cluster index) of a scenario seed. */
export function streamRng(seed: number, stream: number, item = 0): Rng {
  return createRng(mixSeed(mixSeed(seed, stream), item));
}

/** How many of `available` a sample keeps. */
export function sampleSize(sample: ScenarioSample, available: number): number {
  return "count" in sample ? sample.count : Math.max(1, Math.round(sample.share * available));
}

/** A seeded subset of size k of 0..n-1, returned in ascending order (the original order is kept). */
export function sampleIndices(n: number, k: number, rng: Rng): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  // Partial Fisher-Yates: the first k slots become a uniform random subset.
  for (let i = 0; i < Math.min(k, n - 1); i++) {
    const j = i + rng.nextInt(n - i);
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  return order.slice(0, k).sort((a, b) => a - b);
}

/** A standard normal draw (Box-Muller). */
export function normal(rng: Rng): number {
  const u = 1 - rng.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
}
