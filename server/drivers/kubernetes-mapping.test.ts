import { describe, expect, it } from "vitest";
import { buildJobManifests, combinePhases, kubernetesJobName, phaseFromJobStatus, tenantNamespace } from "./kubernetes-job-manifest";
import { inventoryNodeFromKubernetes, normalizeGpuModel } from "./kubernetes-inventory";
import { parseCpuMilli, parseMemoryMib } from "./kubernetes-quantities";

describe("Kubernetes quantities", () => {
  it.each([
    ["4", 4000],
    ["3500m", 3500],
    ["0.5", 500],
    ["1e3", 1_000_000],
  ])("cpu %s = %i milli", (raw, milli) => expect(parseCpuMilli(raw)).toBe(milli));
  it.each([
    ["263773860Ki", 257591],
    ["16Gi", 16384],
    ["512Mi", 512],
    ["17179869184", 16384],
    ["64G", 61035],
  ])("memory %s = %i MiB", (raw, mib) => expect(parseMemoryMib(raw)).toBe(mib));
  it("names the field of a bad quantity", () => expect(() => parseCpuMilli("four", "node a cpu")).toThrow(/node a cpu: "four" is not a Kubernetes quantity/));
});

describe("Kubernetes node mapping", () => {
  const base = {
    metadata: { name: "gpu-1", labels: {} as Record<string, string> },
    status: { capacity: { cpu: "96", memory: "1056561520Ki", "nvidia.com/gpu": "8" }, conditions: [{ type: "Ready", status: "True" }] },
  };
  it("reads GPUs from capacity and the model from labels, most precise first", () => {
    const node = inventoryNodeFromKubernetes({
      ...base,
      metadata: {
        name: "gpu-1",
        labels: {
          "nvidia.com/gpu.product": "NVIDIA-A100-SXM4-80GB",
          "node.kubernetes.io/instance-type": "p4d.24xlarge",
          "topology.kubernetes.io/zone": "eu-1a",
        },
      },
    });
    expect(node).toMatchObject({
      name: "gpu-1",
      cpuMilli: 96_000,
      memoryMib: 1_031_798,
      gpuCount: 8,
      gpuModel: "A100-SXM4-80GB",
      rack: "eu-1a",
      schedulable: true,
    });
    expect(inventoryNodeFromKubernetes({ ...base, metadata: { name: "g", labels: { "node.kubernetes.io/instance-type": "g4dn.xlarge" } } }).gpuModel).toBe(
      "g4dn.xlarge",
    );
    expect(normalizeGpuModel("Tesla-T4")).toBe("T4");
  });
  it("treats cordoned or not-ready nodes as unschedulable and CPU-only nodes as model-less", () => {
    expect(inventoryNodeFromKubernetes({ ...base, spec: { unschedulable: true } }).schedulable).toBe(false);
    const cpu = inventoryNodeFromKubernetes({ metadata: { name: "c" }, status: { capacity: { cpu: "500m", memory: "1Gi" } } });
    expect(cpu).toMatchObject({ cpuMilli: 500, memoryMib: 1024, gpuCount: 0, gpuModel: null, rack: "default", schedulable: false });
  });
  it("names the node and field when capacity is missing", () => {
    expect(() => inventoryNodeFromKubernetes({ metadata: { name: "x" }, status: { capacity: { memory: "1Gi" } } })).toThrow(
      /node x status.capacity\["cpu"\] is missing/,
    );
  });
});

describe("Job manifests", () => {
  const request = {
    jobId: "cmjob123",
    tenantSlug: "Aurora_Labs",
    estimatedDurationS: 60,
    assignments: [
      { node: "gpu-1", gpuIndices: [0, 1], milliPerGpu: 1000, cpuMilli: 8000, memoryMib: 32768 },
      { node: "gpu-2", gpuIndices: [3], milliPerGpu: 1000, cpuMilli: 8000, memoryMib: 32768 },
    ],
  };
  it("makes one pinned Job per node in the tenant namespace with GPU limits and the job-id label", () => {
    const [a, b] = buildJobManifests(request, { pinning: "nodeSelector", namespacePrefix: "verdant-", defaultImage: "img", sharedGpuResource: null });
    expect(tenantNamespace("verdant-", "Aurora_Labs")).toBe("verdant-aurora-labs");
    expect(tenantNamespace("team-gpu-", "aurora-labs")).toBe("team-gpu-aurora-labs");
    expect(a?.metadata).toMatchObject({
      name: "vj-cmjob123-0",
      namespace: "verdant-aurora-labs",
      labels: { "verdant.io/job-id": "cmjob123" },
      annotations: { "verdant.io/gpu-indices": "0,1" },
    });
    expect(a?.spec?.template.spec).toMatchObject({ nodeSelector: { "kubernetes.io/hostname": "gpu-1" }, restartPolicy: "Never" });
    expect(a?.spec?.template.spec?.containers[0]?.resources?.limits).toEqual({ cpu: "8000m", memory: "32768Mi", "nvidia.com/gpu": "2" });
    expect(b?.spec?.template.spec?.nodeSelector).toEqual({ "kubernetes.io/hostname": "gpu-2" });
    const [pinned] = buildJobManifests(
      { ...request, assignments: [{ node: "gpu-1", gpuIndices: [0], milliPerGpu: 400, cpuMilli: 1, memoryMib: 1 }] },
      { pinning: "nodeName", namespacePrefix: "ml-", defaultImage: "img", sharedGpuResource: "nvidia.com/gpu.shared" },
    );
    expect(pinned?.spec?.template.spec?.nodeName).toBe("gpu-1");
    expect(pinned?.metadata?.namespace).toBe("ml-aurora-labs");
    expect(pinned?.spec?.template.spec?.containers[0]?.resources?.limits).toMatchObject({ "nvidia.com/gpu.shared": "1" });
    expect(kubernetesJobName("X".repeat(80), 2).length).toBeLessThanOrEqual(63);
  });
  it("maps Job status to phases and combines a gang", () => {
    expect(phaseFromJobStatus(undefined).phase).toBe("pending");
    expect(phaseFromJobStatus({ active: 1 }).phase).toBe("running");
    expect(phaseFromJobStatus({ succeeded: 1 }).phase).toBe("succeeded");
    expect(
      phaseFromJobStatus({
        failed: 1,
        conditions: [{ type: "Failed", status: "True", reason: "BackoffLimitExceeded", message: "Job has reached the specified backoff limit" }],
      }),
    ).toEqual({ phase: "failed", message: "BackoffLimitExceeded: Job has reached the specified backoff limit" });
    expect(combinePhases(["succeeded", "running"])).toBe("running");
    expect(combinePhases(["succeeded", "failed"])).toBe("failed");
    expect(combinePhases(["succeeded", "succeeded"])).toBe("succeeded");
  });
});
