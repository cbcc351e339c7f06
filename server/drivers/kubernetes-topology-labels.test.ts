import { describe, expect, it } from "vitest";
import { inventoryNodeFromKubernetes } from "./kubernetes-inventory";

const node = (labels: Record<string, string>) =>
  inventoryNodeFromKubernetes({
    metadata: { name: "gpu-1", labels },
    status: { capacity: { cpu: "64", memory: "512Gi", "nvidia.com/gpu": "8" }, conditions: [{ type: "Ready", status: "True" }] },
  });

describe("topology labels of Kubernetes nodes", () => {
  it("reads rack, switch group and pod from verdant.io labels first", () => {
    const n = node({
      "verdant.io/rack": "r7",
      "verdant.io/switch": "leaf-2",
      "verdant.io/pod": "pod-a",
      "network.topology.kubernetes.io/rack": "other",
      "topology.kubernetes.io/zone": "eu-1a",
    });
    expect(n).toMatchObject({ rack: "r7", switchGroup: "leaf-2", podGroup: "pod-a" });
  });

  it("falls back to network.topology labels, and leaves unknown levels null", () => {
    expect(
      node({ "network.topology.kubernetes.io/rack": "r1", "network.topology.kubernetes.io/spine": "s1", "network.topology.kubernetes.io/block": "b1" }),
    ).toMatchObject({ rack: "r1", switchGroup: "s1", podGroup: "b1" });
    expect(node({ "topology.kubernetes.io/zone": "eu-1a" })).toMatchObject({ rack: "eu-1a", switchGroup: null, podGroup: null });
    expect(node({})).toMatchObject({ rack: "default", switchGroup: null, podGroup: null });
  });
});
