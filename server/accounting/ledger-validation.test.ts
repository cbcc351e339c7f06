import { describe, expect, it } from "vitest";
import { simulate, type SimRunPart } from "../engine";
import { smallScenario } from "../engine/sim/sim-fixture";
import { partsEmissions, shiftedRunOf, simCandidates, simZoneLookup, validateLedger } from "./ledger-validation";

const H = 3_600_000;

function runWithParts(policies: string[]) {
  const base = smallScenario(7, 80, 2);
  const input = { ...base, policies: base.policies.filter((p) => policies.includes(p.name)) };
  const parts = new Map<string, Map<string, SimRunPart[]>>();
  const result = simulate(input, {
    now: () => 0,
    onRunPart: (policy, part) => {
      const byJob = parts.get(policy) ?? new Map<string, SimRunPart[]>();
      parts.set(policy, byJob);
      byJob.set(part.jobId, [...(byJob.get(part.jobId) ?? []), part]);
    },
  });
  return { input, parts, result };
}

describe("ledger validation against the simulated truth", () => {
  it("the run parts the simulator reports add up to its own job emissions, per policy", () => {
    const { input, parts, result } = runWithParts(["baseline", "verdant"]);
    const lookups = new Map(input.zones.map((z) => [z.zone, simZoneLookup(input, z.zone)] as const));
    for (const policy of ["baseline", "verdant"]) {
      const grams = [...parts.get(policy)!.values()].reduce((g, p) => g + partsEmissions(p, input, lookups), 0);
      expect(grams / 1000).toBeCloseTo(result.policies[policy]!.jobEmissionsKg, 9);
      expect(grams).toBeGreaterThan(0);
    }
  });

  it("builds the ledger's hourly profile from run parts and the candidates from what one member needs", () => {
    const { input } = runWithParts(["baseline"]);
    const job = { ...input.jobs[0]!, arrivalMs: 0 };
    const run = shiftedRunOf(job, [
      { jobId: job.id, clusterId: "c-clean", fromMs: 0.5 * H, toMs: 2 * H, itWatts: 1000 },
      { jobId: job.id, clusterId: "c-clean", fromMs: 3 * H, toMs: 3.25 * H, itWatts: 400 },
    ]);
    expect(run.runStartMs).toBe(0.5 * H);
    expect(run.hours.map((h) => [h.hourStartMs / H, h.wallSeconds, h.itEnergyKwh])).toEqual([
      [0, 1800, 0.5],
      [1, 3600, 1],
      [3, 900, 0.1],
    ]);
    // Each fixture cluster's nodes hold 8 GPUs: a 4-GPU member fits both (weighted 24 and 16 GPUs), a 16-GPU member neither.
    expect(simCandidates(input, { ...job, gpuCount: 4, gpuMilliPerGpu: 1000 }).map((c) => [c.clusterId, c.capacity])).toEqual([
      ["c-dirty", 24],
      ["c-clean", 16],
    ]);
    expect(simCandidates(input, { ...job, gpuCount: 16, gpuMilliPerGpu: 1000 })).toEqual([]);
    expect(simCandidates(input, { ...job, allowedRegions: ["us"] })).toEqual([]);
  });

  it("compares method 1 with the baseline policy's emissions of the same jobs", () => {
    const { input, parts } = runWithParts(["baseline", "verdant"]);
    const v = validateLedger(input, parts, { verdant: "verdant", baseline: "baseline" });
    expect(v.jobs).toBeGreaterThan(40);
    expect(v.ratio).toBeCloseTo(v.estimateG / v.truthG, 12);
    expect(v.savedPctTruth).toBeCloseTo((100 * (v.truthG - v.actualG)) / v.truthG, 9);
    // The truth is not the estimate: the two policies placed and timed the jobs differently.
    expect(Math.abs(v.estimateG - v.truthG)).toBeGreaterThan(0);
    // Against itself (verdant as its own "truth"), only the shift to submission and the mix differ from the actual.
    const self = validateLedger(input, parts, { verdant: "verdant", baseline: "verdant" });
    expect(self.truthG).toBeCloseTo(self.actualG, 9);
  });
});
