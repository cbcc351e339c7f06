import { describe, expect, it } from "vitest";
import { seededSearch, snap, type SearchDimension, type SearchPoint } from "./search";

const dims: SearchDimension[] = [
  { name: "x", min: -10, max: 10, grain: 0.01 },
  { name: "y", min: 0, max: 48, grain: 1 },
];
// A toy objective with its minimum at x = 3.7, y = 31 (value 0), far from the start (0, 0).
const toy = (p: SearchPoint) => (p.x! - 3.7) ** 2 + ((p.y! - 31) / 4) ** 2;
const search = (seed: number, budget = 60) => seededSearch({ dimensions: dims, start: { x: 0, y: 0 }, budget, seed, evaluate: toy, better: (a, b) => a < b });

describe("seededSearch", () => {
  it("finds the known optimum of a toy objective within the budget", () => {
    const out = search(42);
    const best = out.trials[out.bestIndex]!;
    expect(out.trials).toHaveLength(60);
    expect(best.point.x).toBeCloseTo(3.7, 1);
    expect(best.point.y).toBeGreaterThanOrEqual(30);
    expect(best.point.y).toBeLessThanOrEqual(32);
    expect(best.result).toBeLessThan(0.1);
    // The start was far worse, so the search moved.
    expect(out.trials[0]!.result).toBeGreaterThan(50);
  });

  it("is deterministic: the same seed gives the same trials, another seed other random points", () => {
    const a = search(7, 20);
    const b = search(7, 20);
    expect(b.trials.map((t) => t.point)).toEqual(a.trials.map((t) => t.point));
    const c = search(8, 20);
    expect(c.trials.map((t) => t.point)).not.toEqual(a.trials.map((t) => t.point));
  });

  it("evaluates the start first, never the same point twice, and stays inside the bounds on the grain", () => {
    const out = search(3, 40);
    expect(out.trials[0]).toMatchObject({ phase: "start", point: { x: 0, y: 0 } });
    const keys = out.trials.map((t) => `${t.point.x}|${t.point.y}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const t of out.trials) {
      expect(t.point.x).toBeGreaterThanOrEqual(-10);
      expect(t.point.x).toBeLessThanOrEqual(10);
      expect(Number.isInteger(t.point.y)).toBe(true);
    }
    expect(out.trials.some((t) => t.phase === "random")).toBe(true);
    expect(out.trials.some((t) => t.phase === "refine")).toBe(true);
  });

  it("keeps the start as best when nothing beats it, and refuses a bad budget", () => {
    const out = seededSearch({ dimensions: dims, start: { x: 3.7, y: 31 }, budget: 15, seed: 1, evaluate: toy, better: (a, b) => a < b });
    expect(out.bestIndex).toBe(0);
    expect(() => seededSearch({ dimensions: dims, start: { x: 0, y: 0 }, budget: 0, seed: 1, evaluate: toy, better: (a, b) => a < b })).toThrow(/budget/);
  });

  it("snaps to the grain and clamps to the bounds", () => {
    expect(snap(dims[0]!, 0.1 + 0.2)).toBe(0.3);
    expect(snap(dims[1]!, 60)).toBe(48);
    expect(snap(dims[1]!, -2.4)).toBe(0);
  });
});
