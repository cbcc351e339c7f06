// Axes that scale to the data: a chart of 3-8 % allocation should not be a flat line at the bottom of
// a fixed 0-100 % axis.

/** A round upper bound a little above `max`: 1, 2 or 5 times a power of ten (8.3 -> 10, 37 -> 50, 612 -> 1,000). */
export function niceCeiling(max: number): number {
  if (!Number.isFinite(max) || max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 5, 10].find((m) => m * power >= max)!;
  return step * power;
}

/** The highest value of `keys` over `rows` (0 for none). */
export function dataMax(rows: readonly Record<string, number>[], keys: readonly string[]): number {
  let max = 0;
  for (const row of rows) for (const k of keys) if (typeof row[k] === "number" && row[k]! > max) max = row[k]!;
  return max;
}

/** The y-axis upper bound of a share chart: scaled to the data, never above 100 %. */
export const percentAxisMax = (max: number) => Math.min(100, niceCeiling(max));
