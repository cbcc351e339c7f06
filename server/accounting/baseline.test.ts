import { describe, expect, it } from "vitest";
import { BASELINE_METHOD, estimateBaseline, shiftedEmissions, usableCapacity, type BaselineCandidate } from "./baseline";
import { HOUR_MS, type HourIntensity } from "./energy-hours";

const T0 = Date.UTC(2026, 0, 10, 0, 0, 0);

/** One job: 2 kWh of IT energy over two whole hours, submitted at T0, run from T0 + 3 h. */
const run = {
  hours: [
    { hourStartMs: T0 + 3 * HOUR_MS, wallSeconds: 3600, itEnergyKwh: 1 },
    { hourStartMs: T0 + 4 * HOUR_MS, wallSeconds: 3600, itEnergyKwh: 1 },
  ],
  runStartMs: T0 + 3 * HOUR_MS,
  submittedAtMs: T0,
};

const flat =
  (g: number, source: HourIntensity["source"] = "measured") =>
  () => ({ gCo2ePerKwh: g, source });

// A clean hub and a clean regional cluster, and a small dirty edge cluster: the one a least-loaded
// baseline would pick alone, since the carbon-aware scheduler leaves it empty.
const zones: Record<string, number> = { clean: 100, mid: 200, dirty: 500 };
const intensityOf = (zoneId: string) => flat(zones[zoneId]!);
const fleet: BaselineCandidate[] = [
  { clusterId: "hub", zoneId: "clean", pue: 1.1, capacity: 64 },
  { clusterId: "regional", zoneId: "mid", pue: 1.2, capacity: 32 },
  { clusterId: "edge", zoneId: "dirty", pue: 1.45, capacity: 8 },
];

describe("capacity-weighted baseline", () => {
  it("names a new method version", () => {
    expect(BASELINE_METHOD).toMatch(/^capacity-weighted-start-at-submit@\d+$/);
  });

  it("mixes every candidate by capacity instead of picking the dirty one alone", () => {
    const e = estimateBaseline(run, fleet, intensityOf)!;
    const per = { hub: 2 * 1.1 * 100, regional: 2 * 1.2 * 200, edge: 2 * 1.45 * 500 };
    expect(e.mix.map((m) => [m.clusterId, m.gCo2e])).toEqual(Object.entries(per));
    const expected = (64 * per.hub + 32 * per.regional + 8 * per.edge) / 104;
    expect(e.gCo2e).toBeCloseTo(expected, 9);
    expect(e.gCo2e).toBeLessThan(per.edge * 0.5);
    expect(e.minGCo2e).toBeCloseTo(per.hub, 9);
    expect(e.maxGCo2e).toBeCloseTo(per.edge, 9);
    expect(e.candidates).toBe(3);
    expect(e.mix.find((m) => m.clusterId === "edge")!.weight).toBeCloseTo(8 / 104, 12);
  });

  it("moves with capacity: doubling the edge cluster's GPUs raises its weight", () => {
    const small = estimateBaseline(run, fleet, intensityOf)!;
    const bigger = estimateBaseline(
      run,
      fleet.map((c) => (c.clusterId === "edge" ? { ...c, capacity: 16 } : c)),
      intensityOf,
    )!;
    expect(bigger.gCo2e).toBeGreaterThan(small.gCo2e);
    expect(bigger.mix.find((m) => m.clusterId === "edge")!.weight).toBeCloseTo(16 / 112, 12);
  });

  it("does not depend on allocation: candidates carry capacity only, and usable capacity ignores what is allocated", () => {
    const nodes = [
      { gpuModel: "A100", gpus: 8, cpuMilli: 64_000 },
      { gpuModel: "T4", gpus: 4, cpuMilli: 32_000 },
      { gpuModel: null, gpus: 0, cpuMilli: 16_000 },
    ];
    expect(usableCapacity(nodes, { gpuCount: 1, allowedGpuModels: [] })).toBe(12);
    expect(usableCapacity(nodes, { gpuCount: 1, allowedGpuModels: ["T4"] })).toBe(4);
    expect(usableCapacity(nodes, { gpuCount: 0, allowedGpuModels: [] })).toBe(112);
    // The estimate is a function of the run, the candidates' capacity, PUE and zone intensity only:
    // the same inputs give the same figure whatever else the fleet runs.
    expect(estimateBaseline(run, fleet, intensityOf)).toEqual(estimateBaseline(run, [...fleet], intensityOf));
  });

  it("prices the shifted hours and carries the least certain intensity source", () => {
    // Hours after T0 + 1 h have no measurement in this zone.
    const lookup = (hourStartMs: number): HourIntensity =>
      hourStartMs < T0 + HOUR_MS ? { gCo2ePerKwh: 100, source: "measured" } : { gCo2ePerKwh: 300, source: "annual-average" };
    const e = shiftedEmissions(run, 1, lookup);
    expect(e.gCo2e).toBeCloseTo(1 * 100 + 1 * 300, 9);
    expect(e.intensitySource).toBe("annual-average");
    const est = estimateBaseline(run, [{ clusterId: "a", zoneId: "z", pue: 1, capacity: 1 }], () => lookup)!;
    expect(est.intensitySource).toBe("annual-average");
  });

  it("counts candidates equally when none has capacity, and gives null without candidates", () => {
    const e = estimateBaseline(
      run,
      fleet.map((c) => ({ ...c, capacity: 0 })),
      intensityOf,
    )!;
    expect(e.gCo2e).toBeCloseTo((2 * 1.1 * 100 + 2 * 1.2 * 200 + 2 * 1.45 * 500) / 3, 9);
    expect(estimateBaseline(run, [], intensityOf)).toBeNull();
    expect(() => estimateBaseline(run, [{ ...fleet[0]!, capacity: Number.NaN }], intensityOf)).toThrow(/capacity of candidate hub/);
  });
});
