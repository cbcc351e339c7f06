import { describe, expect, it } from "vitest";
import { simulatedJobEvents } from "./simulated-events";
import { newSimJob } from "./simulated-jobs";

const request = {
  jobId: "job-1",
  tenantSlug: "t",
  estimatedDurationS: 100,
  assignments: [
    { node: "n1", gpuIndices: [0, 1], milliPerGpu: 1000, cpuMilli: 1, memoryMib: 1 },
    { node: "n2", gpuIndices: [3], milliPerGpu: 1000, cpuMilli: 1, memoryMib: 1 },
  ],
};

describe("simulatedJobEvents", () => {
  it("reports each member scheduled, the start, and the end once the run is over, with stable keys", () => {
    const job = newSimJob(request, 1_000);
    expect(simulatedJobEvents(job, 500)).toEqual([]);
    const running = simulatedJobEvents(job, 50_000);
    expect(running.map((e) => [e.kind, e.message])).toEqual([
      ["scheduled", "Scheduled: member 1 assigned to node n1, GPUs 0, 1"],
      ["scheduled", "Scheduled: member 2 assigned to node n2, GPUs 3"],
      ["started", "Started: all members running"],
    ]);
    const done = simulatedJobEvents(job, 200_000);
    expect(done.slice(0, 3)).toEqual(running);
    expect(done[3]).toMatchObject({ kind: "completed", atMs: 101_000, warning: false });
  });

  it("reports a failure as a warning with the cluster's message, and a new run under new keys", () => {
    const job = newSimJob(request, 1_000);
    job.stop = { atMs: 20_000, phase: "failed", message: "CUDA error: out of memory" };
    const events = simulatedJobEvents(job, 30_000);
    expect(events.at(-1)).toMatchObject({ kind: "failed", message: "Failed: CUDA error: out of memory", warning: true, atMs: 20_000 });
    const again = simulatedJobEvents(newSimJob(request, 40_000), 50_000);
    const earlier = new Set(events.map((e) => e.key));
    expect(again.filter((e) => earlier.has(e.key))).toEqual([]);
  });
});
