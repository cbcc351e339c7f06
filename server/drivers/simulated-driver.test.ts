import { describe, expect, it } from "vitest";
import { createManualClock, createSimClock } from "./clock";
import { createSimulatedDriver } from "./simulated-driver";
import type { InventoryNode, StartJobRequest } from "./types";

const T0 = Date.UTC(2026, 2, 15, 12, 0, 0);
const nodes: InventoryNode[] = [
  { name: "n1", cpuMilli: 64_000, memoryMib: 262_144, gpuModel: "A100", gpuCount: 2, labels: { zone: "a" }, rack: "r1", schedulable: true },
  { name: "n2", cpuMilli: 32_000, memoryMib: 131_072, gpuModel: null, gpuCount: 0, labels: {}, rack: "r1", schedulable: true },
  { name: "n3", cpuMilli: 32_000, memoryMib: 131_072, gpuModel: "A100", gpuCount: 1, labels: {}, rack: "r2", schedulable: false },
];
const gpuPower = { A100: { idleWatts: 50, maxWatts: 400 } };

function job(jobId: string, overrides: Partial<StartJobRequest> = {}): StartJobRequest {
  return {
    jobId,
    tenantSlug: "aurora-labs",
    estimatedDurationS: 3600,
    assignments: [{ node: "n1", gpuIndices: [0], milliPerGpu: 1000, cpuMilli: 8000, memoryMib: 16_384 }],
    ...overrides,
  };
}

function setup(jitter = 0.1) {
  const clock = createManualClock(T0);
  const driver = createSimulatedDriver({ nodes, gpuPower, clock: clock.now, seed: 42, jitter });
  return { clock, driver };
}

describe("simulated driver", () => {
  it("starts two gang members on one node with GPUs of their own, checking the node's capacity for both", async () => {
    const { driver } = setup();
    const member = (gpu: number, cpuMilli: number) => ({ node: "n1", gpuIndices: [gpu], milliPerGpu: 1000, cpuMilli, memoryMib: 16_384 });
    await driver.startJob(job("gang", { assignments: [member(0, 8000), member(1, 8000)] }));
    expect(await driver.pollJob("gang")).toMatchObject({ phase: "running" });
    await expect(driver.startJob(job("same-gpu", { assignments: [member(0, 1000), member(0, 1000)] }))).rejects.toThrow(/appears twice with the same GPUs/);
    const { driver: fresh } = setup();
    // Each member alone fits the node's 64 cores; together they do not.
    await expect(fresh.startJob(job("too-big", { assignments: [member(0, 40_000), member(1, 40_000)] }))).rejects.toThrow(/80000 of 64000 milli-CPU/);
  });

  it("runs a job for its duration and then reports success", async () => {
    const { clock, driver } = setup();
    await driver.startJob(job("j1"));
    expect(await driver.pollJob("j1")).toMatchObject({ phase: "running", fraction: 0, startedAtMs: T0, finishedAtMs: null });
    clock.advance(1800_000);
    expect(await driver.pollJob("j1")).toMatchObject({ phase: "running", fraction: 0.5 });
    clock.advance(1800_000);
    expect(await driver.pollJob("j1")).toMatchObject({ phase: "succeeded", fraction: 1, finishedAtMs: T0 + 3600_000 });
  });

  it("derives power from utilization between idle and max watts, idle GPUs at idle power", async () => {
    const { driver } = setup(0);
    await driver.startJob(job("j1"));
    const report = await driver.readTelemetry(T0 + 60_000);
    expect(report.unavailableReason).toBeNull();
    expect(report.gpus.map((g) => [g.node, g.gpuIndex, g.utilization, g.powerWatts, g.jobIds])).toEqual([
      ["n1", 0, 1, 400, ["j1"]],
      ["n1", 1, 0, 50, []],
      ["n3", 0, 0, 50, []],
    ]);
  });

  it("applies seeded jitter: within the bound, reproducible for the same instant, sharing jobs add up", async () => {
    const { driver } = setup(0.1);
    await driver.startJob(job("s1", { assignments: [{ node: "n1", gpuIndices: [1], milliPerGpu: 300, cpuMilli: 1000, memoryMib: 1024 }] }));
    await driver.startJob(job("s2", { assignments: [{ node: "n1", gpuIndices: [1], milliPerGpu: 500, cpuMilli: 1000, memoryMib: 1024 }] }));
    const seen = new Set<number>();
    for (let m = 0; m < 30; m++) {
      const at = T0 + m * 60_000;
      const gpu = (await driver.readTelemetry(at)).gpus.find((g) => g.node === "n1" && g.gpuIndex === 1);
      expect(gpu?.jobIds).toEqual(["s1", "s2"]);
      expect(gpu?.utilization).toBeGreaterThanOrEqual(0.8 * 0.9);
      expect(gpu?.utilization).toBeLessThanOrEqual(0.8);
      expect(gpu?.powerWatts).toBeCloseTo(50 + 350 * (gpu?.utilization ?? 0), 9);
      expect((await driver.readTelemetry(at)).gpus).toEqual((await driver.readTelemetry(at)).gpus);
      seen.add(gpu?.utilization ?? 0);
    }
    expect(seen.size).toBeGreaterThan(20);
  });

  it("cancels a running job, frees its GPU, and ignores a second cancel", async () => {
    const { clock, driver } = setup();
    await driver.startJob(job("j1"));
    clock.advance(600_000);
    await driver.cancelJob("j1");
    await driver.cancelJob("j1");
    expect(await driver.pollJob("j1")).toMatchObject({ phase: "cancelled", finishedAtMs: T0 + 600_000, message: "cancelled" });
    const gpu = (await driver.readTelemetry(T0 + 700_000)).gpus[0];
    expect(gpu).toMatchObject({ utilization: 0, powerWatts: 50, jobIds: [] });
    await expect(driver.startJob(job("j2"))).resolves.toBeUndefined();
  });

  it("refuses over-committed GPUs, CPU, unknown nodes, unschedulable nodes, bad indices and duplicates", async () => {
    const { clock, driver } = setup();
    await driver.startJob(job("j1"));
    await expect(driver.startJob(job("j1"))).rejects.toMatchObject({ code: "DUPLICATE_JOB" });
    await expect(driver.startJob(job("j2"))).rejects.toMatchObject({ code: "CAPACITY", message: expect.stringContaining("n1#0 would hold 2000") });
    await expect(
      driver.startJob(job("j3", { assignments: [{ node: "n2", gpuIndices: [], milliPerGpu: 0, cpuMilli: 40_000, memoryMib: 1 }] })),
    ).rejects.toMatchObject({ code: "CAPACITY", details: { field: "cpuMilli" } });
    await expect(
      driver.startJob(job("j4", { assignments: [{ node: "nx", gpuIndices: [], milliPerGpu: 0, cpuMilli: 1, memoryMib: 1 }] })),
    ).rejects.toMatchObject({ code: "UNKNOWN_NODE" });
    await expect(
      driver.startJob(job("j5", { assignments: [{ node: "n3", gpuIndices: [0], milliPerGpu: 1000, cpuMilli: 1, memoryMib: 1 }] })),
    ).rejects.toMatchObject({ code: "CAPACITY", message: expect.stringContaining("not schedulable") });
    await expect(
      driver.startJob(job("j6", { assignments: [{ node: "n1", gpuIndices: [2], milliPerGpu: 1000, cpuMilli: 1, memoryMib: 1 }] })),
    ).rejects.toMatchObject({ code: "INVALID_REQUEST" });
    await expect(
      driver.startJob(job("j7", { assignments: [{ node: "n1", gpuIndices: [0, 1], milliPerGpu: 500, cpuMilli: 1, memoryMib: 1 }] })),
    ).rejects.toMatchObject({ code: "INVALID_REQUEST", details: { field: "assignments[0].milliPerGpu" } });
    await expect(driver.pollJob("nope")).rejects.toMatchObject({ code: "UNKNOWN_JOB" });
    // Once j1 has finished, its GPU is free again.
    clock.advance(3600_000);
    await expect(driver.startJob(job("j8"))).resolves.toBeUndefined();
  });

  it("fails a running job on request", async () => {
    const { clock, driver } = setup();
    await driver.startJob(job("j1"));
    clock.advance(1000);
    driver.failJob("j1", "OOM");
    expect(await driver.pollJob("j1")).toMatchObject({ phase: "failed", message: "OOM", finishedAtMs: T0 + 1000 });
  });

  it("runs on a sim clock: at 60x a one-hour job ends after one real minute, speed changes keep time continuous", async () => {
    const real = createManualClock(1_000);
    const sim = createSimClock({ real: real.now, startMs: T0, speed: 60 });
    const driver = createSimulatedDriver({ nodes, gpuPower, clock: sim.now, seed: 1 });
    await driver.startJob(job("j1"));
    real.advance(30_000);
    expect((await driver.pollJob("j1")).fraction).toBe(0.5);
    sim.setSpeed(120);
    expect(sim.now()).toBe(T0 + 1800_000);
    real.advance(15_000);
    expect(await driver.pollJob("j1")).toMatchObject({ phase: "succeeded" });
    expect(() => sim.setSpeed(0)).toThrow(/positive/);
  });
});
