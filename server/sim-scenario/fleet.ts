/**
 * Builds the simulated clusters: each cluster's node CSV parsed (openb format), filtered, dealt
 * (slice) and sampled (seeded), then turned into the engine's idle ClusterState. Openb has no
 * topology, so consecutive nodes share a synthetic rack like the placement benchmark does.
 */
import { createNode, type GpuModelSpec, type NodeState } from "../engine";
import type { SimCluster } from "../engine";
import { CsvInputError, parseOpenbNodes, type OpenbNode } from "../data/openb-csv";
import { ScenarioError } from "./errors";
import type { LoadedText } from "./files";
import { sampleIndices, sampleSize, STREAM, streamRng } from "./random";
import type { ScenarioCluster } from "./schema";

/** Parses a CSV with one of the openb parsers, turning its CsvInputError into a ScenarioError for `field`. */
export function parseCsvField<T>(field: string, loaded: LoadedText, parse: (text: string, file: string) => T): T {
  try {
    return parse(loaded.text, loaded.display);
  } catch (error) {
    if (error instanceof CsvInputError) throw new ScenarioError(field, error.message, error.file, error.line);
    throw error;
  }
}

function selectNodes(spec: ScenarioCluster, all: readonly OpenbNode[], field: string, seed: number, index: number): OpenbNode[] {
  const models = spec.filter?.gpuModels ? new Set(spec.filter.gpuModels) : null;
  let nodes = all.filter((n) => !(spec.filter?.gpuOnly && n.gpuCount === 0) && !(models && n.gpuModel !== null && !models.has(n.gpuModel)));
  if (spec.slice) {
    const { index: deal, of } = spec.slice;
    nodes = nodes.filter((_, i) => i % of === deal);
  }
  if (spec.sample) {
    const k = sampleSize(spec.sample, nodes.length);
    if (k > nodes.length) throw new ScenarioError(`${field}.sample.count`, `asks for ${k} nodes but only ${nodes.length} remain after the filter and slice`);
    nodes = sampleIndices(nodes.length, k, streamRng(seed, STREAM.nodes, index)).map((i) => nodes[i] as OpenbNode);
  }
  if (nodes.length === 0) throw new ScenarioError(field, "no node is left after the filter, slice and sample");
  return nodes;
}

/** One cluster of the fleet, checked against the GPU catalog. */
export function buildCluster(spec: ScenarioCluster, index: number, loaded: LoadedText, seed: number, gpuModels: readonly GpuModelSpec[]): SimCluster {
  const field = `clusters[${index}]`;
  const all = parseCsvField(`${field}.nodes`, loaded, parseOpenbNodes);
  const known = new Set(gpuModels.map((m) => m.id));
  const nodes = selectNodes(spec, all, field, seed, index);
  const state: NodeState[] = nodes.map((n, i) => {
    if (n.gpuModel !== null && !known.has(n.gpuModel)) {
      throw new ScenarioError(
        `${field}.nodes`,
        `${loaded.display}: node ${n.name} has GPU model "${n.gpuModel}", which is not in the GPU catalog (known: ${[...known].join(", ")}); add it under gpuModels`,
        loaded.display,
      );
    }
    return createNode({
      name: n.name,
      cpuMilli: n.cpuMilli,
      memoryMib: n.memoryMib,
      gpuCount: n.gpuCount,
      gpuModel: n.gpuModel,
      rack: `rack-${String(Math.floor(i / spec.nodesPerRack)).padStart(3, "0")}`,
    });
  });
  return { id: spec.name, name: spec.name, region: spec.region, zone: spec.zone, tier: spec.tier, pue: spec.pue, state: { nodes: state } };
}
