import { describe, expect, it } from "vitest";
import { createManualClock } from "./clock";
import { createSimulatedDriver } from "./simulated-driver";
import { DriverError, type InventoryNode, type StartJobRequest } from "./types";

const T0 = Date.UTC(2026, 2, 15, 12, 0, 0);
const nodes: InventoryNode[] = [
  { name: "n1", cpuMilli: 64_000, memoryMib: 262_144, gpuModel: "A100", gpuCount: 2, labels: {}, rack: "r1", schedulable: true },
  { name: "n2", cpuMilli: 64_000, memoryMib: 262_144, gpuModel: "A100", gpuCount: 2, labels: {}, rack: "r1", schedulable: false },
];
const gpuPower = { A100: { idleWatts: 50, maxWatts: 400 } };
const job = (jobId: string, node = "n1"): StartJobRequest => ({
  jobId,
  tenantSlug: "aurora-labs",
  estimatedDurationS: 3600,
  assignments: [{ node, gpuIndices: [0], milliPerGpu: 1000, cpuMilli: 8000, memoryMib: 16_384 }],
});

function setup(health?: Parameters<typeof createSimulatedDriver>[0]["health"]) {
  const clock = createManualClock(T0);
  return { clock, driver: createSimulatedDriver({ nodes, gpuPower, clock: clock.now, seed: 1, health }) };
}

describe("simulated cluster faults", () => {
  it("reports node health: injected faults, cordons from the inventory, READY again once cleared", async () => {
    const { driver } = setup();
    expect(await driver.readNodeHealth()).toEqual([
      { node: "n1", status: "READY", reason: null },
      { node: "n2", status: "CORDONED", reason: "not schedulable in the stored inventory" },
    ]);
    driver.setNodeHealth("n1", "GPU_ERROR", "Xid 79: GPU has fallen off the bus");
    expect((await driver.readNodeHealth())[0]).toEqual({ node: "n1", status: "GPU_ERROR", reason: "Xid 79: GPU has fallen off the bus" });
    expect((await driver.listInventory())[0]!.schedulable).toBe(false);
    await expect(driver.startJob(job("j1"))).rejects.toMatchObject({ code: "CAPACITY" });
    driver.setNodeHealth("n1", "READY");
    expect((await driver.readNodeHealth())[0]).toEqual({ node: "n1", status: "READY", reason: null });
    await driver.startJob(job("j1"));
    expect(() => driver.setNodeHealth("n9", "NOT_READY")).toThrow(DriverError);
  });

  it("starts with the health stored before a restart", async () => {
    const { driver } = setup([{ node: "n1", status: "NOT_READY", reason: "kubelet stopped posting node status" }]);
    expect((await driver.readNodeHealth())[0]).toEqual({ node: "n1", status: "NOT_READY", reason: "kubelet stopped posting node status" });
  });

  it("keeps a job on a lost node running (the control loop decides), and lists jobs with their phases", async () => {
    const { clock, driver } = setup();
    await driver.startJob(job("j1"));
    driver.setNodeHealth("n1", "NOT_READY", "lost");
    clock.advance(60_000);
    expect(await driver.listJobs()).toEqual([{ jobId: "j1", phase: "running" }]);
    await driver.cancelJob("j1");
    expect(await driver.listJobs()).toEqual([{ jobId: "j1", phase: "cancelled" }]);
  });

  it("fails the planned runs at the given fraction, then lets the next run succeed", async () => {
    const { clock, driver } = setup();
    driver.failRunAt("j1", 0.25, "CUDA error", 2);
    for (let run = 0; run < 2; run++) {
      await driver.startJob(job("j1"));
      clock.advance(899_000);
      expect((await driver.pollJob("j1")).phase).toBe("running");
      clock.advance(1_000);
      expect(await driver.pollJob("j1")).toMatchObject({ phase: "failed", message: "CUDA error", finishedAtMs: clock.now() });
    }
    // A finished run is replaced by the next start of the same id.
    await driver.startJob(job("j1"));
    clock.advance(3600_000);
    expect((await driver.pollJob("j1")).phase).toBe("succeeded");
  });

  it("fails a run under way now when its point has passed", async () => {
    const { clock, driver } = setup();
    await driver.startJob(job("j1"));
    clock.advance(1800_000);
    driver.failRunAt("j1", 0.1, "ECC error");
    expect(await driver.pollJob("j1")).toMatchObject({ phase: "failed", message: "ECC error", finishedAtMs: clock.now() });
    expect(() => driver.failRunAt("j1", 1.5, "x")).toThrow(/atFraction must be within 0..1/);
  });

  it("refuses to start a job that still runs, and to re-attach a lost job; discarding forgets it", async () => {
    const { driver } = setup();
    await driver.startJob(job("j1"));
    await expect(driver.startJob(job("j1"))).rejects.toMatchObject({ code: "DUPLICATE_JOB" });
    driver.loseJob("j1");
    expect(await driver.listJobs()).toEqual([]);
    expect(() => driver.restoreJob(job("j1"), T0)).toThrow(/gone from this simulated cluster/);
    await driver.startJob(job("j1"));
    await driver.discardJob("j1");
    await driver.discardJob("never-started");
    expect(await driver.listJobs()).toEqual([]);
  });
});
