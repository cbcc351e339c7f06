import { describe, expect, it } from "vitest";
import { hourProvenanceSchema, intensitySeriesSchema } from "./series";
import { estimateNodeShareEnergyKwh } from "./energy";
import { CPU_MAX_WATTS_PER_VCPU, CPU_MIN_WATTS_PER_VCPU, MEMORY_WATTS_PER_GIB, nodeSharePowerWatts, sumNodeSharePower } from "./node-power";

const avg = { signalType: "average", emissionFactorType: "lifecycle" } as const;

describe("hour provenance kinds", () => {
  it("reads the one 'forecast' kind of older stored series as the kind its provider implies", () => {
    expect(hourProvenanceSchema.parse({ kind: "forecast", provider: "verdant-forecaster", ...avg, forecastIssuedAtMs: 1 }).kind).toBe("verdant-forecast");
    expect(hourProvenanceSchema.parse({ kind: "forecast", provider: "annual average (no feed data)", ...avg }).kind).toBe("annual-average");
    expect(hourProvenanceSchema.parse({ kind: "forecast", provider: "electricitymaps", ...avg, forecastIssuedAtMs: 1 }).kind).toBe("provider-forecast");
    expect(hourProvenanceSchema.parse({ kind: "measured", provider: "electricitymaps", ...avg }).kind).toBe("measured");
  });
  it("refuses an unknown kind naming the field", () => {
    const r = intensitySeriesSchema.safeParse({ zone: "Z", startMs: 0, gCo2ePerKwh: [1], provenance: [{ kind: "guess", provider: "p", ...avg }], ...avg });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(["provenance", 0, "kind"]);
  });
});

describe("node-share power model", () => {
  const gpuNode = { cpuMilli: 128_000, memoryMib: 1_048_576, gpuCount: 8, gpuIdleWatts: 50, gpuMaxWatts: 400 };

  it("gives a CPU-only job non-zero energy: its cores, memory and share of the node's idle power", () => {
    const p = nodeSharePowerWatts(gpuNode, { cpuMilli: 16_000, memoryMib: 65_536, gpuMilli: 0 }, { gpu: 0.8 });
    const share = 16 / 128;
    expect(p.share).toBeCloseTo(share);
    expect(p.gpuWatts).toBe(0);
    expect(p.cpuWatts).toBeCloseTo(16 * (CPU_MAX_WATTS_PER_VCPU - CPU_MIN_WATTS_PER_VCPU) * 0.5);
    expect(p.memoryWatts).toBeCloseTo(64 * MEMORY_WATTS_PER_GIB);
    expect(p.idleShareWatts).toBeCloseTo(share * (8 * 50 + 128 * CPU_MIN_WATTS_PER_VCPU));
    const e = estimateNodeShareEnergyKwh({ power: sumNodeSharePower([p]), gpus: 0, durationS: 3600, pue: 1.2 });
    expect(e.value).toBeGreaterThan(0);
    expect(e.value).toBeCloseTo((p.watts * 1.2) / 1000);
    expect(e.formula).toContain("node-share@1");
  });

  it("charges a whole-node job all of the node's idle power and a 1-of-8-GPU job one GPU's", () => {
    const whole = nodeSharePowerWatts(gpuNode, { cpuMilli: 128_000, memoryMib: 1_048_576, gpuMilli: 8000 }, { gpu: 1, cpu: 1 });
    expect(whole.idleShareWatts).toBeCloseTo(8 * 50 + 128 * CPU_MIN_WATTS_PER_VCPU);
    expect(whole.gpuWatts + whole.idleShareWatts - 128 * CPU_MIN_WATTS_PER_VCPU).toBeCloseTo(8 * 400);
    const one = nodeSharePowerWatts(gpuNode, { cpuMilli: 4000, memoryMib: 8192, gpuMilli: 1000 }, { gpu: 0.8 });
    expect(one.share).toBeCloseTo(1 / 8);
    expect(one.gpuWatts + (1 / 8) * 8 * 50).toBeCloseTo(50 + 350 * 0.8);
  });

  it("refuses out-of-range inputs", () => {
    expect(() => nodeSharePowerWatts(gpuNode, { cpuMilli: -1, memoryMib: 0, gpuMilli: 0 }, { gpu: 0.5 })).toThrow(/INVALID_ENERGY_INPUT/);
    expect(() => nodeSharePowerWatts(gpuNode, { cpuMilli: 0, memoryMib: 0, gpuMilli: 0 }, { gpu: 1.5 })).toThrow(/INVALID_ENERGY_INPUT/);
  });
});
