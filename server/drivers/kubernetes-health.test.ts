import type { V1Node } from "@kubernetes/client-node";
import { describe, expect, it } from "vitest";
import { nodeHealthFromKubernetes } from "./kubernetes-health";

function node(over: {
  ready?: "True" | "False" | "Unknown" | null;
  message?: string;
  capacity?: string;
  allocatable?: string;
  unschedulable?: boolean;
}): V1Node {
  const gpu = (v: string | undefined): Record<string, string> => (v === undefined ? {} : { "nvidia.com/gpu": v });
  return {
    metadata: { name: "gpu-7" },
    spec: { unschedulable: over.unschedulable },
    status: {
      capacity: { cpu: "64", memory: "256Gi", ...gpu(over.capacity) },
      allocatable: { cpu: "63", memory: "250Gi", ...gpu(over.allocatable) },
      conditions: over.ready === null ? [] : [{ type: "Ready", status: over.ready ?? "True", reason: "KubeletNotReady", message: over.message }],
    },
  };
}

describe("Kubernetes node health", () => {
  it("is READY when Ready is True, every GPU allocatable and the node not cordoned", () => {
    expect(nodeHealthFromKubernetes(node({ capacity: "8", allocatable: "8" }))).toEqual({ node: "gpu-7", status: "READY", reason: null });
    expect(nodeHealthFromKubernetes(node({}))).toEqual({ node: "gpu-7", status: "READY", reason: null });
  });
  it("is NOT_READY when Ready is False, Unknown or missing, with the condition's reason", () => {
    expect(nodeHealthFromKubernetes(node({ ready: "Unknown", message: "Kubelet stopped posting node status." }))).toEqual({
      node: "gpu-7",
      status: "NOT_READY",
      reason: "Ready is Unknown (KubeletNotReady): Kubelet stopped posting node status.",
    });
    expect(nodeHealthFromKubernetes(node({ ready: "False" })).status).toBe("NOT_READY");
    expect(nodeHealthFromKubernetes(node({ ready: null }))).toMatchObject({ status: "NOT_READY", reason: "no Ready condition reported" });
  });
  it("is GPU_ERROR when the device plugin withdrew GPUs, even on a cordoned node", () => {
    expect(nodeHealthFromKubernetes(node({ capacity: "8", allocatable: "6", unschedulable: true }))).toEqual({
      node: "gpu-7",
      status: "GPU_ERROR",
      reason: "6 of 8 GPUs allocatable (2 withdrawn by the device plugin)",
    });
    expect(nodeHealthFromKubernetes(node({ capacity: "8" })).status).toBe("GPU_ERROR");
  });
  it("is CORDONED when unschedulable and otherwise healthy", () => {
    expect(nodeHealthFromKubernetes(node({ capacity: "8", allocatable: "8", unschedulable: true }))).toEqual({
      node: "gpu-7",
      status: "CORDONED",
      reason: "cordoned (spec.unschedulable)",
    });
  });
});
