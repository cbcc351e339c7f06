import { describe, expect, it } from "vitest";
import type { JobRequest } from "../model/job";
import { createCluster, type NodeSpec } from "../model/node";
import { capacityStateOf, diagnoseCapacity } from "./capacity-diagnosis";
import { nodes, occupy } from "./test-fixtures";

const req = (over: Partial<JobRequest> = {}): JobRequest => ({
  cpuMilli: 4000,
  memoryMib: 8192,
  gpuCount: 1,
  gpuMilliPerGpu: 1000,
  allowedGpuModels: [],
  gangSize: 1,
  gangSameRack: true,
  ...over,
});
const rack16 = (prefix: string, racks: number): NodeSpec[] =>
  Array.from({ length: racks * 16 }, (_, i) => ({
    name: `${prefix}-${i}`,
    cpuMilli: 128_000,
    memoryMib: 1_048_576,
    gpuCount: 8,
    gpuModel: "H100",
    rack: `${prefix}-r${Math.floor(i / 16)}`,
  }));

const cases: { name: string; state: ReturnType<typeof createCluster>; job: JobRequest; reasons: unknown[] }[] = [
  { name: "fits: no reasons", state: createCluster(nodes("a", 2, "A100")), job: req(), reasons: [] },
  {
    name: "500 CPU cores and 4,000 GiB: CPU and memory named, not GPUs",
    state: createCluster(nodes("a", 4, "A100")),
    job: req({ cpuMilli: 500_000, memoryMib: 4000 * 1024 }),
    reasons: [
      { code: "INSUFFICIENT_CPU", resource: "cpu", unit: "milliCpu", requested: 500_000, available: 128_000, capacity: 128_000 },
      { code: "INSUFFICIENT_MEMORY", resource: "memory", unit: "mib", requested: 4000 * 1024, available: 1_048_576, capacity: 1_048_576 },
    ],
  },
  {
    name: "8 GPUs limited to A100 on an H100 cluster: model absent",
    state: createCluster(nodes("h", 4, "H100")),
    job: req({ gpuCount: 8, gangSize: 4, allowedGpuModels: ["A100"] }),
    reasons: [{ code: "GPU_MODEL_ABSENT", resource: "gpu-model", subject: "A100" }],
  },
  {
    name: "whole GPUs busy: the closest node's free count",
    state: occupy(createCluster(nodes("a", 2, "A100")), 5),
    job: req({ gpuCount: 4 }),
    reasons: [{ code: "INSUFFICIENT_GPUS", resource: "gpu-count", unit: "gpus", requested: 4, available: 3, capacity: 8 }],
  },
  {
    name: "GPU share: the largest free share",
    state: { nodes: createCluster(nodes("a", 1, "A100", 2)).nodes.map((n) => ({ ...n, gpuMilliFree: [300, 450] })) },
    job: req({ gpuMilliPerGpu: 500 }),
    reasons: [{ code: "NO_GPU_WITH_ENOUGH_SHARE", resource: "gpu-share", unit: "milliGpu", requested: 500, available: 450, capacity: 1000 }],
  },
  {
    name: "17-node gang vs 16-node racks: the rack rule",
    state: createCluster(rack16("h", 8)),
    job: req({ gpuCount: 8, gangSize: 17 }),
    reasons: [{ code: "RACK_CAPACITY_FOR_GANG", resource: "gang", unit: "members", requested: 17, available: 16, subject: "h-r0" }],
  },
  {
    name: "17-node gang allowed across racks fits",
    state: createCluster(rack16("h", 8)),
    job: req({ gpuCount: 8, gangSize: 17, gangSameRack: false }),
    reasons: [],
  },
  {
    name: "gang larger than the cluster (racks not required)",
    state: createCluster(nodes("a", 3, "A100")),
    job: req({ gangSize: 5, gangSameRack: false }),
    reasons: [{ code: "GANG_TOO_LARGE", resource: "gang", unit: "nodes", requested: 5, available: 3 }],
  },
  {
    name: "no ready node",
    state: { nodes: createCluster(nodes("a", 2, "A100")).nodes.map((n) => ({ ...n, ready: false })) },
    job: req(),
    reasons: [{ code: "NODES_NOT_READY", resource: "node", unit: "nodes", requested: 1, available: 0 }],
  },
];

describe("capacity diagnosis", () => {
  it.each(cases)("$name", ({ state, job, reasons }) => {
    expect(diagnoseCapacity(state, job)).toEqual(reasons);
  });

  it("the empty view frees everything and readies every node (cached per state)", () => {
    const busy = { nodes: occupy(createCluster(nodes("a", 1, "A100")), 8).nodes.map((n) => ({ ...n, ready: false, cpuMilliFree: 0 })) };
    const empty = capacityStateOf(busy);
    expect(empty.nodes[0]).toMatchObject({ ready: true, cpuMilliFree: 128_000, gpuMilliFree: Array(8).fill(1000) });
    expect(capacityStateOf(busy)).toBe(empty);
    expect(diagnoseCapacity(empty, req({ gpuCount: 8 }))).toEqual([]);
  });
});
