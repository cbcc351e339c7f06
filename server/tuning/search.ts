/**
 * A seeded, deterministic search over a box of bounded parameters: the starting point first, then
 * seeded random points over the box (explores the whole range, so a far-away optimum is found), then a
 * coordinate refinement around the best point so far (each parameter in turn one step up and down;
 * the step halves after a pass that improved nothing). Same seed, same evaluate -> same trials.
 *
 * Why written here rather than taken from npm: the optimisers found there (fmin: unbounded
 * Nelder-Mead, no seed, no release for years; hyperparameters: a 0.x TPE with about 1,700 downloads a
 * month) are not well kept or cannot be seeded and bounded; a trial here is a whole simulator replay,
 * so a budget is a few dozen trials, where a small random + coordinate search does as well as a model.
 */
import { createRng } from "../engine";

/** One searched parameter: its bounds and the grain its values are rounded to. */
export interface SearchDimension {
  readonly name: string;
  readonly min: number;
  readonly max: number;
  /** Values are multiples of this (1 = whole numbers). */
  readonly grain: number;
}

/** A point of the box: one value per dimension name. */
export type SearchPoint = Readonly<Record<string, number>>;

/** One evaluated point, in the order evaluated. */
export interface SearchTrial<R> {
  readonly index: number;
  readonly phase: "start" | "random" | "refine";
  readonly point: SearchPoint;
  readonly result: R;
}

/** What to search. */
export interface SearchOptions<R> {
  readonly dimensions: readonly SearchDimension[];
  /** Evaluated first (the policy in force), so every other trial is measured against it. */
  readonly start: SearchPoint;
  /** Points evaluated in all, the start included (at least 1). */
  readonly budget: number;
  readonly seed: number;
  /** Share of the budget after the start spent on random points (the rest refines); 0.5 by default. */
  readonly randomShare?: number;
  evaluate(point: SearchPoint, index: number): R;
  /** Whether `a` is strictly better than `b`. */
  better(a: R, b: R): boolean;
}

/** Every trial and the index of the best. */
export interface SearchOutcome<R> {
  readonly trials: readonly SearchTrial<R>[];
  readonly bestIndex: number;
}

/** The value snapped to its grain and clamped to the bounds. */
export function snap(d: SearchDimension, value: number): number {
  const snapped = Math.round(value / d.grain) * d.grain;
  // Rounding to the grain's decimals keeps 0.1 + 0.2 from printing as 0.30000000000000004.
  const decimals = Math.max(0, -Math.floor(Math.log10(d.grain)) + 1);
  return Number(Math.min(d.max, Math.max(d.min, snapped)).toFixed(decimals));
}

const keyOf = (dimensions: readonly SearchDimension[], p: SearchPoint) => dimensions.map((d) => p[d.name]).join("|");

/** Runs the search (see the file header). */
export function seededSearch<R>(options: SearchOptions<R>): SearchOutcome<R> {
  const { dimensions, budget, seed } = options;
  if (!Number.isInteger(budget) || budget < 1) throw new RangeError(`budget must be a whole number of at least 1 (got ${budget})`);
  for (const d of dimensions) if (!(d.max >= d.min) || !(d.grain > 0)) throw new RangeError(`dimension ${d.name} has bad bounds or grain`);
  const rng = createRng(seed);
  const trials: SearchTrial<R>[] = [];
  const seen = new Set<string>();
  let bestIndex = 0;

  const run = (raw: SearchPoint, phase: SearchTrial<R>["phase"]): SearchTrial<R> | null => {
    const point = Object.fromEntries(dimensions.map((d) => [d.name, snap(d, raw[d.name] ?? d.min)]));
    const key = keyOf(dimensions, point);
    if (seen.has(key) || trials.length >= budget) return null;
    seen.add(key);
    const trial = { index: trials.length, phase, point, result: options.evaluate(point, trials.length) };
    trials.push(trial);
    if (trial.index > 0 && options.better(trial.result, trials[bestIndex]!.result)) bestIndex = trial.index;
    return trial;
  };

  run(options.start, "start");
  const randomCount = Math.round((budget - 1) * (options.randomShare ?? 0.5));
  // Random points may repeat on a coarse box; a bounded number of draws keeps a tiny box from spinning.
  for (let draws = 0; trials.length < 1 + randomCount && draws < randomCount * 20; draws++) {
    run(Object.fromEntries(dimensions.map((d) => [d.name, d.min + rng.next() * (d.max - d.min)])), "random");
  }

  // Coordinate refinement: a quarter of each range first, halved after a pass without improvement,
  // until every step is below its grain or the budget is spent.
  let fraction = 0.25;
  while (trials.length < budget && dimensions.some((d) => fraction * (d.max - d.min) >= d.grain)) {
    let improved = false;
    for (const d of dimensions) {
      const stepSize = fraction * (d.max - d.min);
      if (stepSize < d.grain) continue;
      for (const sign of [1, -1]) {
        const from = trials[bestIndex]!.point;
        const before = bestIndex;
        run({ ...from, [d.name]: from[d.name]! + sign * stepSize }, "refine");
        if (bestIndex !== before) {
          improved = true;
          break;
        }
      }
      if (trials.length >= budget) break;
    }
    if (!improved) fraction /= 2;
  }
  return { trials, bestIndex };
}
