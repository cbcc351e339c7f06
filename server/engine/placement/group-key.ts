/**
 * Grouping of identical nodes. Two nodes share a group when every plugin of the policy must treat
 * them alike: same GPU model, capacities, free CPU and memory, multiset of per-GPU free shares,
 * labels, ready flag, plus topology position (rack, switch, pod) / hosted shares when the policy reads them.
 */
import type { NodeState } from "../model/node";
import type { NodeFact } from "./types";

/** The group key of a node under a policy that reads `facts`. */
export function nodeGroupKey(node: NodeState, facts: ReadonlySet<NodeFact>): string {
  const gpus = node.gpuMilliFree.length > 1 ? [...node.gpuMilliFree].sort((a, b) => a - b) : node.gpuMilliFree;
  const labels = Object.keys(node.labels)
    .sort()
    .map((k) => `${k}=${node.labels[k]}`)
    .join(",");
  let key = `${node.gpuModel ?? "-"}|${node.cpuMilliCapacity}/${node.cpuMilliFree}|${node.memoryMibCapacity}/${node.memoryMibFree}|${gpus.join(",")}|${node.ready ? 1 : 0}|${labels}`;
  // The "rack" fact is the node's whole topology position, so gangs confined to a switch or pod see those apart too.
  if (facts.has("rack")) key += `|r:${node.rack ?? "-"}/${node.switchGroup ?? "-"}/${node.podGroup ?? "-"}`;
  if (facts.has("hostedGpuShares")) key += `|h:${node.hostedGpuShares.join(",")}`;
  return key;
}
