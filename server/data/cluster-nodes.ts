/**
 * Cluster nodes as Verdant stores them, built from inventory rows: racking, the openb node-list
 * mapping and the Node/Gpu insert rows. Shared by the demo seed and the admin node import, so both
 * build a node the same way. Pure: rows in, rows out.
 */
import type { OpenbNode } from "./openb-csv";

/** One node to store: capacity, GPU model and count, rack group and labels. */
export interface ClusterNode {
  name: string;
  cpuMilli: number;
  memoryMib: number;
  gpuModelId: string | null;
  gpuCount: number;
  rackGroup: string;
  /** Leaf switch group and pod (docs/topology.md); absent or null = unknown. */
  switchGroup?: string | null;
  podGroup?: string | null;
  labels: Record<string, string>;
}

/** Nodes per rack/switch group (a typical 16-node leaf switch). */
const NODES_PER_RACK = 16;

/**
 * Groups nodes into racks of NODES_PER_RACK in order; `existingNodes` already in the cluster fill the
 * first racks. A node that names its rack keeps it.
 */
export function withRacks(nodes: (Omit<ClusterNode, "rackGroup"> & { rackGroup?: string })[], existingNodes = 0): ClusterNode[] {
  const firstRack = Math.ceil(existingNodes / NODES_PER_RACK);
  return nodes.map((node, i) => ({ ...node, rackGroup: node.rackGroup ?? `rack-${String(firstRack + Math.floor(i / NODES_PER_RACK)).padStart(2, "0")}` }));
}

/**
 * Openb node-list rows as cluster nodes with the given source label, racked after the cluster's
 * `existingNodes` (the seed and the admin CSV import both build nodes this way).
 */
export function nodesFromOpenb(rows: OpenbNode[], source: string, existingNodes = 0): ClusterNode[] {
  return withRacks(
    rows.map((n) => ({
      name: n.name,
      cpuMilli: n.cpuMilli,
      memoryMib: n.memoryMib,
      gpuModelId: n.gpuModel,
      gpuCount: n.gpuCount,
      labels: { "verdant.io/source": source },
      // The import's optional topology columns; the trace has none (racks are then numbered).
      ...(n.rack ? { rackGroup: n.rack } : {}),
      ...(n.switchGroup ? { switchGroup: n.switchGroup } : {}),
      ...(n.podGroup ? { podGroup: n.podGroup } : {}),
    })),
    existingNodes,
  );
}

/** Node and GPU rows to insert for one cluster's nodes; ids are `${idPrefix}-${node name}` and `…-gpu${index}`. */
export function nodeInsertRows(clusterId: string, idPrefix: string, nodes: ClusterNode[]) {
  const nodeRows = nodes.map((node) => ({ id: `${idPrefix}-${node.name}`, clusterId, name: node.name, cpuMilli: node.cpuMilli, memoryMib: node.memoryMib, gpuModelId: node.gpuModelId, gpuCount: node.gpuCount, labels: node.labels, rackGroup: node.rackGroup, switchGroup: node.switchGroup ?? null, podGroup: node.podGroup ?? null }));
  const gpuRows = nodeRows.flatMap((node) => Array.from({ length: node.gpuCount }, (_, index) => ({ id: `${node.id}-gpu${index}`, nodeId: node.id, index })));
  return { nodeRows, gpuRows };
}
