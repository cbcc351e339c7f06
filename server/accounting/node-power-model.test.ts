import { describe, expect, it } from "vitest";
import { accountJobHours, HOUR_MS } from "./energy-hours";
import { jobPowerModel } from "./node-power-model";

const T0 = Date.UTC(2026, 0, 1);
const node = { cpuMilli: 64_000, memoryMib: 262_144, gpuCount: 4, gpuIdleWatts: 60, gpuMaxWatts: 300 };

describe("accounting with the node-share model", () => {
  it("gives a CPU-only job non-zero energy and emissions, with the method on each row", () => {
    const model = jobPowerModel([{ node, held: { cpuMilli: 8000, memoryMib: 16_384, gpuMilli: 0 } }]);
    expect(model.meteredGpuWatts).toBe(0);
    expect(model.watts).toBeGreaterThan(0);
    const hours = accountJobHours({
      runStartMs: T0,
      runEndMs: T0 + 2 * HOUR_MS,
      workSpeed: 1,
      powerModelWatts: model.watts,
      unmeteredWatts: model.unmeteredWatts,
      energyMethod: model.method,
      samples: [],
      pue: 1.2,
      intensity: () => ({ gCo2ePerKwh: 300, source: "measured" }),
    });
    expect(hours).toHaveLength(2);
    for (const h of hours) {
      expect(h.itEnergyKwh).toBeCloseTo(model.watts / 1000);
      expect(h.emissionsGCo2e).toBeGreaterThan(0);
      expect(h.energyMethod).toBe("node-share@1");
    }
  });

  it("adds the unmetered part to telemetry hours and keeps each hour's intensity provenance", () => {
    const model = jobPowerModel([{ node, held: { cpuMilli: 16_000, memoryMib: 65_536, gpuMilli: 1000 } }]);
    expect(model.unmeteredWatts).toBeCloseTo(model.watts - model.meteredGpuWatts);
    const hours = accountJobHours({
      runStartMs: T0,
      runEndMs: T0 + 2 * HOUR_MS,
      workSpeed: 1,
      powerModelWatts: model.watts,
      unmeteredWatts: model.unmeteredWatts,
      energyMethod: model.method,
      samples: [{ atMs: T0 + 10 * 60_000, watts: 250 }],
      pue: 1,
      intensity: (h) =>
        h === T0
          ? { gCo2ePerKwh: 100, source: "measured" }
          : { gCo2ePerKwh: 200, source: "verdant-forecast", issuedAtMs: T0, model: "seasonal-level-persistence@1" },
    });
    expect(hours[0]?.energySource).toBe("telemetry");
    expect(hours[0]?.itEnergyKwh).toBeCloseTo((250 + model.unmeteredWatts) / 1000);
    expect(hours[1]?.energySource).toBe("power-model");
    expect(hours[1]).toMatchObject({ intensitySource: "verdant-forecast", intensityIssuedAt: new Date(T0), intensityModel: "seasonal-level-persistence@1" });
  });
});
