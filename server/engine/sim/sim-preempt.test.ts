import { describe, expect, it } from "vitest";
import { baselineWith, tinyScenario, type TinyJob } from "./contention-fixture";
import { simulate } from "./simulate";

const hooks = { now: () => 0 };
const bestEffort = { priority: 100, priorityClass: "best-effort", mayPreempt: false, preemptible: true, checkpointIntervalS: 1800 };
const production = { priority: 1000, priorityClass: "production", mayPreempt: true, preemptible: false, checkpointIntervalS: null };

/** Two nodes busy with best-effort jobs (4 h, checkpoint every 30 min); a production job (1 h) arrives at minute 100. */
const jobs: TinyJob[] = [
  { id: "be-1", atMin: 0, members: 1, hours: 4, cls: bestEffort },
  { id: "be-2", atMin: 0, members: 1, hours: 4, cls: bestEffort },
  { id: "prod", atMin: 100, members: 1, hours: 1, cls: production },
];
const M = 60;

function run(backfill: "off" | "easy" | "conservative") {
  const policies = [baselineWith(backfill, false), baselineWith(backfill, true)];
  const r = simulate(tinyScenario(["A100", "A100"], jobs, policies), hooks);
  return { off: r.policies[`baseline-${backfill}-np`]!, on: r.policies[`baseline-${backfill}-p`]! };
}

describe("simulator preemption (constraints.preemption, engine planner)", () => {
  const { off, on } = run("easy");

  it("with preemption off the production job waits for a best-effort job to end", () => {
    expect(off.preemptions).toBe(0);
    expect(off.gpuHoursLostToPreemption).toBe(0);
    // prod waits 240 - 100 min; the best-effort jobs start at once.
    expect(off.meanWaitS).toBeCloseTo((140 * M) / 3, 6);
    expect(off.sor).toBeCloseTo(1, 9);
  });

  it("with preemption on it stops one victim, which loses only the work since its last checkpoint and resumes with the rest", () => {
    expect(on.preemptions).toBe(1);
    // Checkpoints at 30, 60, 90 min: 10 min x 8 GPUs lost.
    expect(on.gpuHoursLostToPreemption).toBeCloseTo((8 * 10) / 60, 9);
    expect(on.meanWaitS).toBe(0);
    expect(on.jobsCompleted).toBe(3);
    // prod 60 min; the other best-effort job 240 min; the victim resumes at 160 min with 150 min left: ends at 310 min.
    expect(on.meanJctS).toBeCloseTo(((60 + 240 + 310) * M) / 3, 6);
    expect(on.sor).toBeLessThan(1);
    expect(on.placementConflicts).toBe(0);
  });

  it("shrinks an elastic gang instead of stopping it: the shed members lose their unsaved work and the rest runs slower", () => {
    // A 4-node best-effort gang (2 h at 4 members, elastic down to 1) holds every node; production needs 2 nodes at minute 100.
    const elastic: TinyJob[] = [
      { id: "gang", atMin: 0, members: 4, hours: 2, cls: { ...bestEffort, minMembers: 1 } },
      { id: "prod", atMin: 100, members: 2, hours: 1, cls: production },
    ];
    const r = simulate(tinyScenario(["A100", "A100", "A100", "A100"], elastic, [baselineWith("easy", true)]), hooks).policies["baseline-easy-p"]!;
    expect(r.preemptions).toBe(1);
    // Two shed members x 8 GPUs x 10 min since the checkpoint at 90 min.
    expect(r.gpuHoursLostToPreemption).toBeCloseTo((16 * 10) / 60, 9);
    expect(r.jobsCompleted).toBe(2);
    // The gang keeps its progress: 20 min of work left at 4 members takes 40 min at 2, so it ends at 140 min (stopped, it would restart).
    expect(r.meanJctS).toBeCloseTo(((140 + 60) * M) / 2, 6);
    expect(r.meanWaitS).toBe(0);
    expect(r.placementConflicts).toBe(0);
  });

  it("preempts under strict priority order too, and never for a class that may not preempt", () => {
    expect(run("off").on.preemptions).toBe(1);
    const noClass = jobs.map((j) => (j.id === "prod" ? { ...j, cls: { ...production, mayPreempt: false } } : j));
    const r = simulate(tinyScenario(["A100", "A100"], noClass, [baselineWith("easy", true)]), hooks);
    expect(r.policies["baseline-easy-p"]?.preemptions).toBe(0);
  });
});
