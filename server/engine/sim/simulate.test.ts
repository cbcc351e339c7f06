import { describe, expect, it } from "vitest";
import { SimCancelledError } from "./errors";
import { smallScenario } from "./sim-fixture";
import { simulate } from "./simulate";
import type { SimHooks, SimResult } from "./types";

let tick = 0;
const hooks: SimHooks = { now: () => tick++ };
const stable = (r: SimResult) => JSON.parse(JSON.stringify(r, (k, v) => (k === "wallMs" || k === "eventsPerSec" ? 0 : v)));

describe("simulate", () => {
  const input = smallScenario();
  const result = simulate(input, hooks);

  it("is deterministic and matches the golden metrics", () => {
    expect(stable(simulate(input, hooks))).toEqual(stable(result));
    const golden = Object.fromEntries(
      Object.entries(result.policies).map(([n, m]) => [
        n,
        {
          gar: m.gar.toFixed(4),
          emissionsKg: m.emissionsKg.toFixed(3),
          jobEmissionsKg: m.jobEmissionsKg.toFixed(3),
          jwtdP50S: Math.round(m.jwtdP50S),
          completed: m.jobsCompleted,
          skipped: m.jobsSkipped,
          misses: m.deadlineMisses,
          requeued: m.jobsRequeued,
        },
      ]),
    );
    expect(golden).toMatchSnapshot();
  });

  it("ends every arrived job exactly once and skips the one that fits nowhere", () => {
    for (const m of Object.values(result.policies)) {
      expect(m.jobsCompleted + m.jobsSkipped + (m.jobsUnfinished ?? 0)).toBe(input.jobs.length);
      expect(m.jobsSkipped).toBeGreaterThanOrEqual(1);
      // allocate() refuses any over-allocation; a refused start would be counted here.
      expect(m.placementConflicts).toBe(0);
      expect(m.gar).toBeGreaterThan(0);
      expect(m.gar).toBeLessThanOrEqual(1);
      expect(m.energyKwh).toBeGreaterThan(m.itEnergyKwh * 1.2);
      expect(m.energyKwh).toBeLessThan(m.itEnergyKwh * 1.3);
    }
  });

  it("never allocates beyond capacity (GAR samples <= 1) and the baseline saves nothing against itself", () => {
    for (const ts of Object.values(result.timeSeries)) for (const s of ts.samples) expect(s.gar).toBeLessThanOrEqual(1 + 1e-9);
    expect(result.policies.baseline?.emissionsSavedPctVsBaseline).toBe(0);
    expect(result.policies["carbon-greedy"]?.jobEmissionsKg).toBeLessThan(result.policies.baseline?.jobEmissionsKg ?? 0);
    expect(result.policies.verdant?.jobEmissionsKg).toBeLessThan(result.policies.baseline?.jobEmissionsKg ?? 0);
  });

  it("charges exactly the idle power of up nodes when nothing runs (node c-0 down for 10 h)", () => {
    const idle = simulate({ ...input, jobs: [], policies: input.policies.slice(0, 1) }, hooks).policies.baseline;
    // dirty: 24 GPUs x 50 W x 72 h; clean: 16 GPUs x 50 W x 72 h minus 8 GPUs x 50 W x 10 h.
    expect(idle?.itEnergyKwh).toBeCloseTo(1.2 * 72 + 0.8 * 72 - 0.4 * 10, 9);
    expect(idle?.energyKwh).toBeCloseTo(1.2 * 72 * 1.3 + (0.8 * 72 - 0.4 * 10) * 1.2, 9);
    expect(idle?.jobEmissionsKg).toBe(0);
  });

  it("reports chart series", () => {
    const ts = result.timeSeries.verdant;
    expect(ts?.samples).toHaveLength(72);
    expect(ts?.waitCdf.length).toBeLessThanOrEqual(101);
    expect(ts?.waitCdf.at(-1)?.share).toBe(1);
    expect(ts?.emissionsPerDay[0]?.day).toBe("2023-01-01");
  });

  it("runs with the history-only forecaster too, deterministically", () => {
    const small = {
      ...input,
      policies: input.policies.filter((p) => p.name === "baseline" || p.name === "verdant"),
      forecast: { method: "forecaster" as const, noiseSigma: 0, horizonHours: 24 },
    };
    const a = simulate(small, hooks);
    expect(stable(simulate(small, hooks))).toEqual(stable(a));
    expect(a.policies.verdant?.jobsCompleted).toBe(120);
  });

  it("stops with SimCancelledError when asked", () => {
    let polls = 0;
    expect(() => simulate(input, { now: () => 0, shouldCancel: () => ++polls > 0 })).toThrow(SimCancelledError);
  });
});
