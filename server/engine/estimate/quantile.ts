/** Order statistics shared by the estimators and the simulator's metrics. */

/**
 * Quantile of an ascending-sorted array with linear interpolation between order statistics
 * (the "type 7" definition of R / NumPy's default); q in 0..1; NaN for an empty array.
 */
export function quantileSorted(sorted: ArrayLike<number>, q: number): number {
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  const pos = Math.min(1, Math.max(0, q)) * (n - 1);
  const lo = Math.floor(pos);
  const hi = Math.min(n - 1, lo + 1);
  const a = sorted[lo] as number;
  return a + ((sorted[hi] as number) - a) * (pos - lo);
}

/** Quantile of an unsorted array (copies and sorts it). */
export function quantile(values: readonly number[], q: number): number {
  return quantileSorted(Float64Array.from(values).sort(), q);
}

/** Median of an unsorted array; NaN when empty. */
export function median(values: readonly number[]): number {
  return quantile(values, 0.5);
}
