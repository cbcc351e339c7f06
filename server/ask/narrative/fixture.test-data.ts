// A week's facts for the narrative's unit tests: a busy fleet with waits, savings, deferrals for
// cleaner power, a preemption and a backfill.
import type { PeriodFacts } from "./facts";

/** Facts of one week with something in every group. */
export function weekFacts(over: Partial<PeriodFacts> = {}): PeriodFacts {
  return {
    from: "2026-03-08T12:00:00.000Z",
    to: "2026-03-15T12:00:00.000Z",
    audience: "operator",
    tenant: null,
    decisions: { placed: 120, deferred: 14, unschedulable: 2, cycles: 410, decisionIds: ["d-u1", "d-d1", "d-p1"], decisionCount: 136 },
    clusters: {
      busiest: [
        { name: "tor-hub-1", placements: 70, sharePct: 58.333 },
        { name: "lon-regional-1", placements: 30, sharePct: 25 },
      ],
      placements: 120,
      decisionIds: ["d-p1", "d-p2"],
      decisionCount: 120,
    },
    waits: {
      jobs: 120,
      meanMin: 12.345,
      p95Min: 61.2,
      top: { tenant: "Aurora Labs", jobs: 50, meanMin: 20.4, totalH: 17.03 },
      reason: { reason: "capacity", decisions: 9, cycles: 40 },
      decisionIds: ["d-d1", "d-p3", "d-p4", "d-p5"],
      decisionCount: 44,
    },
    carbon: {
      jobs: 100,
      actualKg: 3.21,
      baselineKg: 4.5,
      savedKg: 1.29,
      savedPct: 28.666,
      methods: ["capacity-weighted-start-at-submit@2"],
      decisionIds: ["d-p6"],
      decisionCount: 100,
    },
    cleanPower: { jobs: 8, savedKg: 0.104, delayH: 61.04, decisionIds: ["d-d2", "d-d3"], decisionCount: 8 },
    disruption: { preemptions: 2, lostGpuHours: 3.75, uncheckpointed: 1, shrunk: 0, backfills: 5, decisionIds: ["d-p7", "d-p8"], decisionCount: 7 },
    suggestions: [
      {
        rule: "quota",
        tenant: "Cirrus Media",
        cluster: null,
        numbers: [{ value: 12, label: "scheduling cycles Cirrus Media waited on its quota" }],
        decisionIds: ["d-d9"],
        decisionCount: 3,
      },
    ],
    ...over,
  };
}
