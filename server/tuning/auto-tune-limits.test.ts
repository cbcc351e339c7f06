import { describe, expect, it } from "vitest";
import { DEFAULT_COORDINATOR_POLICY, OBJECTIVES } from "../engine";
import { gainsOf, withinLimits, type TuneMetrics } from "./auto-tune";
import { policyDimensions, pointOfPolicy, policyOfPoint } from "./policy-space";

const ref: TuneMetrics = { co2eKg: 10, gar: 0.6, meanWaitS: 1000, p99WaitS: 9000, unfinished: 2 };
const limits = { maxGarDropPts: 1, maxMeanWaitIncreasePct: 10 };

describe("auto-tune limits", () => {
  it("holds a candidate to GAR, mean wait (+ a minute) and unfinished jobs of the active policy on the same window", () => {
    expect(withinLimits(ref, ref, limits)).toBe(true);
    expect(withinLimits({ ...ref, gar: 0.591 }, ref, limits)).toBe(true);
    expect(withinLimits({ ...ref, gar: 0.589 }, ref, limits)).toBe(false);
    expect(withinLimits({ ...ref, meanWaitS: 1160 }, ref, limits)).toBe(true);
    expect(withinLimits({ ...ref, meanWaitS: 1161 }, ref, limits)).toBe(false);
    expect(withinLimits({ ...ref, unfinished: 3 }, ref, limits)).toBe(false);
    // A zero wait is not a zero tolerance.
    expect(withinLimits({ ...ref, meanWaitS: 59 }, { ...ref, meanWaitS: 0 }, limits)).toBe(true);
  });

  it("states gains against the active policy", () => {
    expect(gainsOf({ co2eKg: 9, gar: 0.61, meanWaitS: 900, p99WaitS: 9500, unfinished: 0 }, ref)).toEqual({
      co2eSavedKg: 1,
      co2eSavedPct: 10,
      garDeltaPts: expect.closeTo(1, 9),
      meanWaitDeltaS: -100,
      p99WaitDeltaS: 500,
    });
  });
});

describe("auto-tune policy space", () => {
  it("maps a policy to a point and back, keeping the constraints it does not search", () => {
    const active = DEFAULT_COORDINATOR_POLICY;
    const back = policyOfPoint(active, pointOfPolicy(active));
    expect(back.objectiveWeights).toEqual(active.objectiveWeights);
    expect(back.constraints).toEqual(active.constraints);
    const dims = policyDimensions(active);
    expect(dims.map((d) => d.name)).toEqual([...OBJECTIVES.map((o) => `weight.${o}`), "maxDeferralHours", "minDeferralSavingPct", "minDeferralSavingGCo2e"]);
    for (const d of dims) expect(pointOfPolicy(active)[d.name]).toBeLessThanOrEqual(d.max);
  });

  it("never yields a policy without a positive weight", () => {
    const zero = Object.fromEntries(OBJECTIVES.map((o) => [`weight.${o}`, 0]));
    const p = policyOfPoint(DEFAULT_COORDINATOR_POLICY, { ...pointOfPolicy(DEFAULT_COORDINATOR_POLICY), ...zero });
    expect(Object.values(p.objectiveWeights).some((w) => w > 0)).toBe(true);
  });
});
