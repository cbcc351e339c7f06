import { describe, expect, it } from "vitest";
import { baselineWith, tinyScenario, type TinyJob } from "./contention-fixture";
import { simulate } from "./simulate";

const hooks = { now: () => 0 };
const M = 60;

/** Two of four nodes busy for an hour; a 4-node gang of 2 h arrives at minute 1, elastic down to 2 members or not. */
function run(minMembers: number | null) {
  const jobs: TinyJob[] = [
    { id: "blocker", atMin: 0, members: 2, hours: 1 },
    { id: "gang", atMin: 1, members: 4, hours: 2, ...(minMembers !== null ? { cls: { minMembers } as TinyJob["cls"] } : {}) },
  ];
  return simulate(tinyScenario(["A100", "A100", "A100", "A100"], jobs, [baselineWith("easy", false)]), hooks).policies["baseline-easy-np"]!;
}

describe("elastic gangs in the simulator", () => {
  it("a rigid gang waits for all its members", () => {
    const r = run(null);
    // Waits from minute 1 to 60, runs 120 min: JCT 179 min; the blocker 60 min.
    expect(r.meanWaitS).toBeCloseTo((59 * M) / 2, 6);
    expect(r.meanJctS).toBeCloseTo(((60 + 179) * M) / 2, 6);
  });

  it("an elastic gang starts with the members that fit now and grows when capacity frees", () => {
    const r = run(2);
    expect(r.meanWaitS).toBe(0);
    // 59 min at 2 members do 29.5 min of the 120; the other 90.5 min at 4 members end at minute 150.5: JCT 149.5 min.
    expect(r.meanJctS).toBeCloseTo(((60 + 149.5) * M) / 2, 6);
    expect(r.jobsCompleted).toBe(2);
    expect(r.placementConflicts).toBe(0);
  });
});
