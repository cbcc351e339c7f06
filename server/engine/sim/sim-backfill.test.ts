import { describe, expect, it } from "vitest";
import { baselineWith, CONTENTION_START_MS, tinyScenario, type TinyJob } from "./contention-fixture";
import { resumedEstimateS } from "./sim-decide";
import { simulate } from "./simulate";

const hooks = { now: () => 0 };
const H = 3600;

/**
 * Four nodes, three A100 and one H100. A holds the three A100 nodes for 2 h; B (two A100 nodes, 1 h)
 * must wait for A; C (all four nodes, 1 h: 32 GPUs, a large job) must wait for B; D (one node, 5 h)
 * fits now on the H100 node, away from B's nodes but across C's.
 */
const jobs: TinyJob[] = [
  { id: "A", atMin: 0, members: 3, hours: 2, model: "A100" },
  { id: "B", atMin: 1, members: 2, hours: 1, model: "A100" },
  { id: "C", atMin: 2, members: 4, hours: 1 },
  { id: "D", atMin: 3, members: 1, hours: 5 },
];
const run = () => {
  const policies = [baselineWith("off", false), baselineWith("easy", false), baselineWith("conservative", false)];
  // GAR over the first 2 h, while only A and whatever backfills beside it can run.
  const r = simulate(tinyScenario(["A100", "A100", "A100", "H100"], jobs, policies, 2), hooks);
  return { off: r.policies["baseline-off-np"]!, easy: r.policies["baseline-easy-np"]!, conservative: r.policies["baseline-conservative-np"]! };
};

describe("simulator backfill modes (constraints.backfill)", () => {
  const { off, easy, conservative } = run();

  it("off: strict priority order, nothing starts behind a blocked job", () => {
    // B waits for A (2 h - 1 min), C for B (3 h - 2 min), D for C (4 h - 3 min).
    expect(off.waitLargeMeanS).toBeCloseTo(3 * H - 120, 0);
    expect(off.meanWaitS).toBeCloseTo((0 + (2 * H - 60) + (3 * H - 120) + (4 * H - 180)) / 4, 0);
  });

  it("easy: D starts at once beside the head's reservation and delays the large job behind it", () => {
    // D runs 0:03-5:03 on the H100 node, so C (all four nodes) starts only at 5:03.
    expect(easy.waitLargeMeanS).toBeCloseTo(5 * H + 60, 0);
    expect(easy.meanWaitS).toBeCloseTo((0 + (2 * H - 60) + (5 * H + 60) + 0) / 4, 0);
    // A on three of four nodes, plus D on the fourth from minute 3.
    expect(off.gar).toBeCloseTo(0.75, 6);
    expect(easy.gar).toBeCloseTo(0.75 + 0.25 * (117 / 120), 6);
  });

  it("conservative: every blocked job holds a reservation, so D may not delay C either", () => {
    expect(conservative.waitLargeMeanS).toBeCloseTo(3 * H - 120, 0);
    expect(conservative.waitLargeMeanS).toBeLessThan(easy.waitLargeMeanS ?? 0);
    expect(conservative.largeJobs).toBe(1);
    expect(conservative.gar).toBeCloseTo(off.gar, 9);
    for (const m of [off, easy, conservative]) {
      expect(m.jobsCompleted).toBe(4);
      expect(m.placementConflicts).toBe(0);
      expect(m.preemptions).toBe(0);
    }
  });
});

/**
 * Four nodes. A holds three for 2 h; C (all four: a large job) arrives at minute 1 and must wait for A;
 * E1 (one node, 1 h) at minute 2 ends before A does; E2 (one node, 1 h) arrives at minute 90 and
 * would still run when A ends.
 */
const starving: TinyJob[] = [
  { id: "A", atMin: 0, members: 3, hours: 2 },
  { id: "C", atMin: 1, members: 4, hours: 1 },
  { id: "E1", atMin: 2, members: 1, hours: 1 },
  { id: "E2", atMin: 90, members: 1, hours: 1 },
];

describe("first fit: no reservation, so a small job may take the nodes a large job waits for", () => {
  const r = simulate(tinyScenario(["A100", "A100", "A100", "A100"], starving, [baselineWith("first-fit", false), baselineWith("easy", false)], 4), hooks);
  const firstFit = r.policies["baseline-first-fit-np"]!;
  const easy = r.policies["baseline-easy-np"]!;

  it("starts E2 at once and so delays C until E2 ends (2:30)", () => {
    expect(firstFit.waitLargeMeanS).toBeCloseTo(2.5 * H - 60, 0);
    expect(firstFit.meanWaitS).toBeCloseTo((0 + (2.5 * H - 60) + 0 + 0) / 4, 0);
  });

  it("EASY backfills E1 (it ends before C's reservation) but holds E2 until C has run", () => {
    expect(easy.waitLargeMeanS).toBeCloseTo(2 * H - 60, 0);
    expect(easy.waitLargeMeanS).toBeLessThan(firstFit.waitLargeMeanS ?? 0);
    // E2 waits from 1:30 until C ends at 3:00.
    expect(easy.meanWaitS).toBeCloseTo((0 + (2 * H - 60) + 0 + 1.5 * H) / 4, 0);
    for (const m of [firstFit, easy]) {
      expect(m.jobsCompleted).toBe(4);
      expect(m.placementConflicts).toBe(0);
    }
  });
});

/**
 * A backfilled job that overruns its estimate. A holds three of four nodes for 2 h; C (all four: a
 * large job) arrives at minute 1 and holds the reservation; E (one node) arrives at minute 2, is
 * predicted to run 1 h, so it backfills on the fourth node, but it truly runs 5 h. C and E share a
 * class that may not preempt (equal priority, preemptible), so only the broken backfill promise lets
 * C take E's node back. E checkpoints every 10 min.
 */
const standard = { priority: 500, priorityClass: "standard", mayPreempt: false, preemptible: true, checkpointIntervalS: 600 };
const overrun: TinyJob[] = [
  { id: "A", atMin: 0, members: 3, hours: 2, cls: standard },
  { id: "C", atMin: 1, members: 4, hours: 1, cls: standard },
  { id: "E", atMin: 2, members: 1, hours: 5, cls: standard },
];

describe("a backfilled job that runs past its predicted end into the reservation", () => {
  const input = tinyScenario(
    ["A100", "A100", "A100", "A100"],
    overrun,
    [baselineWith("easy", false), baselineWith("easy", true), baselineWith("first-fit", true)],
    8,
  );
  const misestimated = { ...input, jobs: input.jobs.map((j) => (j.id === "E" ? { ...j, userEstimateS: H } : j)) };
  const r = simulate(misestimated, hooks);
  const kept = r.policies["baseline-easy-np"]!;
  const reclaimed = r.policies["baseline-easy-p"]!;
  const firstFit = r.policies["baseline-first-fit-p"]!;

  it("without preemption it keeps the nodes, and the large job waits until it ends (5:02)", () => {
    expect(kept.waitLargeMeanS).toBeCloseTo(5 * H + 60, 0);
    expect(kept.preemptions ?? 0).toBe(0);
  });

  it("with preemption the reservation holder stops it when A ends, losing only the work since its last checkpoint", () => {
    // C starts when A ends at 2:00; E ran 1 h 58 min, checkpointed at 1 h 50 min, so 8 min of one node are lost.
    expect(reclaimed.waitLargeMeanS).toBeCloseTo(2 * H - 60, 0);
    expect(reclaimed.preemptions).toBe(1);
    expect(reclaimed.gpuHoursLostToPreemption).toBeCloseTo((8 * 8) / 60, 6);
    expect(reclaimed.jobsCompleted).toBe(3);
    expect(reclaimed.placementConflicts).toBe(0);
  });

  it("first fit holds no reservation, so nothing is taken back", () => {
    expect(firstFit.preemptions ?? 0).toBe(0);
    expect(firstFit.waitLargeMeanS).toBeCloseTo(5 * H + 60, 0);
  });
});

describe("the run time a resumed run is predicted to need", () => {
  it("is the estimate less the saved work, or, once the saved work passes the estimate, as long again as it worked", () => {
    expect(resumedEstimateS(3600, 0)).toBe(3600);
    expect(resumedEstimateS(3600, 600)).toBe(3000);
    expect(resumedEstimateS(3600, 3590)).toBe(60);
    expect(resumedEstimateS(3600, 6600)).toBe(6600);
  });
});

/**
 * Conservative backfill with two holds. A holds two of four nodes for 5 h; C1 (all four) holds the
 * first reservation from 5:00; E (one node, predicted 1 h, truly 6 h) backfills beside it; C2 (two
 * nodes, 1 h) holds the second reservation, on E's node from E's predicted end. F arriving at 1:30
 * makes the queue decide again while E overruns. Only the first hold may take E back: C2 could start
 * at 1:30 by stopping E, but waits, and C1 stops E when A ends at 5:00.
 */
const twoHolds: TinyJob[] = [
  { id: "A", atMin: 0, members: 2, hours: 5, cls: standard },
  { id: "C1", atMin: 1, members: 4, hours: 1, cls: standard },
  { id: "E", atMin: 2, members: 1, hours: 6, cls: standard },
  { id: "C2", atMin: 3, members: 2, hours: 1, cls: standard },
  { id: "F", atMin: 90, members: 4, hours: 1, cls: standard },
];

describe("under conservative backfill only the first reservation takes an overrunning backfill back", () => {
  const input = tinyScenario(["A100", "A100", "A100", "A100"], twoHolds, [baselineWith("conservative", true)], 12);
  const misestimated = { ...input, jobs: input.jobs.map((j) => (j.id === "E" ? { ...j, userEstimateS: H } : j)) };
  const runs: { jobId: string; fromMs: number; toMs: number }[] = [];
  const r = simulate(misestimated, { now: () => 0, onRunPart: (_policy, part) => runs.push(part) });
  const m = r.policies["baseline-conservative-p"]!;
  const firstStartH = (id: string) => (Math.min(...runs.filter((p) => p.jobId === id).map((p) => p.fromMs)) - CONTENTION_START_MS) / (H * 1000);

  it("stops E once, when A ends and the first reservation can start", () => {
    expect(m.preemptions).toBe(1);
    expect(firstStartH("C1")).toBeCloseTo(5, 6);
    expect(firstStartH("C2")).toBeGreaterThanOrEqual(5);
    expect(m.placementConflicts).toBe(0);
  });
});
