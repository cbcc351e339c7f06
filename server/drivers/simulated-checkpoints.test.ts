import { describe, expect, it } from "vitest";
import { createManualClock } from "./clock";
import { createSimulatedDriver } from "./simulated-driver";
import type { InventoryNode, StartJobRequest } from "./types";

const T0 = Date.UTC(2026, 2, 15, 12, 0, 0);
const nodes: InventoryNode[] = [{ name: "n1", cpuMilli: 64_000, memoryMib: 262_144, gpuModel: "A100", gpuCount: 2, labels: {}, rack: "r1", schedulable: true }];

function setup() {
  const clock = createManualClock(T0);
  const driver = createSimulatedDriver({ nodes, gpuPower: { A100: { idleWatts: 50, maxWatts: 400 } }, clock: clock.now, seed: 1 });
  return { clock, driver };
}

const resumed: StartJobRequest = {
  jobId: "r1",
  tenantSlug: "aurora-labs",
  // 3000 s left of a 4200 s job that saved 1200 s before it was preempted.
  estimatedDurationS: 3000,
  resumeFromWorkS: 1200,
  checkpointIntervalS: 600,
  assignments: [{ node: "n1", gpuIndices: [0], milliPerGpu: 1000, cpuMilli: 8000, memoryMib: 16_384 }],
};

describe("simulated driver checkpoints and resume", () => {
  it("runs only the remaining work and checkpoints every interval on top of the work it resumed from", async () => {
    const { clock, driver } = setup();
    await driver.startJob(resumed);
    clock.advance(500_000);
    expect((await driver.pollJob("r1")).checkpoint).toBeNull();
    clock.advance(800_000);
    expect((await driver.pollJob("r1")).checkpoint).toEqual({ workS: 1200 + 1200, atMs: T0 + 1200_000 });
    clock.advance(1700_000);
    const done = await driver.pollJob("r1");
    expect(done).toMatchObject({ phase: "succeeded", finishedAtMs: T0 + 3000_000 });
  });

  it("keeps the last checkpoint before a stop, and a job without an interval never checkpoints", async () => {
    const { clock, driver } = setup();
    await driver.startJob(resumed);
    clock.advance(700_000);
    await driver.cancelJob("r1");
    clock.advance(5000_000);
    expect(await driver.pollJob("r1")).toMatchObject({ phase: "cancelled", checkpoint: { workS: 1800, atMs: T0 + 600_000 } });
    await driver.discardJob("r1");
    await driver.startJob({ ...resumed, checkpointIntervalS: null, resumeFromWorkS: 0, estimatedDurationS: 4200 });
    clock.advance(4000_000);
    expect((await driver.pollJob("r1")).checkpoint).toBeNull();
  });
});
