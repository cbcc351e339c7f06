/**
 * Builds the demo fleet's nodes from real inventories: the openb node list (dealt round-robin into
 * the openb clusters, so each gets the trace's model mix) and the 2026 spot-GPU node list (the first
 * N nodes of each model). Pure: parsed rows in, node rows out.
 */
import type { OpenbNode } from "../data/openb-csv";
import { nodesFromOpenb, withRacks, type ClusterNode } from "../data/cluster-nodes";
import { CsvInputError } from "../data/openb-csv";
import { parse } from "csv-parse/sync";
import type { DemoCluster } from "./demo-catalog";

/** A demo node (see `ClusterNode`). */
export type DemoNode = ClusterNode;

export interface SpotNode {
  name: string;
  gpuModel: string;
  gpuCount: number;
  cpuCores: number;
}

/** Parses the spot-GPU node list (`gpu_model,gpu_capacity_num,cpu_num,node_name`). */
export function parseSpotNodes(text: string, file: string): SpotNode[] {
  const rows = parse(text, { columns: true, skip_empty_lines: true, bom: true }) as Record<string, string>[];
  return rows.map((row, i) => {
    const gpuCount = Number(row.gpu_capacity_num);
    const cpuCores = Number(row.cpu_num);
    if (!Number.isInteger(gpuCount) || gpuCount < 0)
      throw new CsvInputError(file, i + 2, "gpu_capacity_num", `"${row.gpu_capacity_num}" is not a whole number`);
    if (!Number.isInteger(cpuCores) || cpuCores <= 0) throw new CsvInputError(file, i + 2, "cpu_num", `"${row.cpu_num}" is not a positive whole number`);
    return { name: `spot-node-${row.node_name}`, gpuModel: row.gpu_model ?? "", gpuCount, cpuCores };
  });
}

/** The openb nodes dealt to the openb cluster with index `share` of `count`. */
export function openbNodesFor(all: OpenbNode[], share: number, count: number): DemoNode[] {
  return nodesFromOpenb(
    all.filter((_, i) => i % count === share),
    "openb",
  );
}

/**
 * The spot-GPU nodes a cluster takes: for each model, the first N not yet taken by an earlier
 * cluster. The trace has no memory column, so memory is estimated at 8 GiB per vCPU and labelled so.
 */
export function spotNodesFor(all: SpotNode[], take: Record<string, number>, taken: Set<string>): DemoNode[] {
  const picked: Omit<DemoNode, "rackGroup">[] = [];
  for (const [model, count] of Object.entries(take)) {
    const available = all.filter((n) => n.gpuModel === model && !taken.has(n.name)).slice(0, count);
    for (const n of available) {
      taken.add(n.name);
      picked.push({
        name: n.name,
        cpuMilli: n.cpuCores * 1000,
        memoryMib: n.cpuCores * 8 * 1024,
        gpuModelId: n.gpuModel,
        gpuCount: n.gpuCount,
        labels: { "verdant.io/source": "alibaba-spot-2026", "verdant.io/memory": "estimated" },
      });
    }
  }
  return withRacks(picked);
}

/** Nodes of every demo cluster, keyed by cluster name. */
export function buildDemoFleet(clusters: DemoCluster[], openb: OpenbNode[], spot: SpotNode[]): Map<string, DemoNode[]> {
  const openbCount = clusters.filter((c) => c.source.kind === "openb").length;
  const taken = new Set<string>();
  return new Map(
    clusters.map((c) => [c.name, c.source.kind === "openb" ? openbNodesFor(openb, c.source.share, openbCount) : spotNodesFor(spot, c.source.take, taken)]),
  );
}
