/**
 * Kubernetes Node objects to Verdant inventory nodes. GPU count comes from
 * status.capacity["nvidia.com/gpu"] (the NVIDIA device plugin); the model from the labels GPU
 * Feature Discovery or cloud providers set, in order of precision; the rack from the usual
 * topology labels.
 */
import type { V1Node } from "@kubernetes/client-node";
import { parseCount, parseCpuMilli, parseMemoryMib } from "./kubernetes-quantities";
import { DriverError, type InventoryNode } from "./types";

/** Resource name the NVIDIA device plugin advertises. */
export const GPU_RESOURCE = "nvidia.com/gpu";

/** Labels that name the GPU model, most precise first. */
export const GPU_MODEL_LABELS = ["nvidia.com/gpu.product", "gpu.nvidia.com/class", "node.kubernetes.io/instance-type"] as const;

/** Labels that name the rack / switch group, most specific first. */
export const RACK_LABELS = ["verdant.io/rack", "network.topology.kubernetes.io/rack", "topology.kubernetes.io/rack", "topology.kubernetes.io/zone"] as const;
/** Labels that name the leaf switch group (a group of racks), most specific first (docs/topology.md). */
export const SWITCH_LABELS = ["verdant.io/switch", "network.topology.kubernetes.io/switch", "network.topology.kubernetes.io/spine"] as const;
/** Labels that name the pod (a group of switch groups), most specific first. */
export const POD_LABELS = ["verdant.io/pod", "network.topology.kubernetes.io/pod", "network.topology.kubernetes.io/block"] as const;

/** The first non-empty value among `keys`, or null. */
function firstLabel(labels: Record<string, string>, keys: readonly string[]): string | null {
  return keys.map((l) => labels[l]).find((v) => v !== undefined && v !== "") ?? null;
}

/** "NVIDIA-A100-SXM4-80GB" -> "A100-SXM4-80GB", "Tesla-T4" -> "T4": the catalog's model codes. */
export function normalizeGpuModel(label: string): string {
  return label
    .trim()
    .replace(/^(NVIDIA|Tesla)[-_ ]/i, "")
    .replace(/^(NVIDIA|Tesla)[-_ ]/i, "");
}

/** Maps one Node; capacity (not allocatable) is the inventory, as for the other inventories. */
export function inventoryNodeFromKubernetes(node: V1Node): InventoryNode {
  const name = node.metadata?.name;
  if (!name) throw new DriverError("API", "a node in the list has no metadata.name", { field: "metadata.name" });
  const capacity = node.status?.capacity ?? {};
  const field = (key: string) => `node ${name} status.capacity["${key}"]`;
  if (capacity.cpu === undefined) throw new DriverError("API", `${field("cpu")} is missing`, { node: name, field: "status.capacity.cpu" });
  if (capacity.memory === undefined) throw new DriverError("API", `${field("memory")} is missing`, { node: name, field: "status.capacity.memory" });
  const labels = { ...(node.metadata?.labels ?? {}) };
  const gpuCount = capacity[GPU_RESOURCE] === undefined ? 0 : parseCount(capacity[GPU_RESOURCE], field(GPU_RESOURCE));
  const modelLabel = GPU_MODEL_LABELS.map((l) => labels[l]).find((v) => v !== undefined && v !== "");
  const ready = node.status?.conditions?.find((c) => c.type === "Ready")?.status === "True";
  return {
    name,
    cpuMilli: parseCpuMilli(capacity.cpu, field("cpu")),
    memoryMib: parseMemoryMib(capacity.memory, field("memory")),
    gpuModel: gpuCount > 0 ? normalizeGpuModel(modelLabel ?? "unknown") : null,
    gpuCount,
    labels,
    rack: firstLabel(labels, RACK_LABELS) ?? "default",
    switchGroup: firstLabel(labels, SWITCH_LABELS),
    podGroup: firstLabel(labels, POD_LABELS),
    schedulable: ready && node.spec?.unschedulable !== true,
  };
}
