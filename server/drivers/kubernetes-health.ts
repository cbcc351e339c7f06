/**
 * A Kubernetes Node's health for the control loop: the Ready condition not True = NOT_READY (the node
 * is lost: its pods cannot be trusted to run), fewer `nvidia.com/gpu` allocatable than its capacity =
 * GPU_ERROR (the device plugin withdrew failed GPUs, e.g. after an Xid error), spec.unschedulable =
 * CORDONED (an operator drains it: running pods stay, no new ones). Lost beats broken GPUs beats cordoned.
 */
import type { V1Node } from "@kubernetes/client-node";
import { GPU_RESOURCE } from "./kubernetes-inventory";
import { parseCount } from "./kubernetes-quantities";
import { DriverError, type NodeHealth } from "./types";

/** The node's health with the reason the cluster gives. */
export function nodeHealthFromKubernetes(node: V1Node): NodeHealth {
  const name = node.metadata?.name;
  if (!name) throw new DriverError("API", "a node in the list has no metadata.name", { field: "metadata.name" });
  const ready = node.status?.conditions?.find((c) => c.type === "Ready");
  if (ready?.status !== "True") {
    const why = ready
      ? `Ready is ${ready.status}${ready.reason ? ` (${ready.reason})` : ""}${ready.message ? `: ${ready.message}` : ""}`
      : "no Ready condition reported";
    return { node: name, status: "NOT_READY", reason: why };
  }
  const capacity = node.status?.capacity?.[GPU_RESOURCE];
  // No allocatable map at all says nothing about the GPUs; one without the GPU resource says none is usable.
  const allocatable = node.status?.allocatable?.[GPU_RESOURCE];
  if (capacity !== undefined && node.status?.allocatable) {
    const total = parseCount(capacity, `node ${name} status.capacity["${GPU_RESOURCE}"]`);
    const usable = allocatable === undefined ? 0 : parseCount(allocatable, `node ${name} status.allocatable["${GPU_RESOURCE}"]`);
    if (usable < total)
      return { node: name, status: "GPU_ERROR", reason: `${usable} of ${total} GPUs allocatable (${total - usable} withdrawn by the device plugin)` };
  }
  if (node.spec?.unschedulable === true) return { node: name, status: "CORDONED", reason: "cordoned (spec.unschedulable)" };
  return { node: name, status: "READY", reason: null };
}
