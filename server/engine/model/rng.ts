/**
 * Seeded pseudo-random numbers (mulberry32). The engine never uses a global random source: every random
 * choice draws from an Rng built from a recorded seed, so a decision can be replayed exactly.
 */

/** A deterministic random source. */
export interface Rng {
  /** Uniform float in [0, 1). */
  next(): number;
  /** Uniform integer in [0, n); n must be >= 1. */
  nextInt(n: number): number;
}

/** Creates a mulberry32 generator from a 32-bit seed (any number is folded to 32 bits). */
export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, nextInt: (n) => Math.floor(next() * n) };
}

/** Mixes two integers into a new 32-bit seed (used to derive per-decision seeds from a run seed). */
export function mixSeed(a: number, b: number): number {
  let h = Math.imul((a >>> 0) ^ 0x9e3779b9, 0x85ebca6b) ^ (b >>> 0);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}
