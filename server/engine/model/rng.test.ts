import { describe, expect, it } from "vitest";
import { createRng, mixSeed } from "./rng";
import { buildArrivalSequence } from "../sim/arrival-workload";
import { testJob } from "../test-support";

describe("seeded randomness", () => {
  it("same seed, same sequence; different seed, different sequence", () => {
    const draw = (seed: number) =>
      Array.from(
        { length: 5 },
        (
          (r) => () =>
            r.nextInt(1000)
        )(createRng(seed)),
      );
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
    expect(mixSeed(42, 1)).not.toBe(mixSeed(42, 2));
  });
  it("arrival sequence keeps every trace job and inflates GPU request to >= 130% of capacity", () => {
    const trace = [testJob({ id: "a" }), testJob({ id: "b", gpuMilliPerGpu: 500 }), testJob({ id: "c", gpuCount: 0, gpuMilliPerGpu: 0 })];
    const seq = buildArrivalSequence(trace, 10_000, createRng(7));
    const requested = seq.reduce((s, j) => s + j.gpuCount * j.gpuMilliPerGpu, 0);
    expect(requested).toBeGreaterThanOrEqual(13_000);
    expect(requested - 1000).toBeLessThan(13_000);
    for (const id of ["a", "b", "c"]) expect(seq.some((j) => j.id === id)).toBe(true);
    expect(buildArrivalSequence(trace, 10_000, createRng(7))).toEqual(seq);
  });
});
