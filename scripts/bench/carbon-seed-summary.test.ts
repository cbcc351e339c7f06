import { describe, expect, it } from "vitest";
import { fleetMeans, summarizeSeeds, type SeedRow } from "./carbon-seed-summary";

const row = (seed: number, fleet: string, cg: number, ts: number, v: number): SeedRow => ({
  set: "wind-hydro",
  season: "apr",
  fleet,
  seed,
  baselineMeanWaitS: seed * 60,
  policies: {
    "carbon-greedy": { savedPct: cg, garDeltaPts: 0, meanWaitDeltaS: 10 },
    "time-shift": { savedPct: ts, garDeltaPts: 0, meanWaitDeltaS: 30 * seed },
    verdant: { savedPct: v, garDeltaPts: 0, meanWaitDeltaS: 0 },
  },
});
const policies = ["carbon-greedy", "time-shift", "verdant"];

describe("carbon matrix over seeds", () => {
  const rows = [row(1, "idle", 10, 2, 12), row(2, "idle", 20, 1, 18), row(3, "idle", 6, 9, 9), row(1, "busy", 4, 0, 5)];
  const summary = summarizeSeeds(rows, policies);

  it("groups by scenario and gives the mean and range of each policy's saving", () => {
    expect(summary).toHaveLength(2);
    expect(summary[0]?.seeds).toBe(3);
    expect(summary[0]?.savedPct["carbon-greedy"]).toEqual({ mean: 12, min: 6, max: 20 });
    expect(summary[0]?.baselineMeanWaitS.mean).toBe(120);
    expect(summary[0]?.meanWaitDeltaS["time-shift"]).toBe(60);
  });

  it("counts the seeds where the combined policy did at least as well as every part", () => {
    // Seed 1: 12 >= 10 and 2; seed 2: 18 < 20; seed 3: 9 >= 6 and 9 (a tie counts).
    expect(summary[0]?.combinedAtLeastAllOthers).toBe(2);
    expect(summary[1]?.combinedAtLeastAllOthers).toBe(1);
    expect(summarizeSeeds(rows, ["carbon-greedy", "time-shift"])[0]?.combinedAtLeastAllOthers).toBeUndefined();
  });

  it("averages each fleet's rows", () => {
    expect(fleetMeans(summary, policies)).toEqual({
      idle: { "carbon-greedy": 12, "time-shift": 4, verdant: 13 },
      busy: { "carbon-greedy": 4, "time-shift": 0, verdant: 5 },
    });
  });
});
